import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Sync
import Testing

@Suite("sync engine: exactly once")
struct ExactlyOnceTests {
    @Test func anInterruptedAddThatReachedThePortalIsAdoptedNotRepeated() async throws {
        try await withFixture { f in
            let items = try (1...6).map { try f.queueAdd("interrupted \($0)") }
            // A process claims them, the first four reach the portal, and it dies before recording it.
            let claimed = try f.queue.claimReady()
            #expect(claimed.count == 6)
            let calls = ServiceCalls(version: .v7)
            _ = try await f.session.invoke(claimed.prefix(4).map { item in
                calls.records.addRecord(
                    groupId: SyncFixture.groupId, recordSetId: SyncFixture.openSet,
                    fieldsMap: ["Title": item.payload["values"]?["Title"] ?? .null],
                    serviceContext: ServiceContext(scopeGroupId: SyncFixture.groupId, uuid: item.uuid))
            })
            f.emulator.clearJournal()
            // The next run sees them abandoned (lease 0 stands for "the owner is gone").
            let survivor = PendingQueue(database: f.database, sendingLease: 0)
            let engine = SyncEngine(
                queue: survivor, session: f.session, configuration: SyncConfiguration(groupId: SyncFixture.groupId))
            let summary = try await engine.run()
            #expect(summary.synced == 6)
            #expect(summary.pending == 0)
            let counts = try await f.uuidCounts()
            for item in items { #expect(counts[item.uuid] == 1) }
            // Only the two that never arrived were added.
            #expect(f.requests("add-record") == 2)
            let adopted = try #require(try f.queue.item(items[0].queueId)?.result)
            #expect(adopted["recordId"]?.int64Value != nil)
        }
    }

    @Test func theDuplicateUUIDRefusalIsTreatedAsDone() async throws {
        try await withFixture { f in
            let item = try f.queueAdd("sent by someone else")
            let calls = ServiceCalls(version: .v7)
            _ = try await f.session.invoke(calls.records.addRecord(
                groupId: SyncFixture.groupId, recordSetId: SyncFixture.openSet, fieldsMap: ["Title": "sent by someone else"],
                serviceContext: ServiceContext(scopeGroupId: SyncFixture.groupId, uuid: item.uuid)))
            let summary = try await f.engine().run()
            #expect(summary.synced == 1)
            #expect(summary.failed == 0)
            #expect(try await f.uuidCounts()[item.uuid] == 1)
            #expect(try f.queue.item(item.queueId)?.state == .done)
        }
    }

    @Test func theSubmitSenderIsTheSamePath() async throws {
        try await withFixture { f in
            let executor = SubmitExecutor(queue: f.queue)
            let write = PendingWrite.addRecord(recordSetId: SyncFixture.openSet, groupId: SyncFixture.groupId, values: ["Title": "now"])
            let outcome = try await executor.submit(write, policy: .remoteFirst, sender: f.engine().sender)
            guard case .sent(let answer) = outcome else {
                Issue.record("expected sent, got \(outcome)")
                return
            }
            #expect(answer["uuid"]?.stringValue == write.uuid)
            await f.emulator.setFaults(FaultSettings(offline: true))
            let offline = try await executor.submit(
                PendingWrite.addRecord(recordSetId: SyncFixture.openSet, groupId: SyncFixture.groupId, values: ["Title": "later"]),
                policy: .remoteFirst, sender: f.engine().sender)
            guard case .queued = offline else {
                Issue.record("expected queued, got \(offline)")
                return
            }
            #expect(try f.queue.pendingCount() == 1)
        }
    }
}
