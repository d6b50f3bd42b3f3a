import DDM
import Foundation
import GRDB
import Hummingbird

/// The OAuth 2 provider of a stock 7.4 (reference §4.2): `/o/oauth2/authorize` (a sign-in page,
/// then a consent page, then a redirect with the code), `/o/oauth2/token` (authorization code
/// with PKCE S256, refresh token, client credentials) and the built-in `/o/oauth2/redirect`
/// page that shows the code. Access tokens are then accepted as `Authorization: Bearer` on the
/// headless and JSON-WS endpoints.
struct OAuth2Provider: Sendable {
    /// Signs users in (the JSON web services' Basic check) and holds the database.
    let invoker: Invoker
    /// How long access tokens live (``EmulatorOptions/oauth2AccessTokenLifetime``).
    var accessLifetimeMs: Int64 = OAuth2Tokens.accessLifetimeMs

    var database: PortalDatabase { invoker.database }

    /// Consent tickets and codes live 10 minutes.
    static let grantLifetimeMs: Int64 = 600_000

    func handle(_ request: Request, segments: [String], body: [UInt8], version: PortalVersion) async -> Reply {
        let form = Self.form(query: request.uri.query, body: body, contentType: request.headers[.contentType])
        switch (request.method, segments) {
        case (.get, ["authorize"]):
            return await authorize(form, authorization: request.headers[.authorization], version: version)
        case (.post, ["authorize"]):
            if let ticket = form["ticket"] { return await decide(ticket: ticket, decision: form["decision"] ?? "", version: version) }
            return await signIn(form, version: version)
        case (.get, ["redirect"]):
            return Self.html(OAuth2Pages.code(form["code"], error: form["error"]), status: form["code"] == nil ? 400 : 200, version: version)
        case (.post, ["token"]):
            return await token(form, authorization: request.headers[.authorization], version: version)
        case (_, ["authorize"]), (_, ["token"]), (_, ["redirect"]):
            return Self.html(OAuth2Pages.error("Method not allowed"), status: 405, version: version)
        default:
            return .json(HeadlessProblem.notFound("Not found: /o/oauth2/\(segments.joined(separator: "/"))").json, status: 404, version: version)
        }
    }

    // MARK: Authorization endpoint

    /// The parameters of an authorization request, checked. Problems with the client or its
    /// redirect URI are shown as a page (never redirected); the rest go back to the client.
    struct AuthorizationRequest: Sendable {
        let application: OAuth2ApplicationRow
        let redirectURI: String
        let state: String
        let codeChallenge: String
        let scope: String

        /// The fields the sign-in form posts back.
        var formFields: [(String, String)] {
            [("response_type", "code"), ("client_id", application.clientId), ("redirect_uri", redirectURI), ("state", state),
             ("code_challenge", codeChallenge), ("code_challenge_method", "S256"), ("scope", scope)]
        }
    }

    enum AuthorizationFailure: Error {
        /// Shown to the user: the client or redirect URI cannot be trusted.
        case page(String)
        /// Sent back to the client's redirect URI as `error=…`.
        case redirect(String, String, state: String, description: String)
    }

    private func check(_ form: [String: String]) async throws(AuthorizationFailure) -> AuthorizationRequest {
        guard let clientId = form["client_id"] else { throw .page("The request has no client_id") }
        let application: OAuth2ApplicationRow?
        do {
            application = try await database.pool.read { db in try OAuth2ApplicationRow.fetch(db, clientId: clientId) }
        } catch {
            throw .page("The provider could not read its applications")
        }
        guard let application else { throw .page("No OAuth 2 application has the client ID \(clientId)") }
        guard let redirectURI = form["redirect_uri"], application.accepts(redirectURI: redirectURI) else {
            throw .page("The redirect URI \(form["redirect_uri"] ?? "(none)") is not registered for \(application.name)")
        }
        let state = form["state"] ?? ""
        guard form["response_type"] == "code" else {
            throw .redirect(redirectURI, "unsupported_response_type", state: state, description: "response_type must be code")
        }
        guard application.allows("authorization_code_pkce") || application.allows("authorization_code") else {
            throw .redirect(redirectURI, "unauthorized_client", state: state, description: "This application may not use the authorization code grant")
        }
        let challenge = form["code_challenge"] ?? ""
        guard !challenge.isEmpty || !application.allows("authorization_code_pkce") || application.allows("authorization_code") else {
            throw .redirect(redirectURI, "invalid_request", state: state, description: "A code_challenge is required (PKCE)")
        }
        guard challenge.isEmpty || (form["code_challenge_method"] ?? "plain") == "S256" else {
            throw .redirect(redirectURI, "invalid_request", state: state, description: "code_challenge_method must be S256")
        }
        let scope = form["scope"].flatMap { $0.isEmpty ? nil : $0 } ?? application.scopes
        return AuthorizationRequest(application: application, redirectURI: redirectURI, state: state, codeChallenge: challenge, scope: scope)
    }

