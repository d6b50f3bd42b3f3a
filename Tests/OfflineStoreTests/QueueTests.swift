import DDM
import Foundation
import Testing

@testable import OfflineStore

@Suite("Pending write queue")
struct QueueTests {
    let folder: TemporaryFolder
    let database: CacheDatabase
    let queue: PendingQueue
    let entries: EntryStore

    init() throws {
        folder = try TemporaryFolder()
        database = try folder.openDatabase()
        queue = PendingQueue(database: database)
        entries = EntryStore(database: database)
    }

    @Test func itemsKeepTheirOrderAndEverythingTheyNeed() throws {
        let first = try queue.enqueue(addRecord(1))
        let second = try queue.enqueue(updateRecord(42))
        let third = try queue.enqueue(.delete(fileEntryId: 5))
        #expect(first.sequence < second.sequence && second.sequence < third.sequence)
        #expect(try queue.nextReady().map(\.queueId) == [first.queueId, second.queueId, third.queueId])
        #expect(first.state == .dirty && first.attempts == 0 && first.lastError == nil)
        #expect(UUID(uuidString: first.uuid) != nil && UUID(uuidString: first.queueId) != nil)
        #expect(first.uuid != second.uuid)
        #expect(second.payload["baseModifiedDate"] == 1_000 && second.payload["recordId"] == 42)
        #expect(second.subject == "record:42" && third.subject == "file-entry:5")
        #expect(try queue.item(second.queueId) == second)
    }

