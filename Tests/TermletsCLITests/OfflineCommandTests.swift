import DDM
import Foundation
import Testing
import TermletsTestSupport

/// `form --submit --offline-policy`, `pending`, `sync` and `resolve` through the real binary.
@Suite("termlets offline writes: form policies, pending, sync")
struct OfflineCommandTests {
    /// A portal that refuses connections: nothing listens on port 9 of the loopback.
    static let unreachable = ["--server", "http://127.0.0.1:9", "--user", "test@liferay.com"]
    static let password = ["TERMLETS_PASSWORD": "test"]

    /// The form is read once online (cached under the policy), then the portal goes away: the
    /// submit is queued, `pending` lists it without the network, `sync` fails with a network error
    /// and keeps it.
    @Test func anUnreachablePortalQueuesTheSubmitAndPendingListsIt() async throws {
        let home = try CLIHome()
        let portal = try SpawnedProcess.demoPortal(data: home.directory.path("portal"))
        let line = try await portal.firstLine(timeout: 120)
        let server = ["--server", String(line.dropFirst("listening on ".count)), "--user", "test@liferay.com"]
        let read = try await home.runOffPool(
            ["form", "--record-set-id", "40001", "--offline-policy", "remote-first", "--format", "json"] + server,
            environment: Self.password)
        #expect(read.status == 0, "\(read.stderr)")
        portal.signal(SIGTERM)
        #expect(portal.wait(timeout: 30) != nil, "the portal stopped")

        let queued = try await home.jsonOffPool(
            ["form", "--record-set-id", "40001", "--set", "Title=written offline", "--submit", "--offline-policy", "cache-first"]
                + server, environment: Self.password)
        #expect(queued["status"] == "queued")
        #expect(queued["recordId"] == .null)
        let queueId = try #require(queued["queueId"]?.stringValue)

        let pending = try await home.jsonOffPool(["pending"] + server)
        let entries = try #require(pending.arrayValue)
        #expect(entries.count == 1)
        #expect(entries.first?["queueId"]?.stringValue == queueId)
        #expect(entries.first?["operation"] == "add-record")
        #expect(entries.first?["state"] == "dirty")
        #expect(entries.first?["recordSetId"]?.int64Value == 40001)

        let sync = try await home.runOffPool(["sync"] + server, environment: Self.password)
        #expect(sync.status == 1)
        #expect(sync.stderr.hasPrefix("error: network: "))
        let stillPending = try await home.jsonOffPool(["pending"] + server)
        #expect(stillPending.arrayValue?.count == 1)
    }

    @Test func remoteOnlyFailsAndQueuesNothing() async throws {
        let home = try CLIHome()
        let result = try await home.runOffPool(
            ["form", "--record-set-id", "40001", "--set", "Title=x", "--submit", "--offline-policy", "remote-only"]
                + Self.unreachable, environment: Self.password)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: network: "))
        let pending = try await home.jsonOffPool(["pending"] + Self.unreachable)
        #expect(pending == [])
    }

    @Test func anUnknownPolicyIsAnInputError() async throws {
        let home = try CLIHome()
        let result = try await home.runOffPool(
            ["form", "--record-set-id", "40001", "--set", "Title=x", "--submit", "--offline-policy", "sometimes"]
                + Self.unreachable, environment: Self.password)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: input: "))
    }

    @Test func cacheOnlyQueuesAndSyncSendsItToTheEmbeddedEmulator() async throws {
        let home = try CLIHome()
        // Cache-only needs the form in the cache: read it once with a policy that fills the cache.
        _ = try await home.jsonOffPool(["form", "--record-set-id", "40003", "--offline-policy", "remote-first"])
        let queued = try await home.jsonOffPool(["form", "--record-set-id", "40003", "--set", "Name=Ada", "--submit", "--offline-policy", "cache-only"])
        #expect(queued["status"] == "queued")
        let listed = try await home.jsonOffPool(["pending"])
        #expect(listed.arrayValue?.count == 1)
        let summary = try await home.jsonOffPool(["sync"])
        #expect(summary == ["synced": 1, "failed": 0, "conflicts": 0, "pending": 0])
        let after = try await home.jsonOffPool(["pending"])
        #expect(after == [])
        let list = try await home.jsonOffPool(["list", "--record-set-id", "40003", "--all"])
        #expect(list["records"]?.arrayValue?.contains { $0["values"]?["Name"] == "Ada" } == true)
    }

    @Test func remoteFirstOnlineSendsAtOnce() async throws {
        let home = try CLIHome()
        let sent = try await home.jsonOffPool(["form", "--record-set-id", "40003", "--set", "Name=Now", "--submit", "--offline-policy", "remote-first"])
        #expect(sent["status"] == "added")
        #expect(sent["recordId"]?.int64Value != nil)
        #expect(sent["queueId"] == .null)
        let after = try await home.jsonOffPool(["pending"])
        #expect(after == [])
    }

    @Test func resolveOfAnUnknownWriteIsNotFound() async throws {
        let home = try CLIHome()
        let result = try await home.runOffPool(["resolve", "no-such-write", "later"] + Self.unreachable)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: not-found: "))
    }
}

extension CLIHome {
    /// ``run(_:environment:stdin:)`` without holding a cooperative thread while the child runs.
    func runOffPool(_ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessResult {
        try await ProcessRunner.termletsOffPool(arguments + options, environment: environment, timeout: 120)
    }

    /// ``json(_:environment:)`` without holding a cooperative thread while the child runs.
    func jsonOffPool(_ arguments: [String], environment: [String: String] = [:]) async throws -> JSONValue {
        let result = try await runOffPool(arguments + ["--format", "json"], environment: environment)
        guard result.status == 0 else { throw CLIFailure(result: result) }
        return try JSONValue.parse(result.stdout)
    }
}