    private func authorize(_ form: [String: String], authorization: String?, version: PortalVersion) async -> Reply {
        do {
            let checked = try await check(form)
            return Self.html(OAuth2Pages.signIn(checked.formFields, applicationName: checked.application.name, message: nil), status: 200, version: version)
        } catch {
            return failure(error, version: version)
        }
    }

    private func signIn(_ form: [String: String], version: PortalVersion) async -> Reply {
        let checked: AuthorizationRequest
        do {
            checked = try await check(form)
        } catch {
            return failure(error, version: version)
        }
        let login = form["login"] ?? ""
        let password = form["password"] ?? ""
        let basic = "Basic " + Data("\(login):\(password)".utf8).base64EncodedString()
        guard !login.isEmpty, let user = try? await invoker.authenticate(basic) else {
            return Self.html(OAuth2Pages.signIn(checked.formFields, applicationName: checked.application.name,
                                                message: "Authentication failed. Please try again."), status: 200, version: version)
        }
        let ticket = OAuth2Tokens.random()
        do {
            try await database.pool.write { db in
                try db.execute(sql: """
                    INSERT INTO oauth2Consent (ticket, clientId, userId, redirectURI, codeChallenge, codeChallengeMethod, scope, state, expiresAt)
                    VALUES (?, ?, ?, ?, ?, 'S256', ?, ?, ?)
                    """, arguments: [ticket, checked.application.clientId, user.userId, checked.redirectURI, checked.codeChallenge,
                                     checked.scope, checked.state, EpochClock.nowMs() + Self.grantLifetimeMs])
            }
        } catch {
            return Self.html(OAuth2Pages.error("The provider could not store the request"), status: 500, version: version)
        }
        return Self.html(OAuth2Pages.consent(ticket: ticket, applicationName: checked.application.name, userName: user.fullName,
                                             scopes: checked.scope.split(separator: " ").map(String.init)), status: 200, version: version)
    }

