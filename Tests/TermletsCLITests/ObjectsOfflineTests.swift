import DDM
import Foundation
import Testing
import TermletsTestSupport

/// Objects writes through the offline queue (issue 14, CONTRACT.md "Modern portals"): `form
/// --object` queues when the portal cannot be reached, `pending` shows `add-entry`/`update-entry`
/// with the object, `sync` sends them (an add by its ERC: never twice, even after kill -9),
/// conflicts come from the entry's `dateModified`, `resolve` settles them. Real binary, 7.4 portal,
/// the portal read back with plain `GET /o/c/…`.
@Suite("Objects offline: queue, pending, sync, resolve")
struct ObjectsOfflineTests {
    static let env = ["TERMLETS_PASSWORD": "test", "TERMLETS_QUIET": "1"]
    static let tickets = "/o/c/tickets/scopes/20143"

    static func start74() async throws -> (CLIHome, TestPortal) {
        let home = try CLIHome()
        return (home, try await TestPortal.start(home, extra: ["--portal-version", "7.4"]))
    }

    static func pending(_ home: CLIHome, _ portal: TestPortal) async throws -> [JSONValue] {
        try await home.json(["pending"] + portal.server(), environment: env).arrayValue ?? []
    }

    @Test func aQueuedAddIsSyncedOnceByItsERC() async throws {
        let (home, portal) = try await Self.start74()
        defer { portal.stop() }
        let readBack = ObjectsReadBack(server: portal.url)
        let before = try await readBack.totalCount(Self.tickets)
        // The definition is read once with the portal there (and kept for offline).
        #expect(try await home.run(["form", "--object", "Ticket", "--offline-policy", "remote-first", "--format", "json"] + portal.server(), environment: Self.env).status == 0)
        try await portal.setFaults(["offline": true])
        let queued = try await home.json(
            ["form", "--object", "Ticket", "--set", "title=Written offline", "--set", "severity=major", "--submit", "--offline-policy", "remote-first"]
                + portal.server(), environment: Self.env)
        #expect(queued["status"] == "queued")
        let queueId = try #require(queued["queueId"]?.stringValue)
        let erc = try #require(queued["externalReferenceCode"]?.stringValue)
        let pending = try await Self.pending(home, portal)
        #expect(pending.count == 1)
        #expect(pending.first?["operation"] == "add-entry")
        #expect(pending.first?["object"] == "Ticket")
        #expect(pending.first?["queueId"]?.stringValue == queueId)
        #expect(pending.first?["values"] == ["title": "Written offline", "severity": "major"])

        try await portal.clearFaults()
        let sync = try await home.json(["sync"] + portal.server(), environment: Self.env)
        #expect(sync["synced"] == 1)
        #expect(try await Self.pending(home, portal).isEmpty)
        let entries = try await readBack.entries(Self.tickets, filter: "externalReferenceCode eq '\(erc)'")
        #expect(entries.count == 1)
        #expect(entries.first?["title"] as? String == "Written offline")
        #expect(try await home.json(["sync"] + portal.server(), environment: Self.env)["synced"] == 0)
        #expect(try await readBack.totalCount(Self.tickets) == before + 1)
    }

