import DDM
import Foundation
import Testing
@testable import PortalEmulator

/// Drives the stock 7.4's OAuth 2 provider with plain HTTP, as a browser and a client would.
struct OAuth2Driver {
    let portal: Portal
    static let redirectURI = "http://127.0.0.1:45678/callback"
    static let verifier = "termlets-test-verifier-0123456789-abcdefghijklmnopqrstuvwxyz"

    static var challenge: String { OAuth2Tokens.base64URL(SHA256.digest(Array(verifier.utf8))) }

    static func encode(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&")
    }

    var authorizationFields: [(String, String)] {
        [("response_type", "code"), ("client_id", "termlets-demo"), ("redirect_uri", Self.redirectURI),
         ("code_challenge", Self.challenge), ("code_challenge_method", "S256"), ("state", "xyz")]
    }

    func postForm(_ path: String, _ fields: [(String, String)], authorization: String? = nil) async throws -> RESTAnswer {
        try await portal.send("POST", path, body: Array(Self.encode(fields).utf8), contentType: "application/x-www-form-urlencoded",
                              authorization: authorization)
    }

    /// Signs in and answers the consent page; returns the redirect's `Location`.
    func authorize(login: String = "test@liferay.com", password: String = "test", decision: String = "allow") async throws -> String {
        let page = try await portal.rest("GET", "/o/oauth2/authorize?" + Self.encode(authorizationFields), authorization: nil)
        #expect(page.status == 200)
        #expect(page.raw.text.contains("name=\"password\""))
        let consent = try await postForm("/o/oauth2/authorize", authorizationFields + [("login", login), ("password", password)])
        let match = try #require(consent.raw.text.firstMatch(of: /name="ticket" value="([^"]+)"/), "consent page: \(consent.raw.text)")
        let decided = try await postForm("/o/oauth2/authorize", [("ticket", String(match.1)), ("decision", decision)])
        #expect(decided.status == 302)
        return try #require(decided.raw.header("Location"))
    }

    static func queryItem(_ name: String, in location: String) -> String? {
        URLComponents(string: location)?.queryItems?.first { $0.name == name }?.value
    }

    func exchange(code: String, verifier: String = OAuth2Driver.verifier) async throws -> RESTAnswer {
        try await postForm("/o/oauth2/token", [("grant_type", "authorization_code"), ("client_id", "termlets-demo"), ("code", code),
                                               ("redirect_uri", Self.redirectURI), ("code_verifier", verifier)])
    }
}

extension PortalEmulatorSuites {
    @Suite("Stock 7.4: OAuth 2")
    struct OAuth2Tests {
        @Test("SHA-256 matches the standard's vectors (PKCE S256 rests on it)")
        func sha256() {
            func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
            #expect(hex(SHA256.digest(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            #expect(hex(SHA256.digest(Array(repeating: UInt8(ascii: "a"), count: 1000))) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
            #expect(OAuth2Tokens.base64URL(SHA256.digest(Array("dBjftJeZ4CVP-mJ92XhGVc_aNJkmLJoxB5Ii5rh2dV0".utf8)))
                    == "z1BX1moKuhvsnwy9YKnxjYBEueu8KWny8ccmoOxt9FI")
        }

