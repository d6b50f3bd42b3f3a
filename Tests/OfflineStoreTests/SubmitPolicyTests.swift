import DDM
import Foundation
import Testing

@testable import OfflineStore

@Suite("Submit policies")
struct SubmitPolicyTests {
    let folder: TemporaryFolder
    let queue: PendingQueue
    let entries: EntryStore
    let submitter: SubmitExecutor
    let address = EntryAddress(collection: "DDLForm", key: "record-42")

    init() throws {
        folder = try TemporaryFolder()
        let database = try folder.openDatabase()
        queue = PendingQueue(database: database)
        entries = EntryStore(database: database)
        submitter = SubmitExecutor(queue: queue)
    }

    /// An edit of record 42 that shows locally through the cached record.
    func edit() async throws -> PendingWrite {
        try await entries.put(address, value: ["name": "old"])
        var write = updateRecord(42, values: ["name": "new"])
        write.linkedEntry = address
        write.localChanges = [.put(address, value: ["name": "new"], state: .dirty)]
        return write
    }

    /// The portal's answer is stored clean under the record's key.
    func storingSender(_ log: CallLog) -> QueueSender {
        QueueSender(send: acceptingSender(log).send) { item, answer in
            [.put(EntryAddress(collection: "DDLForm", key: "record-\(answer["recordId"]?.int64Value ?? 0)"),
                  value: item.payload["values"] ?? .null)]
        }
    }

    // MARK: remote-only

    @Test func remoteOnlyOnlineSendsWithoutQueueingOrCaching() async throws {
        let log = CallLog()
        let write = try await edit()
        let outcome = try await submitter.submit(write, policy: .remoteOnly, sender: storingSender(log))
        #expect(outcome == .sent(["recordId": 42, "modifiedDate": 2_000]))
        #expect(log.sentItems.first?.uuid == write.uuid)
        #expect(try queue.items(in: QueueState.allCases).isEmpty)
        #expect(try await entries.get(address)?.value == ["name": "old"])
    }

