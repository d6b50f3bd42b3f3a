import DDM
import Foundation
import NIOConcurrencyHelpers
import PortalEmulator
import TermletsTestSupport
import Testing

@testable import PortalClient

/// The OAuth 2 client (issue 14): PKCE, the token endpoint's grants, and a session that signs its
/// requests with a bearer token and renews it once when the portal refuses it — against the stock
/// 7.4 emulator over loopback, with the browser's part played by plain HTTP.
@Suite("OAuth 2 client")
struct OAuth2ClientTests {
    @Test func pkceFollowsRFC7636() {
        // BASE64URL(SHA-256(verifier)) without padding, as Python's hashlib and base64 compute it.
        #expect(PKCE.challenge(for: "dBjftJeZ4CVP-mJ92XhGVc_aNJkmLJoxB5Ii5rh2dV0") == "z1BX1moKuhvsnwy9YKnxjYBEueu8KWny8ccmoOxt9FI")
        let one = PKCE(), two = PKCE()
        #expect(one.verifier.count == 43 && one.verifier != two.verifier)
        #expect(one.verifier.unicodeScalars.allSatisfy { CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_").contains($0) })
        #expect(PKCE.randomToken() != PKCE.randomToken())
    }

    @Test func tokensAreNeverShown() {
        let tokens = OAuth2TokenSet(accessToken: "ACCESS-SECRET", refreshToken: "REFRESH-SECRET", expiresAt: 1)
        var dumped = ""
        dump(tokens, to: &dumped)
        let bearer = BearerAuthorization(tokens: tokens, renewal: nil)
        for text in [String(describing: tokens), String(reflecting: tokens), "\(tokens)", dumped, String(describing: bearer)] {
            #expect(!text.contains("ACCESS-SECRET") && !text.contains("REFRESH-SECRET"), "\(text)")
        }
    }

    /// A 7.4 emulator whose access tokens live `lifetime`, a signed-in token set from the PKCE flow.
    static func withSignedIn(
        lifetime: Duration = .seconds(600), _ body: (PortalEmulator, OAuth2Client, OAuth2TokenSet) async throws -> Void
    ) async throws {
        // A port no other test's `port: 0` is given: the expiry test stops the emulator and
        // waits for its address to refuse.
        var options = EmulatorOptions(port: Int(try SparePort.belowEphemeralRange()), release: .liferay74)
        options.oauth2AccessTokenLifetime = lifetime
        let emulator = try await PortalEmulator.start(options)
        let client = try OAuth2Client(serverURL: emulator.baseURL, clientId: "termlets-demo")
        do {
            let pkce = PKCE()
            let state = PKCE.randomToken()
            let redirectURI = "http://127.0.0.1:1/callback"
            let answer = try await OAuth2Browser().authorize(client.authorizationURL(redirectURI: redirectURI, pkce: pkce, state: state))
            #expect(answer.status == 302, "\(answer.html)")
            let location = try #require(answer.location.flatMap(URLComponents.init(string:)))
            #expect(location.queryItems?.first { $0.name == "state" }?.value == state)
            let code = try #require(location.queryItems?.first { $0.name == "code" }?.value)
            let tokens = try await client.exchange(code: code, redirectURI: redirectURI, pkce: pkce)
            try await body(emulator, client, tokens)
        } catch {
            try? await client.shutdown()
            await emulator.stop()
            throw error
        }
        try? await client.shutdown()
        await emulator.stop()
    }

    /// Waits until the portal refuses `tokens`' access token (its lifetime is over).
    static func waitUntilRefused(_ emulator: PortalEmulator, _ tokens: OAuth2TokenSet) async throws {
        // Without its expiry, so that only the portal can say it is over.
        let opaque = OAuth2TokenSet(accessToken: tokens.accessToken, refreshToken: nil, expiresAt: nil)
        let probe = try session(emulator, BearerAuthorization(tokens: opaque, renewal: nil))
        do {
            // A deadline well past the token's lifetime: on a loaded machine 10 s was not enough.
            _ = try await waitFor("the access token to expire", timeout: 60, every: 0.1) { () async -> Bool? in
                do {
                    _ = try await probe.currentUser()
                    return nil
                } catch let error as PortalError where error.kind == .authentication {
                    return true
                } catch {
                    Issue.record("the probe failed otherwise: \(error)")
                    return true
                }
            }
        } catch {
            // Shut down on the way out too: a session dropped with its HTTP client running stops
            // the whole test process (AsyncHTTPClient's check in debug builds).
            try? await probe.shutdown()
            throw error
        }
        try await probe.shutdown()
    }

