import DDM
import Foundation
import OfflineStore
import PortalEmulator
import Testing
import TermletsTestSupport

/// The real `termlets sync`, killed with SIGKILL mid-way, then run again: every queued record is
/// on the portal exactly once and nothing stays queued.
@Suite("termlets sync killed at any moment", .serialized)
struct KilledSyncTests {
    static let queued = 200

    func arguments(_ f: SyncFixture, _ command: String...) -> [String] {
        command + [
            "--server", f.emulator.baseURL.absoluteString, "--user", "test@liferay.com", "--group-id", "20143",
            "--cache-dir", f.folder.path("cache").path, "--config-dir", f.folder.path("config").path,
        ]
    }

    var environment: [String: String] {
        var env = ProcessRunner.cleanEnvironment()
        env["TERMLETS_PASSWORD"] = "test"
        env["TERMLETS_QUIET"] = "1"
        return env
    }

    @Test(arguments: [10, 60, 120])
    func killedThenRunAgainLeavesEveryRecordExactlyOnce(killAfterAdds: Int) async throws {
        try await withFixture(faults: FaultSettings(latencyMs: 30, jitterMs: 10, seed: UInt64(killAfterAdds))) { f in
            let items = try (1...Self.queued).map { try f.queueAdd("kill \(killAfterAdds) #\($0)") }
            let before = try await f.portalRecords().count

            let listed = try await ProcessRunner.termletsOffPool(arguments(f, "pending", "--format", "json"), environment: environment)
            #expect(listed.status == 0)
            #expect(try JSONValue.parse(listed.stdout).arrayValue?.count == Self.queued)

            let child = try SpawnedProcess(
                TermletsBinary.url, arguments(f, "sync", "--batch-size", "10"), environment: environment)
            child.closeStandardInput()
            _ = try await waitFor("\(killAfterAdds) adds to reach the portal", timeout: 120) {
                f.requests("add-record") >= killAfterAdds ? true : nil
            }
            child.signal(SIGKILL)
            #expect(try await offPool { child.wait(timeout: 30) } == 128 + SIGKILL)
            // Killed mid-way: some writes are still open (some of them left `sending`).
            #expect(try f.queue.pendingCount() > 0)

            let again = try await ProcessRunner.termletsOffPool(
                arguments(f, "sync", "--format", "json"), environment: environment, timeout: 180)
            #expect(again.status == 0, "\(again.stderr)")
            let summary = try JSONValue.parse(again.stdout)
            #expect(summary["failed"]?.intValue == 0)
            #expect(summary["pending"]?.intValue == 0)

            let counts = try await f.uuidCounts()
            let missing = items.filter { counts[$0.uuid] == nil }.count
            let duplicated = items.filter { (counts[$0.uuid] ?? 0) > 1 }.count
            #expect(missing == 0)
            #expect(duplicated == 0)
            #expect(try await f.portalRecords().count == before + Self.queued)
            #expect(try f.queue.pendingCount() == 0)
        }
    }

