import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Sync
import Testing

/// A record add the user discarded after its request may have reached the portal becomes a
/// `withdraw-add` tombstone; sync looks the record up by the add's uuid and deletes it, or drops
/// the tombstone when the portal never created it — once, also when repeated or interrupted.
@Suite("sync engine: withdrawn adds")
struct WithdrawnAddTests {
    /// Sends `item`'s add to the portal directly, as a request that got there would have.
    static func deliver(_ item: QueueItem, _ f: SyncFixture, version: PortalVersion = .v7) async throws -> JSONValue {
        try await f.session.invoke(ServiceCalls(version: version).records.addRecord(
            groupId: SyncFixture.groupId, recordSetId: SyncFixture.openSet,
            fieldsMap: ["Title": item.payload["values"]?["Title"] ?? .null],
            serviceContext: ServiceContext(scopeGroupId: SyncFixture.groupId, uuid: item.uuid)))
    }

    /// An add claimed and sent whose answer was lost (cancelled): the portal may have it.
    static func sentWithoutAnswer(_ title: String, _ f: SyncFixture, reachPortal: Bool) async throws -> QueueItem {
        let item = try f.queueAdd(title)
        let claimed = try #require(try f.queue.claimReady().first { $0.queueId == item.queueId })
        if reachPortal { _ = try await deliver(claimed, f) }
        try f.queue.settle(claimed, result: .failure(CancellationError()), sender: f.engine().sender)
        return item
    }

    @Test func aTombstoneForARecordThePortalHasDeletesItOnce() async throws {
        try await withFixture { f in
            let before = try await f.portalRecords().count
            let item = try await Self.sentWithoutAnswer("discarded but created", f, reachPortal: true)
            #expect(try await f.uuidCounts()[item.uuid] == 1)
            guard case .tombstone(let tombstone) = try f.queue.withdrawAdd(item.queueId) else {
                Issue.record("an add sent before must become a tombstone")
                return
            }
            #expect(tombstone.operation == .withdrawAdd && tombstone.state == .dirty && tombstone.uuid == item.uuid)
            let listed = try f.queue.listing()
            #expect(listed.map(\.operation) == [.withdrawAdd], "\(listed)")
            #expect(listed.first?.summary == "withdraw add (record may have been created by a request already sent)")

            let summary = try await f.engine().run()
            #expect(summary.pending == 0 && summary.failed == 0, "\(summary)")
            #expect(try await f.uuidCounts()[item.uuid] == nil, "the discarded record is gone from the portal")
            #expect(try await f.portalRecords().count == before)
            let done = try #require(try f.queue.item(item.queueId))
            #expect(done.state == .done && done.result?["created"] == true, "\(String(describing: done.result))")
            #expect(f.requests("delete-record") == 1)

            let again = try await f.engine().run()
            #expect(again.synced == 0 && again.pending == 0, "\(again)")
            #expect(f.requests("delete-record") == 1, "nothing more is deleted")
            #expect(try await f.portalRecords().count == before)
        }
    }

    @Test func aTombstoneForARecordThePortalDoesNotHaveIsDropped() async throws {
        try await withFixture { f in
            let before = try await f.portalRecords()
            let item = try await Self.sentWithoutAnswer("discarded, never arrived", f, reachPortal: false)
            guard case .tombstone = try f.queue.withdrawAdd(item.queueId) else {
                Issue.record("an add attempted before must become a tombstone")
                return
            }
            let summary = try await f.engine().run()
            #expect(summary.pending == 0 && summary.failed == 0, "\(summary)")
            #expect(try f.queue.item(item.queueId)?.result?["created"] == false)
            #expect(try f.queue.listing().isEmpty)
            #expect(f.requests("delete-record") == 0 && f.requests("add-record") == 0, "nothing is sent but the look-up")
            #expect(try await f.portalRecords().map(\.recordId) == before.map(\.recordId))
            let again = try await f.engine().run()
            #expect(again.pending == 0 && f.requests("delete-record") == 0 && f.requests("add-record") == 0)
        }
    }

    @Test func anAddNeverSentIsSimplyDiscarded() async throws {
        try await withFixture { f in
            let item = try f.queueAdd("never sent")
            #expect(try f.queue.withdrawAdd(item.queueId) == .discarded)
            #expect(try f.queue.item(item.queueId) == nil)
            _ = try await f.engine().run()
            #expect(f.requests("add-record") == 0)
        }
    }