    private func decide(ticket: String, decision: String, version: PortalVersion) async -> Reply {
        let code = OAuth2Tokens.random()
        let now = EpochClock.nowMs()
        let consent: (redirectURI: String, state: String)?
        do {
            consent = try await database.pool.write { db -> (redirectURI: String, state: String)? in
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM oauth2Consent WHERE ticket = ? AND expiresAt > ?", arguments: [ticket, now])
                else { return nil }
                try db.execute(sql: "DELETE FROM oauth2Consent WHERE ticket = ?", arguments: [ticket])
                if decision == "allow" {
                    try db.execute(sql: """
                        INSERT INTO oauth2Code (code, clientId, userId, redirectURI, codeChallenge, codeChallengeMethod, scope, expiresAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [code, row["clientId"] as String, row["userId"] as Int64, row["redirectURI"] as String,
                                         row["codeChallenge"] as String, row["codeChallengeMethod"] as String, row["scope"] as String,
                                         now + Self.grantLifetimeMs])
                }
                return (row["redirectURI"], row["state"])
            }
        } catch {
            return Self.html(OAuth2Pages.error("The provider could not store the decision"), status: 500, version: version)
        }
        guard let consent else {
            return Self.html(OAuth2Pages.error("This authorization request has expired or was already answered"), status: 400, version: version)
        }
        let redirectURI = consent.redirectURI
        let state = consent.state
        if decision == "allow" { return Self.redirect(redirectURI, ["code": code, "state": state], version: version) }
        return Self.redirect(redirectURI, ["error": "access_denied", "error_description": "The user denied the request", "state": state], version: version)
    }

    private func failure(_ error: AuthorizationFailure, version: PortalVersion) -> Reply {
        switch error {
        case .page(let message):
            return Self.html(OAuth2Pages.error(message), status: 400, version: version)
        case .redirect(let uri, let code, let state, let description):
            return Self.redirect(uri, ["error": code, "error_description": description, "state": state], version: version)
        }
    }

    // MARK: Token endpoint

    private func token(_ form: [String: String], authorization: String?, version: PortalVersion) async -> Reply {
        // Client authentication: HTTP Basic (client_id:client_secret) or the form's fields.
        var clientId = form["client_id"]
        var secret = form["client_secret"]
        if let authorization, let credentials = BasicCredentials(header: authorization) {
            clientId = credentials.login.removingPercentEncoding ?? credentials.login
            secret = credentials.password.removingPercentEncoding ?? credentials.password
        }
        guard let clientId, !clientId.isEmpty else { return Self.tokenError("invalid_client", "No client_id was sent", status: 401, version: version) }
        let givenSecret = secret
        let grant = form["grant_type"] ?? ""
        let now = EpochClock.nowMs()
        do {
            // A code is used up by its first exchange, even a failed one (its own transaction).
            let code = grant == "authorization_code" ? try await consume(code: form["code"]) : nil
            let answer = try await database.pool.write { db throws -> [String: String] in
                guard let application = try OAuth2ApplicationRow.fetch(db, clientId: clientId) else {
                    throw TokenFailure(error: "invalid_client", description: "No application has the client ID \(clientId)", status: 401)
                }
                if let expected = application.clientSecret {
                    // A confidential client must prove itself; a public one (PKCE) has no secret.
                    guard givenSecret == expected else {
                        throw TokenFailure(error: "invalid_client", description: "The client secret is wrong or missing", status: 401)
                    }
                }
                let withRefresh = application.allows("refresh_token")
                switch grant {
                case "authorization_code":
                    guard application.allows("authorization_code_pkce") || application.allows("authorization_code") else {
                        throw TokenFailure(error: "unauthorized_client", description: "This application may not use the authorization code grant")
                    }
                    guard let code else { throw TokenFailure(error: "invalid_grant", description: "The authorization code is not valid") }
                    guard !code.wasUsed, code.expiresAt > now, code.clientId == clientId else {
                        throw TokenFailure(error: "invalid_grant", description: "The authorization code has expired, was used, or belongs to another client")
                    }
                    guard form["redirect_uri"] == code.redirectURI else {
                        throw TokenFailure(error: "invalid_grant", description: "redirect_uri does not match the authorization request")
                    }
                    if !code.codeChallenge.isEmpty || application.clientSecret == nil {
                        guard let verifier = form["code_verifier"], Self.isValidVerifier(verifier),
                              OAuth2Tokens.base64URL(SHA256.digest(Array(verifier.utf8))) == code.codeChallenge else {
                            throw TokenFailure(error: "invalid_grant", description: "The code_verifier does not match the code_challenge")
                        }
                    }
                    return try OAuth2Tokens.issue(db, clientId: clientId, userId: code.userId, scope: code.scope, withRefresh: withRefresh, now: now,
                                                  accessLifetimeMs: accessLifetimeMs)
                case "refresh_token":
                    guard withRefresh else { throw TokenFailure(error: "unauthorized_client", description: "This application may not refresh tokens") }
                    guard let refresh = form["refresh_token"],
                          let row = try Row.fetchOne(db, sql: "SELECT * FROM oauth2Token WHERE refreshToken = ?", arguments: [refresh]),
                          row["revoked"] as Int == 0, row["refreshExpiresAt"] as Int64 > now, row["clientId"] as String == clientId else {
                        throw TokenFailure(error: "invalid_grant", description: "The refresh token is not valid")
                    }
                    // The refresh token is used up: a new pair replaces the old one.
                    try db.execute(sql: "UPDATE oauth2Token SET revoked = 1 WHERE refreshToken = ?", arguments: [refresh])
                    return try OAuth2Tokens.issue(db, clientId: clientId, userId: row["userId"], scope: row["scope"], withRefresh: true, now: now,
                                                  accessLifetimeMs: accessLifetimeMs)
                case "client_credentials":
                    guard application.allows("client_credentials"), application.clientSecret != nil, application.clientCredentialsUserId != 0 else {
                        throw TokenFailure(error: "unauthorized_client", description: "This application may not use the client credentials grant")
                    }
                    return try OAuth2Tokens.issue(db, clientId: clientId, userId: application.clientCredentialsUserId, scope: application.scopes,
                                                  withRefresh: false, now: now, accessLifetimeMs: accessLifetimeMs)
                default:
                    throw TokenFailure(error: "unsupported_grant_type", description: "Unsupported grant_type \(grant)")
                }
            }
            var json: [String: JSONValue] = answer.mapValues { .string($0) }
            json["token_type"] = "Bearer"
            json["expires_in"] = .int(accessLifetimeMs / 1000)
            return .json(.object(json), version: version, extra: [("Cache-Control", "no-store"), ("Pragma", "no-cache")])
        } catch let failure as TokenFailure {
            return Self.tokenError(failure.error, failure.description, status: failure.status, version: version)
        } catch {
            return Self.tokenError("server_error", "The provider failed", status: 500, version: version)
        }
    }

    /// An authorization code as it was before its exchange marked it used.
    struct CodeGrant: Sendable {
        let clientId: String
        let userId: Int64
        let redirectURI: String
        let codeChallenge: String
        let scope: String
        let expiresAt: Int64
        let wasUsed: Bool
    }

    /// Marks `code` used and returns it as it was (nil when there is no such code).
    private func consume(code: String?) async throws -> CodeGrant? {
        guard let code else { return nil }
        return try await database.pool.write { db -> CodeGrant? in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM oauth2Code WHERE code = ?", arguments: [code]) else { return nil }
            try db.execute(sql: "UPDATE oauth2Code SET used = 1 WHERE code = ?", arguments: [code])
            return CodeGrant(clientId: row["clientId"], userId: row["userId"], redirectURI: row["redirectURI"], codeChallenge: row["codeChallenge"],
                             scope: row["scope"], expiresAt: row["expiresAt"], wasUsed: row["used"] as Int != 0)
        }
    }

    struct TokenFailure: Error {
        let error: String
        let description: String
        var status = 400
    }

    /// RFC 7636: 43 to 128 characters of `[A-Za-z0-9-._~]`.
    static func isValidVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.count) && verifier.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-._~".unicodeScalars.contains($0)
        }
    }

    static func tokenError(_ error: String, _ description: String, status: Int, version: PortalVersion) -> Reply {
        var extra = [("Cache-Control", "no-store")]
        if status == 401 { extra.append(("WWW-Authenticate", "Basic realm=\"OAuth2\"")) }
        return .json(["error": .string(error), "error_description": .string(description)], status: status, version: version, extra: extra)
    }

    // MARK: HTTP helpers

    /// The form fields that carry secrets.
    static let secretFields: Set<String> = ["password", "client_secret", "code", "code_verifier", "refresh_token", "ticket"]

    /// A URL-encoded body with the values of ``secretFields`` replaced by `***` (for the journal).
    static func redacted(_ body: [UInt8]) -> [UInt8] {
        let text = String(decoding: body, as: UTF8.self)
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return secretFields.contains(name.removingPercentEncoding ?? name) ? "\(name)=***" : String(pair)
        }
        return Array(pairs.joined(separator: "&").utf8)
    }

    /// Query parameters merged with a URL-encoded body (the body wins).
    static func form(query: String?, body: [UInt8], contentType: String?) -> [String: String] {
        var fields: [String: String] = [:]
        for (key, value) in RequestBodyParser.urlEncoded(query ?? "") { fields[key] = value }
        if (contentType ?? "").lowercased().hasPrefix("application/x-www-form-urlencoded") {
            for (key, value) in RequestBodyParser.urlEncoded(String(decoding: body, as: UTF8.self)) { fields[key] = value }
        }
        return fields
    }

    static func html(_ text: String, status: Int, version: PortalVersion) -> Reply {
        Reply(status: status, headers: HTTPResponses.headers(version, contentType: "text/html;charset=UTF-8", extra: [("Cache-Control", "no-store")]),
              body: Array(text.utf8))
    }

    /// A 302 to `uri` with `parameters` added to its query.
    static func redirect(_ uri: String, _ parameters: [String: String], version: PortalVersion) -> Reply {
        var components = URLComponents(string: uri) ?? URLComponents()
        var items = components.queryItems ?? []
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) where !value.isEmpty { items.append(URLQueryItem(name: key, value: value)) }
        components.queryItems = items
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        let location = components.string ?? uri
        return Reply(status: 302, headers: HTTPResponses.headers(version, extra: [("Location", location), ("Cache-Control", "no-store")]), body: [])
    }
}
