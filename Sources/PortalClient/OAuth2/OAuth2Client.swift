import DDM
import Foundation
import Logging
import NIOHTTP1

/// The client side of a portal's OAuth 2 provider (reference §4.2): the authorization URL of the
/// code flow with PKCE, and the token endpoint's grants (authorization code, refresh token,
/// client credentials). Tokens and secrets never appear in its errors or logs.
public final class OAuth2Client: Sendable {
    public let serverURL: URL
    public let clientId: String
    private let transport: HTTPTransport
    private let allowInsecure: Bool

    /// A client of `serverURL`'s provider as `clientId`. Throws an `input` ``PortalError`` for a
    /// server URL that would carry secrets over plain `http://` to another host without `allowInsecure`.
    public init(serverURL: URL, clientId: String, options: PortalSession.Options = PortalSession.Options(),
                logger: Logger = Logger(label: "termlets.oauth2")) throws {
        let validated = try TransportSecurity.validate(serverURL: serverURL, sendsCredentials: true, allowInsecure: options.allowInsecure)
        self.serverURL = validated
        self.clientId = clientId
        self.allowInsecure = options.allowInsecure
        let tls = validated.scheme?.lowercased() == "https"
            ? try TLSTrust.configuration(allowInsecure: options.allowInsecure, environment: ProcessInfo.processInfo.environment)
            : nil
        self.transport = HTTPTransport(options: options, logger: logger, secrets: [], tls: tls)
    }

    public func shutdown() async throws { try await transport.shutdown() }

    /// The portal's own copy-the-code page, the redirect URI of a terminal with no browser.
    public var portalRedirectURI: String { endpoint("redirect") }

    /// `GET /o/oauth2/authorize?response_type=code&client_id=…&redirect_uri=…&code_challenge=…&code_challenge_method=S256&state=…`.
    public func authorizationURL(redirectURI: String, pkce: PKCE, state: String, scope: String? = nil) -> String {
        var fields = [("response_type", "code"), ("client_id", clientId), ("redirect_uri", redirectURI),
                      ("code_challenge", pkce.challenge), ("code_challenge_method", "S256"), ("state", state)]
        if let scope { fields.append(("scope", scope)) }
        return endpoint("authorize") + "?" + Self.formEncoded(fields)
    }

    /// Exchanges an authorization code (with the PKCE verifier and the same redirect URI).
    public func exchange(code: String, redirectURI: String, pkce: PKCE) async throws -> OAuth2TokenSet {
        try await token([("grant_type", "authorization_code"), ("client_id", clientId), ("code", code),
                         ("redirect_uri", redirectURI), ("code_verifier", pkce.verifier)],
                        secrets: [code, pkce.verifier])
    }

    /// A new token pair from a refresh token (the old pair stops working on a rotating portal).
    public func refresh(_ refreshToken: String) async throws -> OAuth2TokenSet {
        try await token([("grant_type", "refresh_token"), ("client_id", clientId), ("refresh_token", refreshToken)], secrets: [refreshToken])
    }

    /// A token for the application itself (client credentials), authenticated with `secret`.
    public func clientCredentials(secret: String) async throws -> OAuth2TokenSet {
        try await token([("grant_type", "client_credentials"), ("client_id", clientId), ("client_secret", secret)], secrets: [secret])
    }

    // MARK: Plumbing

    private func endpoint(_ name: String) -> String {
        var base = serverURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/o/oauth2/" + name
    }

    private func token(_ fields: [(String, String)], secrets: [String]) async throws -> OAuth2TokenSet {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "application/json")
        headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        headers.add(name: "User-Agent", value: "Termlets")
        let answer: HTTPAnswer
        do {
            answer = try await transport.send(method: .POST, url: endpoint("token"), headers: headers, body: Array(Self.formEncoded(fields).utf8))
        } catch let error as PortalError {
            throw error.redacting(secrets)
        }
        let json = try? JSONValue.parse(bytes: answer.body)
        guard (200..<300).contains(answer.status) else {
            if let code = json?["error"]?.stringValue {
                let detail = json?["error_description"]?.stringValue.map { ": " + $0 } ?? ""
                let text = Sanitizer.redact(secrets, in: Sanitizer.clean(code + detail, limit: 300))
                throw PortalError(kind: .authentication, message: "the portal refused the sign-in (\(text))", httpStatus: answer.status)
            }
            throw ResponseParser.statusError(answer.status)
        }
        guard let json, let access = json["access_token"]?.stringValue, !access.isEmpty else {
            throw PortalError(kind: .server, message: "the portal's token answer has no access_token", httpStatus: answer.status)
        }
        let refresh = json["refresh_token"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        guard OAuth2TokenSet.isWellFormed(access), refresh.map(OAuth2TokenSet.isWellFormed) ?? true else {
            throw PortalError(kind: .server, message: "the portal's token answer holds a malformed token", httpStatus: answer.status)
        }
        if let type = json["token_type"]?.stringValue, type.lowercased() != "bearer" {
            throw PortalError(kind: .server, message: "the portal's token is of type \(Sanitizer.clean(type, limit: 40)), not Bearer")
        }
        let expiresAt = json["expires_in"]?.int64Value.flatMap { (0...(10 * 365 * 86_400)).contains($0) ? OAuth2TokenSet.nowMs() + $0 * 1000 : nil }
        return OAuth2TokenSet(accessToken: access, refreshToken: refresh,
                              expiresAt: expiresAt, scope: json["scope"]?.stringValue)
    }

    /// `application/x-www-form-urlencoded` with RFC 3986 unreserved characters left as they are.
    static func formEncoded(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
    }
}
