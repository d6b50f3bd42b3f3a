import DDM
import Foundation
import OfflineStore
import PortalClient
import Sync
import Testing

@Suite("sync engine: conflicts")
struct ConflictTests {
    /// Queues an update of `recordId` made on the portal's current version.
    func queueEdit(_ f: SyncFixture, _ recordId: Int64, title: String) async throws -> QueueItem {
        let current = try await f.session.record(id: recordId)
        return try f.queue.enqueue(.updateRecord(
            recordId: recordId, recordSetId: SyncFixture.openSet, values: .object(["Title": .string(title)]),
            baseModifiedDate: JSONValue(current.modifiedDate)))
    }

    /// Someone else edits `recordId` on the portal.
    func editOnPortal(_ f: SyncFixture, _ recordId: Int64, title: String) async throws {
        _ = try await f.session.updateRecord(recordId: recordId, fieldsMap: ["Title": .string(title)], serviceContext: nil)
    }

    func title(_ f: SyncFixture, _ recordId: Int64) async throws -> String? {
        try await f.session.record(id: recordId).values["Title"]?.stringValue
    }

    @Test func portalEditsBecomeConflictsAndEachResolutionWorks() async throws {
        try await withFixture { f in
            let keep = try await queueEdit(f, 41001, title: "mine 1")
            let take = try await queueEdit(f, 41002, title: "mine 2")
            let later = try await queueEdit(f, 41005, title: "mine 5")
            let clean = try await queueEdit(f, 41003, title: "mine 3")
            for id: Int64 in [41001, 41002, 41005] { try await editOnPortal(f, id, title: "theirs \(id)") }

            let first = try await f.engine().run()
            #expect(first.synced == 1)
            #expect(first.conflicts == 3)
            #expect(first.failed == 0)
            #expect(try await title(f, 41003) == "mine 3")
            #expect(try f.queue.item(clean.queueId)?.state == .done)
            for item in [keep, take, later] {
                let held = try #require(try f.queue.item(item.queueId))
                #expect(held.state == .conflict)
                #expect(held.portalValue?["values"]?["Title"]?.stringValue?.hasPrefix("theirs") == true)
            }
            // Nothing was overwritten on the portal.
            #expect(try await title(f, 41001) == "theirs 41001")

            try f.queue.resolveConflict(keep.queueId, .keepMine)
            try f.queue.resolveConflict(take.queueId, .takePortal)
            try f.queue.resolveConflict(later.queueId, .later)
            let afterLater = try f.queue.enqueue(.updateRecord(
                recordId: 41005, recordSetId: SyncFixture.openSet, values: ["Title": "mine 5 again"], baseModifiedDate: nil))
            let add = try f.queueAdd("unrelated add")

            let second = try await f.engine().run()
            #expect(second.synced == 2)
            #expect(second.conflicts == 1)
            #expect(second.pending == 2)
            #expect(try await title(f, 41001) == "mine 1")
            #expect(try await title(f, 41002) == "theirs 41002")
            #expect(try f.queue.item(take.queueId) == nil)
            #expect(try await title(f, 41005) == "theirs 41005")
            #expect(try f.queue.item(later.queueId)?.state == .conflict)
            #expect(try f.queue.item(afterLater.queueId)?.state == .dirty)
            #expect(try await f.uuidCounts()[add.uuid] == 1)
        }
    }

    @Test func anUnchangedRecordIsNotAConflict() async throws {
        try await withFixture { f in
            let item = try await queueEdit(f, 41001, title: "first edit")
            let second = try f.queue.enqueue(.updateRecord(
                recordId: 41001, recordSetId: SyncFixture.openSet, values: ["Title": "second edit"],
                baseModifiedDate: item.payload["baseModifiedDate"]))
            let summary = try await f.engine().run()
            #expect(summary.conflicts == 0)
            #expect(summary.synced == 2)
            #expect(try f.queue.item(second.queueId)?.state == .done)
            #expect(try await title(f, 41001) == "second edit")
        }
    }
}