    @Test func pendingAndSyncShapesAndExitCodes() async throws {
        try await withFixture { f in
            let good = try f.queueAdd("shape")
            let bad = try f.queueAdd("no name", recordSetId: SyncFixture.contactsSet, values: ["Email": "x@example.com"])
            let listed = try await ProcessRunner.termletsOffPool(arguments(f, "pending", "--format", "json"), environment: environment)
            #expect(listed.status == 0)
            let entries = try #require(try JSONValue.parse(listed.stdout).arrayValue)
            #expect(entries.count == 2)
            let keys: Set<String> = ["queueId", "operation", "state", "recordSetId", "recordId", "values", "error"]
            for entry in entries { #expect(Set(entry.objectValue?.keys.map { $0 } ?? []) == keys) }
            #expect(entries.first?["queueId"]?.stringValue == good.queueId)
            #expect(entries.first?["operation"]?.stringValue == "add-record")
            #expect(entries.first?["state"]?.stringValue == "dirty")
            #expect(entries.first?["recordSetId"]?.int64Value == SyncFixture.openSet)
            #expect(entries.first?["recordId"] == .null)
            #expect(entries.first?["values"]?["Title"]?.stringValue == "shape")

            let synced = try await ProcessRunner.termletsOffPool(arguments(f, "sync", "--format", "json"), environment: environment)
            #expect(synced.status == 1)
            let summary = try JSONValue.parse(synced.stdout)
            #expect(Set(summary.objectValue?.keys.map { $0 } ?? []) == ["synced", "failed", "conflicts", "pending"])
            #expect(summary["synced"]?.intValue == 1)
            #expect(summary["failed"]?.intValue == 1)
            #expect(summary["pending"]?.intValue == 1)
            #expect(synced.stderr.hasPrefix("error: validation: "))

            let after = try await ProcessRunner.termletsOffPool(arguments(f, "pending", "--format", "json"), environment: environment)
            let left = try #require(try JSONValue.parse(after.stdout).arrayValue)
            #expect(left.count == 1)
            #expect(left.first?["queueId"]?.stringValue == bad.queueId)
            #expect(left.first?["state"]?.stringValue == "failed")
            #expect(left.first?["error"]?.stringValue?.isEmpty == false)

            let text = try await ProcessRunner.termletsOffPool(arguments(f, "pending", "--format", "text"), environment: environment)
            #expect(text.stdout.contains(bad.queueId))
            #expect(text.stdout.contains("failed"))

            await f.emulator.setFaults(FaultSettings(offline: true))
            let offline = try await ProcessRunner.termletsOffPool(arguments(f, "sync"), environment: environment)
            #expect(offline.status == 1)
            #expect(offline.stderr.hasPrefix("error: network: "))
            #expect(try f.queue.pendingCount() == 1)
            // pending needs no network.
            let stillListed = try await ProcessRunner.termletsOffPool(arguments(f, "pending"), environment: environment)
            #expect(stillListed.status == 0)
        }
    }

    @Test func resolveChoosesForAConflictOffline() async throws {
        try await withFixture { f in
            let current = try await f.session.record(id: 41002)
            let item = try f.queue.enqueue(.updateRecord(
                recordId: 41002, recordSetId: SyncFixture.openSet, values: ["Title": "mine"],
                baseModifiedDate: JSONValue(current.modifiedDate)))
            _ = try await f.session.updateRecord(recordId: 41002, fieldsMap: ["Title": "theirs"], serviceContext: nil)
            let first = try await ProcessRunner.termletsOffPool(arguments(f, "sync", "--format", "json"), environment: environment)
            #expect(first.status == 0)
            #expect(try JSONValue.parse(first.stdout)["conflicts"]?.intValue == 1)
            let listedRun = try await ProcessRunner.termletsOffPool(arguments(f, "pending"), environment: environment)
            let listed = try JSONValue.parse(listedRun.stdout)
            #expect(listed[0]?["state"]?.stringValue == "conflict")

            await f.emulator.setFaults(FaultSettings(offline: true))
            let resolved = try await ProcessRunner.termletsOffPool(arguments(f, "resolve", item.queueId, "keep-mine"), environment: environment)
            #expect(resolved.status == 0, "\(resolved.stderr)")
            let unknown = try await ProcessRunner.termletsOffPool(arguments(f, "resolve", "no-such-id", "later"), environment: environment)
            #expect(unknown.status == 1)
            #expect(unknown.stderr.hasPrefix("error: not-found: "))

            await f.emulator.setFaults(.none)
            let second = try await ProcessRunner.termletsOffPool(arguments(f, "sync", "--format", "json"), environment: environment)
            #expect(second.status == 0)
            #expect(try JSONValue.parse(second.stdout)["synced"]?.intValue == 1)
            #expect(try await f.session.record(id: 41002).values["Title"]?.stringValue == "mine")
        }
    }
}