    @Test func remoteOnlyOfflineFailsAndQueuesNothing() async throws {
        let log = CallLog()
        await #expect(throws: Unreachable.self) {
            try await submitter.submit(try edit(), policy: .remoteOnly, sender: failingSender(log, Unreachable()))
        }
        #expect(log.count == 1)
        #expect(try queue.items(in: QueueState.allCases).isEmpty)
        #expect(try await entries.get(address)?.syncState == .clean)
    }

    // MARK: remote-first

    @Test func remoteFirstOnlineSendsAndCachesTheAnswer() async throws {
        let log = CallLog()
        let outcome = try await submitter.submit(try edit(), policy: .remoteFirst, sender: storingSender(log))
        #expect(outcome == .sent(["recordId": 42, "modifiedDate": 2_000]))
        #expect(try queue.pendingCount() == 0)
        let entry = try #require(try await entries.get(address))
        #expect(entry.value == ["name": "new"] && entry.syncState == .clean)
    }

    @Test func remoteFirstOfflineQueuesDirtyAndSaysSo() async throws {
        let log = CallLog()
        let write = try await edit()
        let outcome = try await submitter.submit(write, policy: .remoteFirst, sender: failingSender(log, Unreachable()))
        guard case .queued(let queueId) = outcome else { Issue.record("expected queued, got \(outcome)"); return }
        let item = try #require(try queue.item(queueId))
        #expect(item.state == .dirty && item.uuid == write.uuid && item.attempts == 1)
        #expect(item.lastError == "network: connection refused")
        #expect(log.sentItems.first?.uuid == write.uuid)  // the same uuid was tried and will be retried
        let entry = try #require(try await entries.get(address))
        #expect(entry.value == ["name": "new"] && entry.syncState == .dirty)
    }

    @Test func remoteFirstRefusedRethrowsAndKeepsNothing() async throws {
        let log = CallLog()
        await #expect(throws: PortalRefused.self) {
            try await submitter.submit(try edit(), policy: .remoteFirst, sender: failingSender(log, PortalRefused()))
        }
        #expect(try queue.items(in: QueueState.allCases).isEmpty)
        let entry = try #require(try await entries.get(address))
        #expect(entry.value == ["name": "old"] && entry.syncState == .clean)
    }

    @Test func remoteFirstDoesNotOvertakeAnEarlierQueuedEditOfTheSameRecord() async throws {
        let earlier = try queue.enqueue(updateRecord(42, values: ["name": "first"]))
        let log = CallLog()
        let outcome = try await submitter.submit(try edit(), policy: .remoteFirst, sender: storingSender(log))
        guard case .queued = outcome else { Issue.record("expected queued, got \(outcome)"); return }
        #expect(log.count == 0)
        #expect(try queue.nextReady().map(\.queueId) == [earlier.queueId])
    }

    // MARK: cache-first

    @Test func cacheFirstOnlineQueuesThenSends() async throws {
        let log = CallLog()
        let outcome = try await submitter.submit(try edit(), policy: .cacheFirst, sender: storingSender(log))
        #expect(outcome == .sent(["recordId": 42, "modifiedDate": 2_000]))
        #expect(try queue.pendingCount() == 0)
        #expect(try await entries.get(address)?.syncState == .clean)
    }

    @Test func cacheFirstOfflineStaysQueued() async throws {
        let log = CallLog()
        let outcome = try await submitter.submit(try edit(), policy: .cacheFirst, sender: failingSender(log, Unreachable()))
        guard case .queued(let queueId) = outcome else { Issue.record("expected queued, got \(outcome)"); return }
        #expect(try queue.item(queueId)?.state == .dirty)
        #expect(try await entries.get(address)?.syncState == .dirty)
        #expect(log.count == 1)
    }

    @Test func cacheFirstRefusedKeepsTheWriteAsFailed() async throws {
        let log = CallLog()
        do {
            _ = try await submitter.submit(try edit(), policy: .cacheFirst, sender: failingSender(log, PortalRefused()))
            Issue.record("expected an error")
        } catch let error as SubmitError {
            guard case .rejectedKeptInQueue(let queueId, let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason as? PortalRefused == PortalRefused())
            let item = try #require(try queue.item(queueId))
            #expect(item.state == .failed && item.lastError == "permission: not allowed" && item.retryAt != nil)
            #expect(try await entries.get(address)?.value == ["name": "new"])
        }
    }

    @Test func cacheFirstConflictIsKeptForTheUser() async throws {
        let sender = QueueSender { _ in throw PortalConflict(portalValue: ["modifiedDate": 5]) }
        do {
            _ = try await submitter.submit(try edit(), policy: .cacheFirst, sender: sender)
            Issue.record("expected a conflict")
        } catch let error as SubmitError {
            guard case .conflict(let queueId, let portalValue) = error else { Issue.record("\(error)"); return }
            #expect(portalValue == ["modifiedDate": 5])
            #expect(try queue.item(queueId)?.state == .conflict)
            #expect(try await entries.get(address)?.syncState == .conflict)
        }
    }

    // MARK: cache-only

    @Test func cacheOnlyQueuesWithoutSending() async throws {
        let log = CallLog()
        let outcome = try await submitter.submit(try edit(), policy: .cacheOnly, sender: storingSender(log))
        guard case .queued(let queueId) = outcome else { Issue.record("expected queued, got \(outcome)"); return }
        #expect(log.count == 0)
        #expect(try queue.item(queueId)?.state == .dirty)
        #expect(try await entries.get(address)?.syncState == .dirty)
    }

    // MARK: uploads and deletes

    @Test func uploadsAndDeletesFollowTheSamePolicies() async throws {
        let file = try folder.makeFile("cat.png", contents: "PNG")
        let log = CallLog()
        let upload = PendingWrite.upload(collection: "ImageGallery", file: file, metadata: ["folderId": 3, "title": "Cat"])
        let offlineUpload = try await submitter.submit(upload, policy: .remoteFirst, sender: failingSender(log, Unreachable()))
        let offlineDelete = try await submitter.submit(
            .delete(fileEntryId: 8), policy: .cacheFirst, sender: failingSender(log, Unreachable()))
        guard case .queued(let uploadId) = offlineUpload, case .queued(let deleteId) = offlineDelete else {
            Issue.record("expected both queued: \(offlineUpload), \(offlineDelete)"); return
        }
        #expect(try queue.listing().map(\.operation) == [.upload, .delete])
        // The sent upload used the private copy, whose bytes are the user's file.
        let sentFile = try #require(log.sentItems.first?.fileURL)
        #expect(sentFile.path.hasPrefix(queue.database.location.filesDirectory.path))
        #expect(try String(contentsOf: sentFile, encoding: .utf8) == "PNG")

        let online = try await submitter.submit(upload, policy: .cacheFirst, sender: acceptingSender(log))
        guard case .sent(let fileEntry) = online else { Issue.record("expected sent"); return }
        #expect(fileEntry["title"] == "cat.png")
        #expect(try queue.item(uploadId)?.state == .dirty && queue.item(deleteId)?.state == .dirty)
    }
}