    static func session(_ emulator: PortalEmulator, _ bearer: BearerAuthorization) throws -> PortalSession {
        try PortalSession(context: ServerContext(serverURL: emulator.baseURL, companyId: 0, groupId: 0, version: nil), credentials: nil, bearer: bearer)
    }

    @Test func codeExchangeGivesABearerThatLogsIn() async throws {
        try await Self.withSignedIn { emulator, client, tokens in
            #expect(tokens.refreshToken != nil && tokens.expiresAt != nil)
            let session = try Self.session(emulator, BearerAuthorization(tokens: tokens, renewal: nil))
            let user = try await session.login()
            #expect(user.emailAddress == "test@liferay.com")
            #expect(!String(describing: session).contains(tokens.accessToken))
            try await session.shutdown()

            // A code is used once; a wrong verifier is refused in words.
            let refused = await #expect(throws: PortalError.self) {
                _ = try await client.exchange(code: "not-a-code", redirectURI: "http://127.0.0.1:1/callback", pkce: PKCE())
            }
            #expect(refused?.kind == .authentication)
            #expect(refused?.message.contains("invalid_grant") == true)
        }
    }

    @Test func anExpiredTokenIsRefreshedOnceAndTheRotatedPairKept() async throws {
        // Tokens live 5 s: long enough that the renewed one outlives the four requests below even
        // on a loaded machine (with 1 s it could expire too and rightly be renewed a second time).
        try await Self.withSignedIn(lifetime: .seconds(5)) { emulator, client, tokens in
            let stored = NIOLockedValueBox<[OAuth2TokenSet]>([])
            // The token's expiry is hidden from the client, so only the portal's 401 can tell.
            let opaque = OAuth2TokenSet(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: nil)
            let bearer = BearerAuthorization(
                tokens: opaque, renewal: BearerAuthorization.refreshing(serverURL: emulator.baseURL, clientId: "termlets-demo", options: .init())
            ) { renewed in stored.withLockedValue { $0.append(renewed) } }
            let session = try Self.session(emulator, bearer)
            _ = try await session.login()
            try await Self.waitUntilRefused(emulator, tokens)
            // Several requests refused together renew once (a rotating portal takes a refresh token once).
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 { group.addTask { _ = try await session.currentUser() } }
                try await group.waitForAll()
            }
            #expect(stored.withLockedValue { $0.count } == 1)
            #expect(bearer.tokens.accessToken != tokens.accessToken)
            #expect(bearer.tokens.refreshToken != tokens.refreshToken)
            let reused = await #expect(throws: PortalError.self) { _ = try await client.refresh(tokens.refreshToken!) }
            #expect(reused?.kind == .authentication, "the old refresh token stopped working")
            try await session.shutdown()
        }
    }

    @Test func aSignInThatCannotBeRenewedSaysSo() async throws {
        try await Self.withSignedIn(lifetime: .seconds(1)) { emulator, _, tokens in
            // The refresh token is spent elsewhere first: the renewal fails.
            let client = try OAuth2Client(serverURL: emulator.baseURL, clientId: "termlets-demo")
            _ = try await client.refresh(tokens.refreshToken!)
            try await client.shutdown()
            let bearer = BearerAuthorization(
                tokens: OAuth2TokenSet(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: nil),
                renewal: BearerAuthorization.refreshing(serverURL: emulator.baseURL, clientId: "termlets-demo", options: .init()))
            let session = try Self.session(emulator, bearer)
            try await Self.waitUntilRefused(emulator, tokens)
            let error = await #expect(throws: PortalError.self) { _ = try await session.currentUser() }
            #expect(error?.kind == .authentication)
            #expect(error?.message == "the sign-in has expired: run termlets login --oauth2 again")
            #expect(!(error.map(String.init(describing:)) ?? "").contains(tokens.accessToken))
            try await session.shutdown()
        }
    }

    @Test func clientCredentialsNeedTheSecret() async throws {
        let emulator = try await PortalEmulator.start(EmulatorOptions(release: .liferay74))
        let client = try OAuth2Client(serverURL: emulator.baseURL, clientId: "termlets-scripts")
        let tokens = try await client.clientCredentials(secret: "termlets-scripts-secret")
        #expect(tokens.refreshToken == nil)
        let wrong = await #expect(throws: PortalError.self) { _ = try await client.clientCredentials(secret: "wrong-secret") }
        #expect(wrong?.message.contains("invalid_client") == true)
        #expect(wrong?.message.contains("wrong-secret") == false)
        try await client.shutdown()
        await emulator.stop()
    }

    /// A lying portal echoing the bearer header (and, after a renewal, the old token) in its
    /// errors: every form of every token the session held is masked.
    @Test func aPortalEchoingTheTokensHasThemMasked() async throws {
        let server = try await TestServer.start { request in
            let header = request.header("Authorization") ?? "none"
            if header == "Bearer old-access-token-0123456789" {
                return .json(#"{"error": {"message": "Authenticated access required", "type": "java.lang.SecurityException"}}"#, status: 403)
            }
            let text = "bad header \(header); old Bearer old-access-token-0123456789; refresh old-refresh-token-0123456789"
            return .json(#"{"exception": "\#(text)", "throwable": "java.lang.Exception: \#(text)", "error": {"message": "\#(text)", "type": "java.lang.Exception"}}"#, status: 500)
        }
        let bearer = BearerAuthorization(
            tokens: OAuth2TokenSet(accessToken: "old-access-token-0123456789", refreshToken: "old-refresh-token-0123456789", expiresAt: nil),
            renewal: { _ in OAuth2TokenSet(accessToken: "new-access-token-0123456789", refreshToken: "new-refresh-token-0123456789", expiresAt: nil) })
        let session = try PortalSession(
            context: ServerContext(serverURL: server.baseURL, companyId: 20099, groupId: 20143, version: .v7), credentials: nil, bearer: bearer)
        let error = await #expect(throws: PortalError.self) { _ = try await session.currentUser() }
        let text = error.map { "\($0.message) \(String(describing: $0))" } ?? ""
        #expect(bearer.tokens.accessToken == "new-access-token-0123456789", "the refused token was renewed")
        for secret in ["old-access-token", "old-refresh-token", "new-access-token", "new-refresh-token"] {
            #expect(!text.contains(secret), "\(text)")
        }
        #expect(text.contains("bad header"), "\(text)")
        try await session.shutdown()
        try await server.stop()
    }

    /// A hostile token endpoint: a token with a line break (a header injection), a token of
    /// spaces, an absurd lifetime. Each is refused in words; nothing crashes.
    @Test(arguments: [
        #"{"access_token": "abc\r\nX-Injected: 1", "token_type": "Bearer"}"#,
        #"{"access_token": "   ", "token_type": "Bearer"}"#,
        #"{"access_token": "fine-token-0123456789", "refresh_token": "bad token", "token_type": "Bearer"}"#,
        #"{"access_token": "fine-token-0123456789", "token_type": "MAC"}"#,
        #"{"token_type": "Bearer"}"#,
    ])
    func aHostileTokenAnswerIsRefused(body: String) async throws {
        let server = try await TestServer.start { _ in .json(body) }
        let client = try OAuth2Client(serverURL: server.baseURL, clientId: "termlets-demo")
        let error = await #expect(throws: PortalError.self) { _ = try await client.clientCredentials(secret: "s3cret-value-0123") }
        #expect(error?.kind == .server, "\(String(describing: error))")
        try await client.shutdown()
        try await server.stop()
    }

    @Test func anAbsurdLifetimeIsIgnored() async throws {
        let server = try await TestServer.start { _ in .json(#"{"access_token": "fine-token-0123456789", "token_type": "Bearer", "expires_in": 9223372036854775807}"#) }
        let client = try OAuth2Client(serverURL: server.baseURL, clientId: "termlets-demo")
        let tokens = try await client.clientCredentials(secret: "s3cret-value-0123")
        #expect(tokens.expiresAt == nil)
        try await client.shutdown()
        try await server.stop()
    }
}
