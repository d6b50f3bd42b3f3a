import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Sync
import Testing
import TermletsTestSupport
import Synchronization

@Suite("sync engine: online, documents, offline, failures")
struct SyncEngineTests {
    @Test func queuedAddsAndAnUpdateLandOnceEach() async throws {
        try await withFixture { f in
            let adds = try (1...3).map { try f.queueAdd("offline \($0)") }
            let before = try await f.session.record(id: 41003)
            try f.queue.enqueue(.updateRecord(
                recordId: 41003, recordSetId: SyncFixture.openSet, values: ["Title": "edited offline"],
                baseModifiedDate: JSONValue(before.modifiedDate)))
            let progress = ProgressLog()
            let summary = try await f.engine().run { progress.append($0) }
            #expect(summary == SyncSummary(synced: 4, failed: 0, conflicts: 0, pending: 0))
            let counts = try await f.uuidCounts()
            for add in adds { #expect(counts[add.uuid] == 1) }
            #expect(try await f.session.record(id: 41003).values["Title"]?.stringValue == "edited offline")
            #expect(progress.last?.completed == 4)
            #expect(progress.last?.total == 4)
            #expect(try f.queue.pendingCount() == 0)
        }
    }

    @Test func documentsAreUploadedBeforeTheirRecordAndSubstituted() async throws {
        try await withFixture { f in
            let file = f.folder.path("notes.txt")
            try Data("queued while offline".utf8).write(to: file)
            let upload = try f.queue.enqueue(.upload(
                collection: "DDLForm", file: file,
                metadata: [
                    PayloadKey.repositoryId: .int(SyncFixture.groupId), PayloadKey.folderId: .int(0),
                    PayloadKey.title: .string("sync-notes-\(UUID().uuidString)"), PayloadKey.mimeType: "text/plain",
                ]))
            let add = try f.queue.enqueue(.addRecord(
                recordSetId: SyncFixture.openSet, groupId: SyncFixture.groupId,
                values: ["Title": "with a document", "Attachment": PendingWrite.uploadPlaceholder(upload.queueId)]))
            let summary = try await f.engine().run()
            #expect(summary.synced == 2)
            #expect(summary.pending == 0)
            let uploaded = try #require(try f.queue.item(upload.queueId)?.result)
            let record = try #require(try await f.portalRecords().first { $0.attributes["uuid"]?.stringValue == add.uuid })
            let attachment = try #require(record.values["Attachment"])
            let reference = try #require(DocumentReference(json: attachment.stringValue.flatMap { try? JSONValue.parse($0) } ?? attachment))
            #expect(reference.uuid == uploaded["uuid"]?.stringValue)
            #expect(reference.uuid == upload.uuid)
            let order = f.emulator.journal.compactMap { entry -> String? in
                if entry.services.contains(where: { $0.hasSuffix("add-file-entry") }) { return "upload" }
                if entry.services.contains(where: { $0.hasSuffix("add-record") }) { return "record" }
                return nil
            }
            #expect(order == ["upload", "record"])
        }
    }

    @Test func unreachablePortalLosesNothing() async throws {
        try await withFixture { f in
            let items = try (1...5).map { try f.queueAdd("kept \($0)") }
            await f.emulator.setFaults(FaultSettings(offline: true))
            await #expect(throws: PortalError.self) { try await f.engine().run() }
            do {
                _ = try await f.engine().run()
            } catch let error as PortalError {
                #expect(error.kind == .network)
                #expect(error.isConnectivityFailure)
            }
            let open = try f.queue.items()
            #expect(open.map(\.queueId) == items.map(\.queueId))
            #expect(open.allSatisfy { $0.state == .dirty })
            await f.emulator.setFaults(.none)
            let summary = try await f.engine().run()
            #expect(summary.synced == 5)
            let counts = try await f.uuidCounts()
            for item in items { #expect(counts[item.uuid] == 1) }
        }
    }

    @Test func aRefusedAddDoesNotBlockTheOthersInItsBatch() async throws {
        try await withFixture { f in
            var good = try (1...4).map { try f.queueAdd("good \($0)", recordSetId: SyncFixture.contactsSet) }
            let bad = try f.queueAdd("no name", recordSetId: SyncFixture.contactsSet, values: ["Email": "x@example.com"])
            good += try (5...9).map { try f.queueAdd("good \($0)", recordSetId: SyncFixture.contactsSet) }
            let summary = try await f.engine(batchSize: 50).run()
            #expect(summary.synced == 9)
            #expect(summary.failed == 1)
            #expect(summary.pending == 1)
            #expect(summary.firstRefusal?.kind == .validation)
            let failed = try #require(try f.queue.item(bad.queueId))
            #expect(failed.state == .failed)
            #expect(failed.lastError != nil)
            let counts = try await f.uuidCounts(SyncFixture.contactsSet)
            for item in good { #expect(counts[item.uuid] == 1) }
            #expect(counts[bad.uuid] == nil)
            let listing = try f.queue.listing()
            #expect(listing.count == 1)
            #expect(listing.first?.state == .failed)
        }
    }

    @Test func eventsStreamProgressThenTheSummary() async throws {
        try await withFixture { f in
            for n in 1...3 { try f.queueAdd("event \(n)") }
            var progress: [SyncProgress] = []
            var summary: SyncSummary?
            for try await event in f.engine().events() {
                switch event {
                case .progress(let p): progress.append(p)
                case .finished(let s): summary = s
                }
            }
            #expect(progress.map(\.text) == ["0 of 3", "1 of 3", "2 of 3", "3 of 3"])
            #expect(summary?.synced == 3)
        }
    }

    @Test func queuedDeletesAreSentAndAMissingEntryCountsAsDeleted() async throws {
        try await withFixture { f in
            let first = try f.queue.enqueue(.delete(fileEntryId: 51001))
            let missing = try f.queue.enqueue(.delete(fileEntryId: 59999))
            let summary = try await f.engine().run()
            #expect(summary.synced == 2)
            #expect(try f.queue.item(first.queueId)?.state == .done)
            #expect(try f.queue.item(missing.queueId)?.state == .done)
            await #expect(throws: PortalError.self) {
                _ = try await f.session.invoke(ServiceCalls(version: .v7).documents.deleteFileEntry(fileEntryId: 51001))
            }
        }
    }
}

/// Progress reports collected from a `@Sendable` callback.
final class ProgressLog: Sendable {
    private let reports = Mutex<[SyncProgress]>([])
    func append(_ progress: SyncProgress) { reports.withLock { $0.append(progress) } }
    var last: SyncProgress? { reports.withLock { $0.last } }
    var all: [SyncProgress] { reports.withLock { $0 } }
}