    @Test func anUpdateOverANewerEntryIsAConflictThatResolveSettles() async throws {
        let (home, portal) = try await Self.start74()
        defer { portal.stop() }
        let readBack = ObjectsReadBack(server: portal.url)
        // Opened once online: the entry (with its dateModified) is kept for offline.
        #expect(try await home.run(["form", "--object", "Ticket", "--record-id", "200002", "--offline-policy", "remote-first", "--format", "json"] + portal.server(), environment: Self.env).status == 0)
        #expect(try await home.run(["list", "--object", "Ticket", "--first-page-size", "2", "--format", "json"] + portal.server(), environment: Self.env).status == 0)
        try await portal.setFaults(["offline": true])
        let queued = try await home.json(
            ["form", "--object", "Ticket", "--record-id", "200002", "--set", "priority=1", "--submit", "--offline-policy", "cache-first"] + portal.server(),
            environment: Self.env)
        #expect(queued["status"] == "queued")
        let queueId = try #require(queued["queueId"]?.stringValue)
        #expect(try await Self.pending(home, portal).first?["operation"] == "update-entry")
        // The list shows the queued value, marked, while the portal is away.
        let listed = try await home.json(["list", "--object", "Ticket", "--first-page-size", "2"] + portal.server(), environment: Self.env)
        let queuedRow = try #require(listed["records"]?.arrayValue?.first { $0["recordId"] == 200_002 })
        #expect(queuedRow["pending"] == "dirty")
        #expect(queuedRow["values"]?["priority"] == "1")
        #expect(listed["records"]?.arrayValue?.first { $0["recordId"] == 200_001 }?["pending"] == .null)
        try await portal.clearFaults()
        // Someone else changes the entry meanwhile.
        #expect(try await home.json(["form", "--object", "Ticket", "--record-id", "200002", "--set", "priority=2", "--submit"] + portal.server(), environment: Self.env)["status"] == "updated")

        let sync = try await home.json(["sync"] + portal.server(), environment: Self.env)
        #expect(sync["conflicts"] == 1)
        #expect(try await Self.pending(home, portal).first?["state"] == "conflict")
        #expect((try await readBack.entry("tickets", id: 200_002)?["priority"] as? NSNumber)?.intValue == 2, "a conflict sends nothing")

        let resolve = try await home.run(["resolve", queueId, "keep-mine"] + portal.server(), environment: Self.env)
        #expect(resolve.status == 0, "\(resolve.stderr)")
        #expect(try await home.json(["sync"] + portal.server(), environment: Self.env)["synced"] == 1)
        #expect((try await readBack.entry("tickets", id: 200_002)?["priority"] as? NSNumber)?.intValue == 1)
        #expect(try await Self.pending(home, portal).isEmpty)
    }

    /// Adds queued offline, a sync killed with SIGKILL while it sends them (the portal slowed
    /// down), then `sync` again: each entry is on the portal exactly once.
    @Test(.timeLimit(.minutes(5)))
    func aSyncKilledMidwayThenRunAgainLeavesEachEntryOnce() async throws {
        let (home, portal) = try await Self.start74()
        defer { portal.stop() }
        let readBack = ObjectsReadBack(server: portal.url)
        let before = try await readBack.totalCount(Self.tickets)
        #expect(try await home.run(["form", "--object", "Ticket", "--offline-policy", "remote-first", "--format", "json"] + portal.server(), environment: Self.env).status == 0)
        try await portal.setFaults(["offline": true])
        var codes: [String] = []
        for n in 1...8 {
            let queued = try await home.json(
                ["form", "--object", "Ticket", "--set", "title=Killed sync \(n)", "--submit", "--offline-policy", "cache-only"] + portal.server(),
                environment: Self.env)
            codes.append(try #require(queued["externalReferenceCode"]?.stringValue))
        }
        try await portal.clearFaults()
        try await portal.setFaults(["latencyMs": 400, "pathPrefix": "/o/c/"])
        let child = try SpawnedProcess(TermletsBinary.url, ["sync"] + portal.server() + home.options, environment: Self.env)
        child.closeStandardInput()
        // Killed once the portal has taken three of the adds (one may be in flight).
        _ = try await waitFor("three adds reached the portal", timeout: 60, every: 0.05) { () async throws -> Bool? in
            let puts = try await portal.requests().filter { $0["method"] == "PUT" }.count
            return puts >= 3 ? true : nil
        }
        child.signal(SIGKILL)
        _ = try await offPool { child.wait(timeout: 30) }
        #expect(try await Self.pending(home, portal).count > 0, "the killed sync left work")

        try await portal.clearFaults()
        let sync = try await home.run(["sync", "--format", "json"] + portal.server(), environment: Self.env)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try await Self.pending(home, portal).isEmpty)
        for code in codes {
            #expect(try await readBack.entries(Self.tickets, filter: "externalReferenceCode eq '\(code)'").count == 1, "\(code)")
        }
        #expect(try await readBack.totalCount(Self.tickets) == before + codes.count)
    }
}