        @Test("PKCE happy path: sign-in page, consent, loopback redirect on any port, token; the bearer works on REST and JSON-WS")
        func pkce() async throws {
            try await withStock74Portal { portal in
                let driver = OAuth2Driver(portal: portal)
                let location = try await driver.authorize()
                #expect(location.hasPrefix(OAuth2Driver.redirectURI + "?"))
                #expect(OAuth2Driver.queryItem("state", in: location) == "xyz")
                let code = try #require(OAuth2Driver.queryItem("code", in: location))
                let token = try await driver.exchange(code: code)
                #expect(token.status == 200, "\(token.raw.text)")
                #expect(token.json["token_type"] == "Bearer")
                #expect(token.json["expires_in"] == 600)
                #expect(token.raw.header("Cache-Control") == "no-store")
                let access = try #require(token.json["access_token"]?.stringValue)
                #expect(token.json["refresh_token"]?.stringValue?.isEmpty == false)

                let rest = try await portal.rest("GET", "\(ticketsPath)?pageSize=1", authorization: "Bearer \(access)")
                #expect(rest.status == 200)
                #expect(rest.json["totalCount"] == 10_000)
                let jsonws = try await portal.send("POST", "/api/jsonws/invoke", body: Array(#"[{"/user/get-current-user":{}}]"#.utf8),
                                                   contentType: "application/json", authorization: "Bearer \(access)")
                #expect(jsonws.status == 200)
                #expect(jsonws.json[0]?["emailAddress"] == "test@liferay.com")

                let reused = try await driver.exchange(code: code)
                #expect(reused.status == 400)
                #expect(reused.json["error"] == "invalid_grant")
            }
        }

        @Test("a wrong code_verifier is refused (invalid_grant) and burns the code")
        func wrongVerifier() async throws {
            try await withStock74Portal { portal in
                let driver = OAuth2Driver(portal: portal)
                let code = try #require(OAuth2Driver.queryItem("code", in: try await driver.authorize()))
                let wrong = try await driver.exchange(code: code, verifier: String(OAuth2Driver.verifier.reversed()))
                #expect(wrong.status == 400)
                #expect(wrong.json["error"] == "invalid_grant")
                #expect(wrong.json["access_token"] == nil)
                let afterwards = try await driver.exchange(code: code)
                #expect(afterwards.status == 400)
            }
        }

        @Test("refresh: a new pair; the old refresh and access tokens stop working")
        func refresh() async throws {
            try await withStock74Portal { portal in
                let driver = OAuth2Driver(portal: portal)
                let code = try #require(OAuth2Driver.queryItem("code", in: try await driver.authorize()))
                let first = try await driver.exchange(code: code)
                let refreshToken = try #require(first.json["refresh_token"]?.stringValue)
                let oldAccess = try #require(first.json["access_token"]?.stringValue)
                let refreshed = try await driver.postForm("/o/oauth2/token", [("grant_type", "refresh_token"), ("client_id", "termlets-demo"),
                                                                              ("refresh_token", refreshToken)])
                #expect(refreshed.status == 200, "\(refreshed.raw.text)")
                let newAccess = try #require(refreshed.json["access_token"]?.stringValue)
                #expect(newAccess != oldAccess)
                #expect(refreshed.json["refresh_token"]?.stringValue != refreshToken)
                #expect(try await portal.rest("GET", "/o/c/customers", authorization: "Bearer \(newAccess)").status == 200)
                #expect(try await portal.rest("GET", "/o/c/customers", authorization: "Bearer \(oldAccess)").status == 401)
                let again = try await driver.postForm("/o/oauth2/token", [("grant_type", "refresh_token"), ("client_id", "termlets-demo"),
                                                                          ("refresh_token", refreshToken)])
                #expect(again.json["error"] == "invalid_grant")
            }
        }

        @Test("client credentials for scripts; a wrong secret or a native client is refused")
        func clientCredentials() async throws {
            try await withStock74Portal { portal in
                let driver = OAuth2Driver(portal: portal)
                let basic = DemoUser.basic(DemoObjectIDs.scriptsClientId, DemoObjectIDs.scriptsClientSecret)
                let token = try await driver.postForm("/o/oauth2/token", [("grant_type", "client_credentials")], authorization: basic)
                #expect(token.status == 200, "\(token.raw.text)")
                #expect(token.json["refresh_token"] == nil)
                let access = try #require(token.json["access_token"]?.stringValue)
                let customers = try await portal.rest("GET", "/o/c/customers", authorization: "Bearer \(access)")
                #expect(customers.json["totalCount"] == .int(Int64(DemoObjectIDs.customerCount)))
                let inForm = try await driver.postForm("/o/oauth2/token", [("grant_type", "client_credentials"),
                                                                           ("client_id", DemoObjectIDs.scriptsClientId), ("client_secret", "wrong")])
                #expect(inForm.status == 401)
                #expect(inForm.json["error"] == "invalid_client")
                let native = try await driver.postForm("/o/oauth2/token", [("grant_type", "client_credentials"), ("client_id", "termlets-demo")])
                #expect(native.status == 400)
                #expect(native.json["error"] == "unauthorized_client")
            }
        }

        @Test("a bad bearer token is a 401 headless problem (and a 401 on JSON-WS)")
        func badToken() async throws {
            try await withStock74Portal { portal in
                let rest = try await portal.rest("GET", ticketsPath, authorization: "Bearer not-a-token")
                #expect(rest.status == 401)
                #expect(rest.json["status"] == "UNAUTHORIZED")
                #expect(rest.json["title"]?.stringValue?.isEmpty == false)
                #expect(rest.raw.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
                let jsonws = try await portal.send("POST", "/api/jsonws/invoke", body: Array(#"[{"/user/get-current-user":{}}]"#.utf8),
                                                   contentType: "application/json", authorization: "Bearer not-a-token")
                #expect(jsonws.status == 401)
            }
        }

        @Test("sign-in failure, denial, an unregistered redirect URI, and the copy-the-code page")
        func edges() async throws {
            try await withStock74Portal { portal in
                let driver = OAuth2Driver(portal: portal)
                let failed = try await driver.postForm("/o/oauth2/authorize", driver.authorizationFields + [("login", "test@liferay.com"), ("password", "nope")])
                #expect(failed.status == 200)
                #expect(failed.raw.text.contains("Authentication failed"))
                #expect(!failed.raw.text.contains("name=\"ticket\""))

                let denied = try await driver.authorize(decision: "deny")
                #expect(OAuth2Driver.queryItem("error", in: denied) == "access_denied")
                #expect(OAuth2Driver.queryItem("code", in: denied) == nil)

                let evil = driver.authorizationFields.map { $0.0 == "redirect_uri" ? ($0.0, "http://evil.example/cb") : $0 }
                let refused = try await portal.rest("GET", "/o/oauth2/authorize?" + OAuth2Driver.encode(evil), authorization: nil)
                #expect(refused.status == 400)
                #expect(refused.raw.header("Location") == nil)

                let otherPort = driver.authorizationFields.map { $0.0 == "redirect_uri" ? ($0.0, "http://localhost:9/callback") : $0 }
                #expect(try await portal.rest("GET", "/o/oauth2/authorize?" + OAuth2Driver.encode(otherPort), authorization: nil).status == 200)

                let copy = try await portal.rest("GET", "/o/oauth2/redirect?code=abc123&state=xyz", authorization: nil)
                #expect(copy.status == 200)
                #expect(copy.raw.text.contains("<pre id=\"code\">abc123</pre>"))
            }
        }
    }
}

extension PortalEmulatorSuites.OAuth2Tests {
    @Test("passwords, codes, verifiers and tokens sent to the provider never reach the request journal")
    func journalRedaction() async throws {
        try await withStock74Portal { portal in
            let driver = OAuth2Driver(portal: portal)
            let location = try await driver.authorize()
            let code = try #require(OAuth2Driver.queryItem("code", in: location))
            let token = try await driver.exchange(code: code)
            let refresh = try #require(token.json["refresh_token"]?.stringValue)
            _ = try await driver.postForm("/o/oauth2/token", [("grant_type", "refresh_token"), ("client_id", "termlets-demo"), ("refresh_token", refresh)])
            _ = try await portal.rest("GET", "/o/oauth2/redirect?code=\(code)", authorization: nil)
            let journal = try await portal.rest("GET", "/_emulator/requests", authorization: nil).raw.text
            #expect(journal.contains("/o/oauth2/token"))
            #expect(journal.contains("password=***"))
            for secret in [code, OAuth2Driver.verifier, refresh, "password=test"] {
                #expect(!journal.contains(secret), "the journal shows \(secret)")
            }
        }
    }
}