    @Test func invalidWritesAreRefused() throws {
        #expect(throws: OfflineStoreError.self) {
            try queue.enqueue(PendingWrite(operation: .updateRecord, collection: "DDLForm", payload: ["values": [:]]))
        }
        #expect(throws: OfflineStoreError.unknownQueueItem("nope")) {
            try queue.enqueue(addRecord(values: ["doc": PendingWrite.uploadPlaceholder("nope")]))
        }
        #expect(try queue.pendingCount() == 0)
    }

    @Test func queueingAppliesLocalChangesAndDirtiesTheLinkedEntry() async throws {
        let address = EntryAddress(collection: "DDLForm", key: "record-42")
        try await entries.put(address, value: ["name": "old"])
        var write = updateRecord(42)
        write.linkedEntry = address
        write.localChanges = [.put(address, value: ["name": "Grace"], state: .dirty)]
        let item = try queue.enqueue(write)
        #expect(item.linkedEntry == address)
        let entry = try #require(try await entries.get(address))
        #expect(entry.value == ["name": "Grace"] && entry.syncState == .dirty)
        try queue.markDone(item.queueId, result: ["recordId": 42, "modifiedDate": 2_000])
        #expect(try await entries.get(address)?.syncState == .clean)
        #expect(try queue.item(item.queueId)?.state == .done)
        #expect(try queue.pendingCount() == 0)
    }

    @Test func doneIsRecordedWithTheCacheInOneTransaction() async throws {
        let draft = EntryAddress(collection: "DDLForm", key: "draft-1")
        var write = addRecord()
        write.linkedEntry = draft
        write.localChanges = [.put(draft, value: ["name": "Ada"], state: .dirty)]
        let item = try queue.enqueue(write)
        let saved = EntryAddress(collection: "DDLForm", key: "record-900")
        _ = try queue.claim(item.queueId)
        // Make the cache update fail half-way: neither the queue nor the cache may change.
        try await database.pool.write { db in
            try db.execute(sql: """
                CREATE TEMP TRIGGER refuse AFTER INSERT ON entry WHEN NEW.key = 'boom'
                BEGIN SELECT RAISE(ABORT, 'disk says no'); END
                """)
        }
        #expect(throws: (any Error).self) {
            try queue.markDone(
                item.queueId, result: ["recordId": 900],
                entryChanges: [.put(saved, value: 1), .put(EntryAddress(collection: "DDLForm", key: "boom"), value: 2)])
        }
        #expect(try queue.item(item.queueId)?.state == .sending)
        #expect(try await entries.get(saved) == nil)
        #expect(try await entries.get(draft)?.syncState == .dirty)
        try await database.pool.write { db in try db.execute(sql: "DROP TRIGGER refuse") }

        try queue.markDone(
            item.queueId, result: ["recordId": 900],
            entryChanges: [.remove(draft), .put(saved, value: ["name": "Ada"])])
        #expect(try await entries.get(draft) == nil)
        #expect(try await entries.get(saved)?.syncState == .clean)
        #expect(try queue.item(item.queueId)?.result == ["recordId": 900])
        // Done twice is harmless.
        try queue.markDone(item.queueId, result: ["recordId": 901])
        #expect(try queue.item(item.queueId)?.result == ["recordId": 900])
        #expect(try queue.purgeDone() == 1)
        #expect(try queue.item(item.queueId) == nil)
    }

    @Test func writesToTheSameRecordGoInOrderButOthersDoNotWait() throws {
        let edit1 = try queue.enqueue(updateRecord(42, values: ["v": 1]))
        let edit2 = try queue.enqueue(updateRecord(42, values: ["v": 2]))
        let other = try queue.enqueue(updateRecord(7))
        #expect(try queue.nextReady().map(\.queueId) == [edit1.queueId, other.queueId])
        let claimed = try queue.claimReady()
        #expect(claimed.map(\.queueId) == [edit1.queueId, other.queueId])
        #expect(claimed.allSatisfy { $0.state == .sending && $0.attempts == 1 })
        #expect(try queue.claimReady().isEmpty)  // nothing else until edit1 settles
        try queue.markDone(edit1.queueId, result: ["recordId": 42, "modifiedDate": 5_000])
        let next = try queue.claimReady()
        #expect(next.map(\.queueId) == [edit2.queueId])
        // edit2 was made on the same base as edit1; now it is based on the version edit1 produced.
        #expect(next.first?.payload["baseModifiedDate"] == 5_000)
    }

    @Test func aRecordIsSentOnlyAfterItsUploadsWithTheirResultsSubstituted() throws {
        let photo = try folder.makeFile("photo.png", contents: "PNG")
        let manual = try folder.makeFile("manual.pdf", contents: "PDF")
        let upload1 = try queue.enqueue(.upload(collection: "DDLForm", file: photo, metadata: ["folderId": 3]))
        let upload2 = try queue.enqueue(.upload(collection: "DDLForm", file: manual, metadata: ["folderId": 3]))
        let record = try queue.enqueue(
            addRecord(values: [
                "name": "Ada", "photo": PendingWrite.uploadPlaceholder(upload1.queueId),
                "docs": [PendingWrite.uploadPlaceholder(upload2.queueId)],
            ]))
        #expect(record.dependsOn == [upload1.queueId, upload2.queueId])
        #expect(try queue.nextReady().map(\.queueId) == [upload1.queueId, upload2.queueId])

        _ = try queue.claimReady()
        try queue.markDone(upload1.queueId, result: ["fileEntryId": 11, "uuid": "u-1"])
        #expect(try queue.nextReady().isEmpty)  // upload2 is still being sent
        try queue.markDone(upload2.queueId, result: ["fileEntryId": 12, "uuid": "u-2"])

        let ready = try queue.claimReady()
        #expect(ready.map(\.queueId) == [record.queueId])
        #expect(ready[0].dependsOn.isEmpty)
        #expect(ready[0].payload["values"]?["photo"] == ["fileEntryId": 11, "uuid": "u-1"])
        #expect(ready[0].payload["values"]?["docs"] == [["fileEntryId": 12, "uuid": "u-2"]])
        #expect(ready[0].payload["values"]?["name"] == "Ada")
    }

    @Test func aWriteQueuedAfterItsUploadIsDoneGetsTheResultAtOnce() throws {
        let upload = try queue.enqueue(.upload(collection: "DDLForm", file: try folder.makeFile("a.txt", contents: "a"), metadata: [:]))
        _ = try queue.claim(upload.queueId)
        try queue.markDone(upload.queueId, result: ["fileEntryId": 11])
        let record = try queue.enqueue(addRecord(values: ["doc": PendingWrite.uploadPlaceholder(upload.queueId)]))
        #expect(record.dependsOn.isEmpty)
        #expect(record.payload["values"]?["doc"] == ["fileEntryId": 11])
    }

    @Test func uploadsKeepAPrivateCopyOfTheFileUntilDone() throws {
        let original = try folder.makeFile("holiday photo.jpg", contents: "JPEG DATA")
        let item = try queue.enqueue(.upload(collection: "ImageGallery", file: original, metadata: ["title": "Beach"]))
        try FileManager.default.removeItem(at: original)  // the user moves the file away
        let copy = try #require(item.fileURL)
        #expect(copy.deletingLastPathComponent().path == database.location.filesDirectory.path)
        #expect(try String(contentsOf: copy, encoding: .utf8) == "JPEG DATA")
        #expect(try posixMode(copy.path) == 0o600)
        #expect(item.payload["fileName"] == "holiday photo.jpg")
        _ = try queue.claim(item.queueId)
        try queue.markDone(item.queueId, result: ["fileEntryId": 1])
        #expect(!FileManager.default.fileExists(atPath: copy.path))
    }

    @Test func aMissingUploadFileIsAClearErrorAndQueuesNothing() throws {
        let missing = folder.url.appendingPathComponent("gone.png")
        #expect(throws: UploadFileRefusal("\(missing.path): no such file")) {
            try queue.enqueue(.upload(collection: "ImageGallery", file: missing, metadata: [:]))
        }
        #expect(try queue.pendingCount() == 0)
    }

    @Test func failuresBackOffAndRetryWhenDue() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let item = try queue.enqueue(addRecord(), now: now)
        _ = try queue.claimReady(now: now)
        try queue.markFailed(item.queueId, error: "server: boom", retryAt: now.addingTimeInterval(60), now: now)
        #expect(try queue.item(item.queueId)?.state == .failed)
        #expect(try queue.nextReady(now: now.addingTimeInterval(30)).isEmpty)
        #expect(try queue.nextReady(now: now.addingTimeInterval(30), ignoringBackoff: true).count == 1)
        #expect(try queue.nextReady(now: now.addingTimeInterval(61)).map(\.queueId) == [item.queueId])

        try queue.markFailed(item.queueId, error: "validation: name required", retryAt: nil, now: now)
        #expect(try queue.nextReady(now: now.addingTimeInterval(1e6), ignoringBackoff: true).isEmpty)
        try queue.retry(item.queueId)
        #expect(try queue.nextReady().map(\.queueId) == [item.queueId])
    }

    @Test func aBatchOfAnswersIsRecordedInOneGo() throws {
        let ids = try (1...4).map { try queue.enqueue(updateRecord(Int64($0))).queueId }
        let claimed = try queue.claimReady(limit: 10)
        #expect(claimed.map(\.queueId) == ids)
        let outcomes = try queue.settle(
            [
                (claimed[0], .success(["recordId": 1, "modifiedDate": 7])),
                (claimed[1], .failure(Unreachable())),
                (claimed[2], .failure(PortalRefused())),
                (claimed[3], .failure(PortalConflict(portalValue: ["modifiedDate": 9]))),
            ], sender: acceptingSender(CallLog()))
        let kinds = outcomes.map { outcome -> String in
            switch outcome {
            case .sent: return "sent"
            case .unreachable: return "unreachable"
            case .rejected: return "rejected"
            case .conflict: return "conflict"
            case .withdrawn: return "withdrawn"
            }
        }
        #expect(kinds == ["sent", "unreachable", "rejected", "conflict"])
        #expect(try ids.map { try queue.item($0)?.state } == [.done, .dirty, .failed, .conflict])
        let unsent = try #require(try queue.item(ids[1]))
        #expect(unsent.lastError == "network: connection refused" && unsent.retryAt != nil)
        #expect(try queue.pendingCount() == 3)
    }

    @Test func retryPolicyGrowsAndCaps() {
        let policy = WriteRetryPolicy(initialDelay: 5, multiplier: 2, maximumDelay: 60)
        #expect([1, 2, 3, 4, 5, 100].map(policy.delay(afterAttempts:)) == [5, 10, 20, 40, 60, 60])
    }

    @Test func editingAQueuedWriteReplacesItsPayload() throws {
        let item = try queue.enqueue(addRecord(values: ["name": "Ad"]))
        try queue.updatePayload(item.queueId, payload: ["recordSetId": 1, "values": ["name": "Ada"]])
        #expect(try queue.item(item.queueId)?.payload["values"] == ["name": "Ada"])
        _ = try queue.claim(item.queueId)
        #expect(throws: OfflineStoreError.self) { try queue.updatePayload(item.queueId, payload: [:]) }
    }

    @Test func editingAQueuedRecordUpdatesWhatItWaitsFor() throws {
        let upload1 = try queue.enqueue(.upload(collection: "DDLForm", file: try folder.makeFile("1", contents: "1"), metadata: [:]))
        let upload2 = try queue.enqueue(.upload(collection: "DDLForm", file: try folder.makeFile("2", contents: "2"), metadata: [:]))
        let record = try queue.enqueue(addRecord(values: ["doc": PendingWrite.uploadPlaceholder(upload1.queueId)]))
        #expect(try queue.item(record.queueId)?.dependsOn == [upload1.queueId])
        // The user picks another document: the record now waits for upload 2 only.
        try queue.updatePayload(
            record.queueId, payload: ["recordSetId": 1, "values": ["doc": PendingWrite.uploadPlaceholder(upload2.queueId)]])
        #expect(try queue.item(record.queueId)?.dependsOn == [upload2.queueId])
        try queue.discard(upload1.queueId)  // nobody waits for it any more
        _ = try queue.claim(upload2.queueId)
        try queue.markDone(upload2.queueId, result: ["fileEntryId": 2])
        #expect(try queue.nextReady().first?.payload["values"] == ["doc": ["fileEntryId": 2]])
    }

    @Test func discardingDropsTheWriteItsFileAndItsLocalEntry() async throws {
        let address = EntryAddress(collection: "DDLForm", key: "record-42")
        var write = updateRecord(42)
        write.linkedEntry = address
        write.localChanges = [.put(address, value: ["name": "draft"], state: .dirty)]
        let item = try queue.enqueue(write)
        let upload = try queue.enqueue(.upload(collection: "DDLForm", file: try folder.makeFile("f", contents: "x"), metadata: [:]))
        let record = try queue.enqueue(addRecord(values: ["doc": PendingWrite.uploadPlaceholder(upload.queueId)]))
        #expect(throws: OfflineStoreError.hasDependents(queueId: upload.queueId, dependents: [record.queueId])) {
            try queue.discard(upload.queueId)
        }
        try queue.discard(record.queueId)
        try queue.discard(upload.queueId)
        #expect(!FileManager.default.fileExists(atPath: try #require(upload.fileURL).path))
        try queue.discard(item.queueId)
        #expect(try await entries.get(address) == nil)
        #expect(try queue.pendingCount() == 0)
    }

    @Test func aWriteInFlightCannotBeDiscardedButAnAbandonedOneCan() throws {
        let item = try queue.enqueue(addRecord())
        let start = Date()
        _ = try queue.claim(item.queueId, now: start)
        #expect(throws: OfflineStoreError.invalidState(queueId: item.queueId, state: "sending", operation: "discard")) {
            try queue.discard(item.queueId, now: start)
        }
        try queue.discard(item.queueId, now: start.addingTimeInterval(queue.sendingLease + 1))
        #expect(try queue.item(item.queueId) == nil)
    }

    @Test func recordsWithPendingWritesAreMarkedWithTheirWorstState() throws {
        let a1 = try queue.enqueue(updateRecord(1))
        _ = try queue.enqueue(updateRecord(1))
        let b = try queue.enqueue(updateRecord(2))
        _ = try queue.enqueue(updateRecord(3))
        _ = try queue.enqueue(addRecord())  // no recordId yet: not a row of the list
        _ = try queue.claimReady()
        try queue.markConflict(a1.queueId, portalValue: ["modifiedDate": 2])
        try queue.markFailed(b.queueId, error: "server: boom", retryAt: nil)
        #expect(try queue.recordsWithPendingWrites() == [1: .conflict, 2: .failed, 3: .dirty])
    }

    @Test func countsAndTheContractListing() throws {
        let added = try queue.enqueue(addRecord(3, values: ["name": "Ada"]))
        let updated = try queue.enqueue(updateRecord(42, values: ["name": "Grace"]))
        let deleted = try queue.enqueue(.delete(collection: "ImageGallery", fileEntryId: 5))
        _ = try queue.claim(updated.queueId)
        try queue.markFailed(updated.queueId, error: "server: boom", retryAt: nil)
        _ = try queue.claim(deleted.queueId)  // in flight: listed as dirty

        #expect(try queue.pendingCount() == 3)
        #expect(try queue.pendingCount(collection: "ImageGallery") == 1)
        #expect(try queue.pendingCountsByCollection() == ["DDLForm": 2, "ImageGallery": 1])
        #expect(try queue.countsByState() == [.dirty: 1, .failed: 1, .sending: 1])

        let listing = try queue.listingJSON()
        #expect(
            listing == [
                [
                    "queueId": .string(added.queueId), "operation": "add-record", "state": "dirty",
                    "recordSetId": 3, "recordId": nil, "values": ["name": "Ada"], "error": nil,
                ],
                [
                    "queueId": .string(updated.queueId), "operation": "update-record", "state": "failed",
                    "recordSetId": 1, "recordId": 42, "values": ["name": "Grace"], "error": "server: boom",
                ],
                [
                    "queueId": .string(deleted.queueId), "operation": "delete", "state": "dirty",
                    "recordSetId": nil, "recordId": nil, "values": nil, "error": nil,
                ],
            ])
    }
}

@Suite("Queue hygiene")
struct QueueHygieneTests {
    @Test func credentialsAreNeverQueued() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        var write = addRecord()
        write.payload["Password"] = "hunter2"
        #expect(throws: OfflineStoreError.self) { try queue.enqueue(write) }
        #expect(try queue.items(in: QueueState.allCases).isEmpty)
    }

    @Test func orphanFilesAreSweptButQueuedOnesAndFreshOnesKept() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        let item = try queue.enqueue(.upload(collection: "ImageGallery", file: try folder.makeFile("a.png", contents: "a"), metadata: [:]))
        let orphan = queue.database.location.filesDirectory.appendingPathComponent("orphan.png")
        try Data("x".utf8).write(to: orphan)
        #expect(try queue.sweepOrphanFiles(minimumAge: 3600) == 0)  // too fresh: maybe being queued
        #expect(try queue.sweepOrphanFiles(minimumAge: 3600, now: Date().addingTimeInterval(7200)) == 1)
        #expect(!FileManager.default.fileExists(atPath: orphan.path))
        #expect(FileManager.default.fileExists(atPath: try #require(item.fileURL).path))
    }
}