    /// The request is in flight when the user discards; its answer, arriving afterwards, names the
    /// record: the tombstone deletes that record directly, without a look-up.
    @Test func anAnswerArrivingAfterTheWithdrawalIsTakenBack() async throws {
        try await withFixture { f in
            let item = try f.queueAdd("answered after discard")
            let claimed = try #require(try f.queue.claimReady().first)
            guard case .tombstone(let inFlight) = try f.queue.withdrawAdd(item.queueId) else {
                Issue.record("an add being sent must become a tombstone")
                return
            }
            #expect(inFlight.state == .sending)
            let answer = try await Self.deliver(claimed, f)
            let recordId = try #require(answer["recordId"]?.int64Value)
            let outcome = try f.queue.settle(claimed, result: .success(answer), sender: f.engine().sender)
            guard case .withdrawn = outcome else {
                Issue.record("the answer of a withdrawn add is recorded on its tombstone: \(outcome)")
                return
            }
            let tombstone = try #require(try f.queue.item(item.queueId))
            #expect(tombstone.operation == .withdrawAdd && tombstone.state == .dirty)
            #expect(tombstone.payload[WithdrawKey.createdRecordId]?.int64Value == recordId)
            #expect(try f.queue.listing().first?.recordId.int64Value == recordId)

            // Resolved at once, the way the form does it.
            let resolved = try await f.queue.attempt(item.queueId, using: f.engine().sender)
            guard case .sent(let result)? = resolved else {
                Issue.record("the tombstone is resolved: \(String(describing: resolved))")
                return
            }
            #expect(result["recordId"]?.int64Value == recordId && result["created"] == true)
            #expect(f.requests("get-ddl-records") == 0, "the record was known, not looked up")
            #expect(try await f.uuidCounts()[item.uuid] == nil)
        }
    }

    /// Killed after deleting the record and before recording it: the next sync finds nothing by
    /// uuid and drops the tombstone; nothing is deleted twice.
    @Test func aResolutionInterruptedAfterTheDeleteEndsOnce() async throws {
        try await withFixture { f in
            let before = try await f.portalRecords().count
            let item = try await Self.sentWithoutAnswer("deleted, then killed", f, reachPortal: true)
            _ = try f.queue.withdrawAdd(item.queueId)
            let claimed = try #require(try f.queue.claimReady().first)
            #expect(claimed.operation == .withdrawAdd)
            let recordId = try #require(try await f.portalRecords().first { $0.attributes["uuid"]?.stringValue == item.uuid }?.recordId)
            _ = try await f.session.invoke(try #require(ServiceCalls(version: .v7).records.deleteRecord(recordId: recordId)))
            let survivor = PendingQueue(database: f.database, sendingLease: 0)
            let engine = SyncEngine(queue: survivor, session: f.session, configuration: SyncConfiguration(groupId: SyncFixture.groupId))
            let summary = try await engine.run()
            #expect(summary.pending == 0 && summary.failed == 0, "\(summary)")
            #expect(try f.queue.item(item.queueId)?.state == .done)
            #expect(f.requests("delete-record") == 1)
            #expect(try await f.portalRecords().count == before)
        }
    }

    /// Liferay 6.2 cannot delete a record: the tombstone is refused with a message naming the
    /// record, and stays in `pending`.
    @Test func aPortalThatCannotDeleteKeepsTheTombstoneWithTheRecordNamed() async throws {
        try await withFixture(version: .v62) { f in
            let item = try f.queueAdd("kept by 6.2")
            let claimed = try #require(try f.queue.claimReady().first)
            _ = try f.queue.withdrawAdd(item.queueId)
            let answer = try await Self.deliver(claimed, f, version: .v62)
            let recordId = try #require(answer["recordId"]?.int64Value)
            try f.queue.settle(claimed, result: .success(answer), sender: f.engine().sender)
            let summary = try await f.engine().run()
            #expect(summary.failed == 1 && summary.pending == 1, "\(summary)")
            let listed = try #require(try f.queue.listing().first)
            #expect(listed.operation == .withdrawAdd && listed.state == .failed)
            #expect(listed.error?.contains("the portal already has record \(recordId)") == true, "\(listed)")
            #expect(try await f.uuidCounts()[item.uuid] == 1)
        }
    }

    /// A document uploaded for the withdrawn add (and used by nothing else) is deleted with the
    /// record it was uploaded for.
    @Test func theDocumentsUploadedForTheAddAreDeletedWithIt() async throws {
        try await withFixture { f in
            let source = f.folder.path("notes.txt")
            try Data("discarded notes".utf8).write(to: source)
            let entry = try await f.session.addFileEntry(
                repositoryId: SyncFixture.groupId, folderId: 0,
                file: FileUpload(fileURL: source, fileName: "notes.txt", mimeType: "text/plain"), title: "notes for a discarded record")
            let document: JSONValue = [
                "fileEntryId": .int(entry.fileEntryId), "groupId": .int(entry.groupId), "uuid": .string(entry.uuid),
                "version": .string(entry.version),
            ]
            let item = try f.queueAdd("with a document", values: ["Title": "with a document", "Document": document])
            let claimed = try #require(try f.queue.claimReady().first)
            _ = try await Self.deliver(claimed, f)
            try f.queue.settle(claimed, result: .failure(CancellationError()), sender: f.engine().sender)
            guard case .tombstone(let tombstone) = try f.queue.withdrawAdd(item.queueId) else {
                Issue.record("an add sent before must become a tombstone")
                return
            }
            #expect(tombstone.payload[WithdrawKey.uploadedFileEntryIds] == [.int(entry.fileEntryId)])
            let summary = try await f.engine().run()
            #expect(summary.pending == 0 && summary.failed == 0, "\(summary)")
            #expect(try await f.uuidCounts()[item.uuid] == nil)
            #expect(f.requests("delete-file-entry") == 1)
            await #expect(throws: PortalError.self) {
                _ = try await f.session.invoke(ServiceCalls(version: .v7).documents.deleteFileEntry(fileEntryId: entry.fileEntryId))
            }
        }
    }
}
