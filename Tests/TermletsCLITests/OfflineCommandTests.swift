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

    @Test func anUnreachablePortalQueuesTheSubmitAndPendingListsIt() throws {
        let home = try CLIHome()
        let queued = try home.json(
            ["form", "--record-set-id", "40001", "--set", "Title=written offline", "--submit", "--offline-policy", "cache-first"]
                + Self.unreachable, environment: Self.password)
        #expect(queued["status"] == "queued")
        #expect(queued["recordId"] == .null)
        #expect(queued["workflowStatus"] == "approved")
        let queueId = try #require(queued["queueId"]?.stringValue)

        let pending = try home.json(["pending"] + Self.unreachable)
        let entries = try #require(pending.arrayValue)
        #expect(entries.count == 1)
        #expect(entries.first?["queueId"]?.stringValue == queueId)
        #expect(entries.first?["operation"] == "add-record")
        #expect(entries.first?["state"] == "dirty")
        #expect(entries.first?["recordSetId"]?.int64Value == 40001)
        #expect(entries.first?["values"]?["Title"] == "written offline")

        let sync = try home.run(["sync"] + Self.unreachable, environment: Self.password)
        #expect(sync.status == 1)
        #expect(sync.stderr.hasPrefix("error: network: "))
        #expect(try home.json(["pending"] + Self.unreachable).arrayValue?.count == 1)
    }

    @Test func remoteOnlyFailsAndQueuesNothing() throws {
        let home = try CLIHome()
        let result = try home.run(
            ["form", "--record-set-id", "40001", "--set", "Title=x", "--submit", "--offline-policy", "remote-only"]
                + Self.unreachable, environment: Self.password)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: network: "))
        #expect(try home.json(["pending"] + Self.unreachable) == [])
    }

    @Test func anUnknownPolicyIsAnInputError() throws {
        let home = try CLIHome()
        let result = try home.run(
            ["form", "--record-set-id", "40001", "--set", "Title=x", "--submit", "--offline-policy", "sometimes"]
                + Self.unreachable, environment: Self.password)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: input: "))
    }

    @Test func cacheOnlyQueuesAndSyncSendsItToTheEmbeddedEmulator() throws {
        let home = try CLIHome()
        let queued = try home.json(["form", "--record-set-id", "40003", "--set", "Name=Ada", "--submit", "--offline-policy", "cache-only"])
        #expect(queued["status"] == "queued")
        #expect(try home.json(["pending"]).arrayValue?.count == 1)
        let summary = try home.json(["sync"])
        #expect(summary == ["synced": 1, "failed": 0, "conflicts": 0, "pending": 0])
        #expect(try home.json(["pending"]) == [])
        let list = try home.json(["list", "--record-set-id", "40003", "--all"])
        #expect(list["records"]?.arrayValue?.contains { $0["values"]?["Name"] == "Ada" } == true)
    }

    @Test func remoteFirstOnlineSendsAtOnce() throws {
        let home = try CLIHome()
        let sent = try home.json(["form", "--record-set-id", "40003", "--set", "Name=Now", "--submit", "--offline-policy", "remote-first"])
        #expect(sent["status"] == "added")
        #expect(sent["recordId"]?.int64Value != nil)
        #expect(sent["queueId"] == .null)
        #expect(try home.json(["pending"]) == [])
    }

    @Test func resolveOfAnUnknownWriteIsNotFound() throws {
        let home = try CLIHome()
        let result = try home.run(["resolve", "no-such-write", "later"] + Self.unreachable)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: not-found: "))
    }
}
