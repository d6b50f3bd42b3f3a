import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Sync
import Testing

/// A document upload the user discarded (a form's edits thrown away) while a sync was sending it
/// becomes a `withdraw-upload` tombstone: sync deletes the document the portal made (known from
/// the answer, or found by title and uuid), drops the tombstone when there is none, and never
/// uploads the file again. An upload never sent simply leaves the queue with its file.
@Suite("sync engine: withdrawn uploads")
struct WithdrawnUploadTests {
    /// Queues the upload of a small file titled `title`, as a form queues a document offline.
    static func queueUpload(_ title: String, _ f: SyncFixture) throws -> QueueItem {
        let file = f.folder.path("\(title).txt")
        try Data(repeating: 0x61, count: 64).write(to: file)
        return try f.queue.enqueue(
            .upload(
                collection: "DDLForm", file: file,
                metadata: [
                    PayloadKey.groupId: .int(SyncFixture.groupId), PayloadKey.repositoryId: .int(SyncFixture.groupId),
                    PayloadKey.folderId: .int(0), PayloadKey.title: .string(title), PayloadKey.mimeType: "text/plain",
                ]))
    }

    /// The file entry titled `title` in the site's root folder, or nil.
    static func portalDocument(_ title: String, _ f: SyncFixture) async throws -> JSONValue? {
        var call = ServiceCall(path: "/dlapp/get-file-entry")
        call.append("groupId", .int(SyncFixture.groupId))
        call.append("folderId", .int(0))
        call.append("title", .string(title))
        do {
            return try await f.session.invoke(call)
        } catch let error as PortalError where error.kind == .notFound {
            return nil
        }
    }

    @Test func anAnswerLostAfterTheDocumentWasMadeIsFoundByTitleAndDeleted() async throws {
        try await withFixture { f in
            let item = try Self.queueUpload("raced-lost-answer", f)
            let claimed = try #require(try f.queue.claimReady().first)
            guard case .tombstone(let tombstone) = try f.queue.withdrawUpload(item.queueId) else {
                Issue.record("an upload being sent must become a tombstone")
                return
            }
            #expect(tombstone.operation == .withdrawUpload && tombstone.state == .sending)
            #expect(throws: OfflineStoreError.self, "discard still refuses a write being sent") { try f.queue.discard(item.queueId) }
            // The request arrives, but its answer is lost (the sync was cancelled).
            _ = try await f.engine().sendOne(claimed)
            #expect(try await Self.portalDocument("raced-lost-answer", f) != nil)
            guard case .withdrawn = try f.queue.settle(claimed, result: .failure(CancellationError()), sender: f.engine().sender) else {
                Issue.record("the outcome of a withdrawn upload is `withdrawn`")
                return
            }
            let listed = try f.queue.listing()
            #expect(listed.map(\.operation) == [.withdrawUpload], "\(listed)")
            #expect(listed.first?.summary == "withdraw upload of raced-lost-answer.txt (the portal may have it from a request already sent)")

            let summary = try await f.engine().run()
            #expect(summary.failed == 0 && summary.pending == 0, "\(summary)")
            #expect(try await Self.portalDocument("raced-lost-answer", f) == nil, "the discarded document is gone")
            #expect(f.requests("delete-file-entry") == 1)
            #expect(f.requests("add-file-entry") == 1, "the file is never uploaded again")
            let done = try #require(try f.queue.item(item.queueId))
            #expect(done.state == .done && done.result?["created"] == true && done.fileURL == nil)
            #expect(item.fileURL.map { FileManager.default.fileExists(atPath: $0.path) } == false, "its private copy is deleted")

            let again = try await f.engine().run()
            #expect(again.synced == 0 && again.pending == 0 && f.requests("delete-file-entry") == 1, "\(again)")
        }
    }

    @Test func aRequestThatWasRefusedLeavesTheQueueWithItsFile() async throws {
        try await withFixture { f in
            let item = try Self.queueUpload("raced-refused", f)
            let copy = try #require(item.fileURL)
            let claimed = try #require(try f.queue.claimReady().first)
            guard case .tombstone = try f.queue.withdrawUpload(item.queueId) else {
                Issue.record("an upload being sent must become a tombstone")
                return
            }
            // Its request goes to a port nobody listens on: a refused connection sent nothing.
            let nowhere = try PortalSession(
                context: ServerContext(serverURL: URL(string: "http://127.0.0.1:1")!, groupId: SyncFixture.groupId, version: .v7),
                credentials: Credentials(username: "test@liferay.com", password: "test"),
                options: PortalSession.Options(timeout: .seconds(5)))
            let result: Result<JSONValue, any Error>
            do {
                result = .success(try await SyncEngine(queue: f.queue, session: nowhere, configuration: SyncConfiguration(groupId: SyncFixture.groupId)).sendOne(claimed))
            } catch {
                result = .failure(error)
            }
            try? await nowhere.shutdown()
            guard case .withdrawn = try f.queue.settle(claimed, result: result, sender: f.engine().sender) else {
                Issue.record("the outcome of a withdrawn upload is `withdrawn`: \(result)")
                return
            }
            #expect(try f.queue.item(item.queueId) == nil, "nothing reached the portal: the row is gone")
            #expect(FileManager.default.fileExists(atPath: copy.path) == false, "and its private copy")
            let summary = try await f.engine().run()
            #expect(summary.synced == 0 && summary.pending == 0, "\(summary)")
            #expect(f.requests("add-file-entry") == 0 && f.requests("delete-file-entry") == 0)
            #expect(try await Self.portalDocument("raced-refused", f) == nil)
        }
    }

    @Test func anUploadNeverSentIsDiscardedAndOneARecordWaitsForIsKept() async throws {
        try await withFixture { f in
            let lone = try Self.queueUpload("never-sent", f)
            #expect(try f.queue.withdrawUpload(lone.queueId) == .discarded)
            #expect(try f.queue.item(lone.queueId) == nil)
            #expect(lone.fileURL.map { FileManager.default.fileExists(atPath: $0.path) } == false)
            #expect(try f.queue.withdrawUpload(lone.queueId) == .discarded, "withdrawing twice is harmless")

            let needed = try Self.queueUpload("needed", f)
            let record = try f.queue.enqueue(
                .addRecord(
                    recordSetId: SyncFixture.openSet, groupId: SyncFixture.groupId,
                    values: ["Title": "with a document", "Attachment": PendingWrite.uploadPlaceholder(needed.queueId)]))
            #expect(throws: OfflineStoreError.hasDependents(queueId: needed.queueId, dependents: [record.queueId])) {
                try f.queue.withdrawUpload(needed.queueId)
            }
            #expect(try f.queue.items().map(\.operation) == [.upload, .addRecord])
        }
    }
}
