import DDM
import Foundation
import Testing
import TermletsTestSupport

/// `termlets login` against a portal started as its own process (`termlets portal`), then commands
/// that use the stored configuration.
@Suite("termlets login and the stored configuration")
struct LoginCommandTests {
    /// Starts `termlets portal --port 0` and returns it with its URL.
    static func startPortal(_ home: CLIHome) async throws -> (SpawnedProcess, String) {
        let portal = try SpawnedProcess.demoPortal(data: home.directory.path("portal"))
        let line = try await portal.firstLine(timeout: 60)
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        return (portal, String(line.dropFirst("listening on ".count)))
    }

    @Test func storesTheServerContextPrivatelyAndCommandsUseIt() async throws {
        let home = try CLIHome()
        let (portal, url) = try await Self.startPortal(home)
        defer { portal.signal(SIGTERM) }

        let login = try await home.run(
            ["login", "--server", url, "--user", "test@liferay.com", "--format", "json"],
            environment: ["TERMLETS_PASSWORD": "test"])
        #expect(login.status == 0, "\(login.stderr)")
        let answer = try JSONValue.parse(login.stdout)
        #expect(answer["userId"] == 20139)
        #expect(answer["groupId"] == 20143)
        #expect(answer["stored"] == true)
        #expect(answer["password"] == nil, "the password is never printed")

        let file = home.directory.path("config/config.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let stored = try JSONValue.parse(String(contentsOf: file, encoding: .utf8))
        #expect(stored["server"]?.stringValue == url)
        #expect(stored["companyId"] == 20099)

        // No --server, no environment: the stored server and password are used.
        let list = try await home.json(["list", "--record-set-id", "40003"])
        #expect(list["rowCount"] == 3)
    }

    @Test func aWrongPasswordIsAnAuthenticationError() async throws {
        let home = try CLIHome()
        let (portal, url) = try await Self.startPortal(home)
        defer { portal.signal(SIGTERM) }
        let result = try await home.run(
            ["login", "--server", url, "--user", "test", "--no-save-password"], environment: ["TERMLETS_PASSWORD": "nope"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: authentication: "))
        #expect(!result.stderr.contains("nope"))
        #expect(!FileManager.default.fileExists(atPath: home.directory.path("config/config.json").path))
    }

    @Test func theEnvironmentComesBeforeTheConfigFileAndOptionsBeforeBoth() async throws {
        let home = try CLIHome()
        let (portal, url) = try await Self.startPortal(home)
        defer { portal.signal(SIGTERM) }
        // The environment names a server nobody listens on: it wins over nothing, and the option wins over it.
        let viaEnvironment = try await home.run(
            ["list", "--record-set-id", "40003", "--user", "test"],
            environment: ["TERMLETS_SERVER": "http://127.0.0.1:9", "TERMLETS_PASSWORD": "test"])
        #expect(viaEnvironment.status == 1)
        #expect(viaEnvironment.stderr.hasPrefix("error: network: "))
        let viaOption = try await home.run(
            ["list", "--record-set-id", "40003", "--user", "test", "--server", url, "--format", "json"],
            environment: ["TERMLETS_SERVER": "http://127.0.0.1:9", "TERMLETS_PASSWORD": "test"])
        #expect(viaOption.status == 0, "\(viaOption.stderr)")
    }

    @Test func plainHTTPToAnotherHostIsRefusedWithoutInsecure() async throws {
        let home = try CLIHome()
        let result = try await home.run(
            ["list", "--record-set-id", "1", "--server", "http://portal.example.com", "--user", "u"],
            environment: ["TERMLETS_PASSWORD": "secret-pass"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: input: "))
        #expect(result.stderr.contains("--insecure"))
        #expect(!result.stderr.contains("secret-pass"))
    }
}
