import DDM
import Foundation
import Testing
import TermletsTestSupport

/// `termlets login --oauth2` end to end (issue 14): the real binary in tmux against
/// `termlets portal --portal-version 7.4`, the browser played with plain HTTP: the authorization
/// code flow with PKCE through the loopback redirect and through the copy-the-code page, client
/// credentials, a refresh of an expired token, and the refusals.
@Suite("login --oauth2: PKCE, copy-the-code, client credentials, refresh")
struct OAuth2LoginTests {
    /// No browser to open and no password anywhere: only the tokens can sign requests in.
    static let environment = ["BROWSER": "", "DISPLAY": "", "WAYLAND_DISPLAY": "", "TERMLETS_PASSWORD": "", "TERMLETS_USER": ""]

    static func login(_ home: CLIHome, _ portal: TestPortal, _ extra: [String] = [], environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession([TermletsBinary.url.path, "login", "--server", portal.url, "--oauth2", "--format", "json"] + extra + home.options,
                        columns: 600, rows: 30, environment: Self.environment.merging(environment) { $1 })
    }

    /// The authorization URL the login printed.
    static func authorizationURL(_ terminal: TmuxSession) async throws -> String {
        let screen = try await terminal.waitForScreen("the authorization URL", timeout: 60) { $0.contains("/o/oauth2/authorize?") }
        return String(try #require(screen.firstMatch(of: /http:\/\/\S+\/o\/oauth2\/authorize\?\S+/)).0)
    }

    static func storedSignIn(_ home: CLIHome) throws -> JSONValue {
        try JSONValue.parse(bytes: Array(try Data(contentsOf: home.directory.path("config/oauth2.json"))))
    }

    /// Signs in through the loopback redirect; returns the pane's whole text.
    static func signInWithPKCE(_ home: CLIHome, _ portal: TestPortal) async throws -> String {
        let terminal = try login(home, portal)
        let url = try await authorizationURL(terminal)
        #expect(url.contains("code_challenge_method=S256") && url.contains("client_id=termlets-demo"))
        // Anything but the callback is turned away, and the listener keeps waiting.
        let listener = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "redirect_uri" }?.value)
        #expect(listener.hasPrefix("http://127.0.0.1:") && listener.hasSuffix("/callback"))
        let stray = try await OAuth2Browser().get(listener.replacingOccurrences(of: "/callback", with: "/favicon.ico"))
        #expect(stray.status == 404)
        let redirect = try await OAuth2Browser().authorize(url)
        #expect(redirect.status == 302, "\(redirect.html)")
        let location = try #require(redirect.location)
        #expect(location.hasPrefix("http://127.0.0.1:") && location.contains("/callback?"))
        let landing = try await OAuth2Browser().get(location)
        #expect(landing.status == 200 && landing.html.contains("You can close this tab"))
        _ = try await terminal.waitFor(text: "[exit 0]", timeout: 60)
        return try terminal.history()
    }

    static func expectNoSecrets(_ text: String, _ home: CLIHome) throws {
        let stored = try storedSignIn(home)
        for key in ["accessToken", "refreshToken"] {
            if let token = stored[key]?.stringValue { #expect(!text.contains(token), "the \(key) was shown") }
        }
    }

    @Test func pkceThroughTheLoopbackRedirectThenCommandsUseTheBearer() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        let saved = try await home.run(["login", "--server", portal.url, "--user", "test@liferay.com", "--save-password", "--format", "json"],
                                       environment: ["TERMLETS_PASSWORD": "test"])
        #expect(saved.status == 0, "\(saved.stderr)")
        let pane = try await Self.signInWithPKCE(home, portal)
        #expect(pane.contains("\"authentication\" : \"oauth2\"") || pane.contains("\"authentication\": \"oauth2\""), "\(pane)")
        try Self.expectNoSecrets(pane, home)

        let file = home.directory.path("config/oauth2.json").path
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let config = try JSONValue.parse(bytes: Array(try Data(contentsOf: home.directory.path("config/config.json"))))
        #expect(config["password"] == nil && config["user"] == "test@liferay.com", "the OAuth 2 sign-in replaced the stored password")

        // A command with no password anywhere succeeds with the bearer token.
        let overview = try await home.run(["overview", "--format", "json"], environment: Self.environment)
        #expect(overview.status == 0, "\(overview.stderr)")
        #expect(try JSONValue.parse(overview.stdout)["capabilities"]?["objects"] == true)
        try Self.expectNoSecrets(overview.stdout + overview.stderr, home)
        let requests = try await portal.requests()
        #expect(requests.contains { ($0["path"]?.stringValue ?? "").hasPrefix("/api/jsonws") }, "JSON-WS was asked")

        // A Basic login replaces the tokens.
        let basic = try await home.run(["login", "--server", portal.url, "--user", "test@liferay.com", "--save-password", "--format", "json"],
                                       environment: ["TERMLETS_PASSWORD": "test"])
        #expect(basic.status == 0, "\(basic.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// `--redirect-port N` (a portal whose registered redirect URI names a fixed port): the browser
    /// comes back to exactly that port; a port another program holds is a clear input error.
    @Test func aFixedRedirectPortIsListenedOnAndATakenOneIsSaidPlainly() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        let port = try FaultsTests.freePort()
        let terminal = try Self.login(home, portal, ["--redirect-port", String(port)])
        let url = try await Self.authorizationURL(terminal)
        let listener = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "redirect_uri" }?.value)
        #expect(listener == "http://127.0.0.1:\(port)/callback")
        let redirect = try await OAuth2Browser().authorize(url)
        let location = try #require(redirect.location)
        #expect(location.hasPrefix("http://127.0.0.1:\(port)/callback?"))
        let landing = try await OAuth2Browser().get(location)
        #expect(landing.status == 200)
        _ = try await terminal.waitFor(text: "[exit 0]", timeout: 60)
        #expect(try Self.storedSignIn(home)["accessToken"] != nil)

        // The port is now held by a listener of this test: the login says so and stores nothing new.
        let held = try SilentListener(port: 0, dropNewConnections: false)
        defer { held.close() }
        let taken = try await home.run(
            ["login", "--server", portal.url, "--oauth2", "--redirect-port", String(held.port)], environment: Self.environment)
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("error: input: --redirect-port \(held.port): another program is listening"), "\(taken.stderr)")
        let wrong = try await home.run(["login", "--server", portal.url, "--oauth2", "--redirect-port", "0"], environment: Self.environment)
        #expect(wrong.status == 1 && wrong.stderr.contains("expected a port from 1 to 65535"), "\(wrong.stderr)")
    }

    @Test func noBrowserTakesTheCodeTypedFromThePortalsPage() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        let terminal = try Self.login(home, portal, ["--no-browser"])
        let url = try await Self.authorizationURL(terminal)
        let portalPage = (portal.url + "/o/oauth2/redirect").replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: "/", with: "%2F")
        #expect(url.contains("redirect_uri=" + portalPage), "the portal's copy-the-code page is the redirect")
        _ = try await terminal.waitFor(text: "Paste the authorization code")
        let redirect = try await OAuth2Browser().authorize(url)
        let page = try await OAuth2Browser().get(try #require(redirect.location))
        let code = String(try #require(page.html.firstMatch(of: /<pre id="code">([^<]+)<\/pre>/)).1)
        try terminal.type(code)
        try terminal.send("Enter")
        let screen = try await terminal.waitFor(text: "[exit 0]", timeout: 60)
        #expect(!screen.contains(code), "the code is not echoed")
        let overview = try await home.run(["overview", "--format", "json"], environment: Self.environment)
        #expect(overview.status == 0, "\(overview.stderr)")
    }

    @Test func clientCredentialsReadTheSecretFromAFile() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        let secretFile = home.directory.path("secret")
        try "termlets-scripts-secret\n".write(to: secretFile, atomically: true, encoding: .utf8)
        let base = ["login", "--server", portal.url, "--oauth2", "--flow", "client-credentials", "--client-id", "termlets-scripts", "--format", "json"]

        let missing = try await home.run(base, environment: Self.environment)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("error: input: --flow client-credentials needs --client-secret-file FILE"))

        let login = try await home.run(base + ["--client-secret-file", secretFile.path], environment: Self.environment)
        #expect(login.status == 0, "\(login.stderr)")
        #expect(!(login.stdout + login.stderr).contains("termlets-scripts-secret"))
        let stored = try Self.storedSignIn(home)
        #expect(stored["clientSecretFile"]?.stringValue == secretFile.path)
        #expect(!String(decoding: try Data(contentsOf: home.directory.path("config/oauth2.json")), as: UTF8.self).contains("termlets-scripts-secret"))
        let overview = try await home.run(["overview", "--format", "json"], environment: Self.environment)
        #expect(overview.status == 0, "\(overview.stderr)")

        try "wrong-secret\n".write(to: secretFile, atomically: true, encoding: .utf8)
        let wrong = try await home.run(base + ["--client-secret-file", secretFile.path], environment: Self.environment)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.hasPrefix("error: authentication: the portal refused the sign-in (invalid_client"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("wrong-secret"))
    }

    @Test func anExpiredTokenIsRefreshedAndAnUnrenewableOneSaysLogInAgain() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4", "--oauth2-token-lifetime", "2"])
        _ = try await Self.signInWithPKCE(home, portal)
        let first = try Self.storedSignIn(home)
        let expiresAt = try #require(first["expiresAt"]?.int64Value)
        _ = try await waitFor("the access token to expire", timeout: 10, every: 0.1) {
            Date().timeIntervalSince1970 * 1000 > Double(expiresAt + 200) ? true : nil
        }
        let overview = try await home.run(["overview", "--format", "json"], environment: Self.environment)
        #expect(overview.status == 0, "\(overview.stderr)")
        let renewed = try Self.storedSignIn(home)
        #expect(renewed["accessToken"] != first["accessToken"])
        #expect(renewed["refreshToken"] != first["refreshToken"], "the rotated refresh token is stored")
        let mode = try FileManager.default.attributesOfItem(atPath: home.directory.path("config/oauth2.json").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try Self.expectNoSecrets(overview.stdout + overview.stderr, home)

        // The refresh token used up (as another client's rotation would): the user is told to sign in again.
        var members = try #require(renewed.objectValue)
        members["refreshToken"] = first["refreshToken"]
        members["expiresAt"] = .int(0)
        try Data(JSONValue.object(members).serialized().utf8).write(to: home.directory.path("config/oauth2.json"))
        let expired = try await home.run(["overview", "--format", "json"], environment: Self.environment)
        #expect(expired.status == 1)
        #expect(expired.stderr == "error: authentication: the sign-in has expired: run termlets login --oauth2 again\n", "\(expired.stderr)")
    }

    @Test func aForgedStateAndAnUnknownClientAreRefused() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        let terminal = try Self.login(home, portal)
        let url = try await Self.authorizationURL(terminal)
        let forged = url.replacing(/state=[^&]+/, with: "state=forged")
        let redirect = try await OAuth2Browser().authorize(forged)
        _ = try await OAuth2Browser().get(try #require(redirect.location))
        let screen = try await terminal.waitFor(text: "[exit 1]", timeout: 60)
        #expect(screen.contains("error: authentication: the redirect's state does not match this sign-in"), "\(screen)")
        #expect(!FileManager.default.fileExists(atPath: home.directory.path("config/oauth2.json").path))

        // An unknown client: the portal's page says so, and with no redirect and no terminal the login ends in words.
        let unknown = try await home.run(
            ["login", "--server", portal.url, "--oauth2", "--client-id", "nobody"],
            environment: Self.environment.merging(["TERMLETS_OAUTH2_REDIRECT_TIMEOUT": "2"]) { $1 })
        #expect(unknown.status == 1)
        let printed = try #require(unknown.stderr.firstMatch(of: /http:\/\/\S+\/o\/oauth2\/authorize\?\S+/))
        let page = try await OAuth2Browser().get(String(printed.0))
        #expect(page.status == 400 && page.html.contains("No OAuth 2 application has the client ID nobody"))
        #expect(unknown.stderr.contains("error: authentication: no authorization code"), "\(unknown.stderr)")
    }

    /// The token's expiry unknown to Termlets (a portal that shortened it): the portal's 401 alone
    /// makes it renew, once, and the command succeeds; client credentials renew by reading the
    /// secret file again.
    @Test func aRefusedTokenIsRenewedOnTheFlyForBothFlows() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4", "--oauth2-token-lifetime", "2"])
        func waitUntilExpiredThenHideTheExpiry() async throws -> JSONValue {
            let stored = try Self.storedSignIn(home)
            let expiresAt = try #require(stored["expiresAt"]?.int64Value)
            _ = try await waitFor("the access token to expire", timeout: 10, every: 0.1) {
                Date().timeIntervalSince1970 * 1000 > Double(expiresAt + 200) ? true : nil
            }
            var members = try #require(stored.objectValue)
            members["expiresAt"] = .int(Int64(Date().timeIntervalSince1970 * 1000) + 3_600_000)
            try Data(JSONValue.object(members).serialized().utf8).write(to: home.directory.path("config/oauth2.json"))
            return stored
        }

        _ = try await Self.signInWithPKCE(home, portal)
        let before = try await waitUntilExpiredThenHideTheExpiry()
        let tokenRequestsBefore = try await portal.requests().filter { $0["path"]?.stringValue == "/o/oauth2/token" }.count
        let overview = try await home.run(["overview", "--format", "json"], environment: Self.environment)
        #expect(overview.status == 0, "\(overview.stderr)")
        #expect(try Self.storedSignIn(home)["accessToken"] != before["accessToken"])
        let tokenRequests = try await portal.requests().filter { $0["path"]?.stringValue == "/o/oauth2/token" }
        #expect(tokenRequests.count == tokenRequestsBefore + 1, "one renewal")

        let secretFile = home.directory.path("secret")
        try "termlets-scripts-secret\n".write(to: secretFile, atomically: true, encoding: .utf8)
        let login = try await home.run(
            ["login", "--server", portal.url, "--oauth2", "--flow", "client-credentials", "--client-id", "termlets-scripts",
             "--client-secret-file", secretFile.path, "--format", "json"], environment: Self.environment)
        #expect(login.status == 0, "\(login.stderr)")
        let issued = try await waitUntilExpiredThenHideTheExpiry()
        let again = try await home.run(["overview", "--format", "json"], environment: Self.environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.storedSignIn(home)["accessToken"] != issued["accessToken"])

        // The secret file gone: the sign-in cannot be renewed, said plainly.
        try FileManager.default.removeItem(at: secretFile)
        _ = try await waitUntilExpiredThenHideTheExpiry()
        let gone = try await home.run(["overview", "--format", "json"], environment: Self.environment)
        #expect(gone.status == 1)
        #expect(gone.stderr == "error: authentication: the sign-in has expired: run termlets login --oauth2 again\n", "\(gone.stderr)")
    }
}
