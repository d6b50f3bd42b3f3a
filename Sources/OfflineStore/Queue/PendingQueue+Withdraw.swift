import DDM
import Foundation
import GRDB

/// Payload members of a ``PendingOperation/withdrawAdd`` tombstone (besides the add's own).
public enum WithdrawKey {
    /// The record the withdrawn add created, when its answer came back after the withdrawal.
    public static let createdRecordId = "createdRecordId"
    /// Documents uploaded for the add and used by nothing else: deleted with the record.
    public static let uploadedFileEntryIds = "uploadedFileEntryIds"
}

/// What ``PendingQueue/withdrawAdd(_:now:)`` did.
public enum AddWithdrawal: Sendable, Equatable {
    /// It had never been sent: it is gone from the queue, with its uploads not sent yet.
    case discarded
    /// It may have reached the portal: it is now a `withdraw-add` tombstone, resolved by the next
    /// attempt or sync (still `sending` when a request is in flight).
    case tombstone(QueueItem)
    /// The portal had accepted it before (the answer is `result`): nothing was changed.
    case alreadyDone(result: JSONValue?)
}

extension PendingQueue {
    /// Takes a record add the user discarded back, in one transaction. Never sent (no attempt,
    /// not `sending`, or every attempt certainly unsent): dropped like ``discard(_:now:)``, with the
    /// uploads it waited for that were not sent. Possibly sent (claimed now, or an attempt that
    /// may have reached the portal, ``QueueItem/maybeDelivered``): turned into a
    /// `withdraw-add` tombstone in place — same uuid, record set and position — that no longer
    /// shows in the cache; the documents already uploaded for it and used by no other write are
    /// listed in it (``WithdrawKey/uploadedFileEntryIds``) so that they are deleted with the record.
    /// A request in flight keeps its claim: its answer is recorded on the tombstone (see
    /// ``settle(_:result:sender:now:)``). Calling it again on a tombstone returns it unchanged.
    public func withdrawAdd(_ queueId: String, now: Date = Date()) throws -> AddWithdrawal {
        var filesToDelete: [URL] = []
        let outcome: AddWithdrawal = try database.pool.write { db in
            let item = try QueueSQL.requireItem(db, queueId, filesDirectory: filesDirectory)
            if item.state == .done { return .alreadyDone(result: item.result) }
            if item.operation == .withdrawAdd { return .tombstone(item) }
            guard item.operation == .addRecord else {
                throw OfflineStoreError.invalidState(queueId: queueId, state: item.operation.rawValue, operation: "withdraw an add of")
            }
            filesToDelete += try dropUnsentUploads(db, of: item)
            if item.linkedEntry != nil { try forgetLinkedEntry(db, item) }
            guard item.state == .sending || item.maybeDelivered else {
                try Cached.execute(db, sql: "DELETE FROM pending_write WHERE queueId = ?", arguments: [queueId])
                if let file = item.fileURL { filesToDelete.append(file) }
                return .discarded
            }
            var payload = item.payload.objectValue ?? [:]
            payload[WithdrawKey.uploadedFileEntryIds] = .array(
                try Self.uploadedFileEntries(in: item.payload).filter { try !usedElsewhere(db, $0.uuid, by: queueId) }
                    .map { .int($0.fileEntryId) })
            try QueueSQL.setPayload(db, queueId, .object(payload), now: now)
            let sending = item.state == .sending
            try Cached.execute(
                db,
                sql: """
                    UPDATE pending_write SET operation = 'withdraw-add', state = ?, retryAt = NULL, portalValue = NULL,
                        lastError = ?, entryCollection = NULL, entryKey = NULL WHERE queueId = ?
                    """,
                arguments: [
                    sending ? QueueState.sending.rawValue : QueueState.dirty.rawValue,
                    "discarded after its request was sent: the portal may have created the record", queueId,
                ])
            return .tombstone(try QueueSQL.requireItem(db, queueId, filesDirectory: filesDirectory))
        }
        for file in filesToDelete { try? FileManager.default.removeItem(at: file) }
        return outcome
    }

    /// Records the answer of an add that was withdrawn while its request was in flight (the row is
    /// a tombstone now): the tombstone becomes ready at once, knowing the record the portal
    /// created (`answer`), or, after a failure, that it must look the record up by uuid.
    func recordWithdrawnAnswer(_ db: Database, _ item: QueueItem, _ result: Result<JSONValue, any Error>, now: Date) throws {
        let stored = try QueueSQL.requireItem(db, item.queueId, filesDirectory: filesDirectory)
        if certainlyNotSent(result), !stored.maybeDelivered {
            // Nothing of it ever reached the portal: nothing to take back.
            try Cached.execute(db, sql: "DELETE FROM pending_write WHERE queueId = ?", arguments: [item.queueId])
            return
        }
        var payload = stored.payload.objectValue ?? [:]
        let error: String
        if case .success(let answer) = result, let recordId = answer["recordId"]?.int64Value {
            payload[WithdrawKey.createdRecordId] = .int(recordId)
            error = "discarded, but the portal created record \(recordId) from a request already sent"
        } else {
            error = "discarded after its request was sent: the portal may have created the record"
        }
        try QueueSQL.setPayload(db, item.queueId, .object(payload), now: now)
        try Cached.execute(
            db,
            sql: "UPDATE pending_write SET state = 'dirty', retryAt = NULL, lastError = ?, maybeDelivered = 1 WHERE queueId = ?",
            arguments: [error, item.queueId])
    }

    /// The tombstone operation the stored row of `item` has become while `item` was claimed as an
    /// add or an upload (it was withdrawn while being sent); `nil` when it was not withdrawn.
    func withdrawnInFlight(_ db: Database, _ item: QueueItem) throws -> PendingOperation? {
        guard item.operation == .addRecord || item.operation == .upload else { return nil }
        let stored = try Cached.strings(
            db, sql: "SELECT operation FROM pending_write WHERE queueId = ?", arguments: [item.queueId]
        ).first.flatMap(PendingOperation.init(rawValue:))
        switch (item.operation, stored) {
        case (.addRecord, .withdrawAdd?): return .withdrawAdd
        case (.upload, .withdrawUpload?): return .withdrawUpload
        default: return nil
        }
    }

    /// The file entries (id and uuid) the portal gave for the uploads an add's values refer to.
    static func uploadedFileEntries(in payload: JSONValue) -> [(fileEntryId: Int64, uuid: String)] {
        let values = payload[PayloadKey.values]?.objectValue ?? [:]
        var found: [(Int64, String)] = []
        for value in values.values {
            let instances = value.arrayValue ?? [value]
            for instance in instances {
                if let id = instance[PayloadKey.fileEntryId]?.int64Value, let uuid = instance["uuid"]?.stringValue {
                    found.append((id, uuid))
                }
            }
        }
        return found
    }

    /// Whether another open write refers to the document `uuid`.
    private func usedElsewhere(_ db: Database, _ uuid: String, by queueId: String) throws -> Bool {
        let count = try Cached.int(
            db,
            sql: """
                SELECT COUNT(*) FROM pending_write WHERE queueId <> ? AND state IN \(QueueSQL.openStates)
                AND instr(payload, ?) > 0
                """,
            arguments: [queueId, uuid]) ?? 0
        return count > 0
    }

    /// Drops the uploads `item` waits for that were not sent and that no other write waits for.
    private func dropUnsentUploads(_ db: Database, of item: QueueItem) throws -> [URL] {
        var files: [URL] = []
        for upload in item.dependsOn {
            guard let waiting = try QueueSQL.item(db, upload, filesDirectory: filesDirectory),
                waiting.state == .dirty || waiting.state == .failed, waiting.attempts == 0,
                try QueueSQL.openDependents(db, of: upload) == [item.queueId]
            else { continue }
            try Cached.execute(db, sql: "DELETE FROM pending_write WHERE queueId = ?", arguments: [upload])
            if let file = waiting.fileURL { files.append(file) }
        }
        try Cached.execute(db, sql: "DELETE FROM pending_dependency WHERE queueId = ?", arguments: [item.queueId])
        return files
    }

    /// Removes the cached entry showing `item` alone (the discarded values), as ``discard(_:now:)`` does.
    private func forgetLinkedEntry(_ db: Database, _ item: QueueItem) throws {
        guard let linked = item.linkedEntry else { return }
        if try !QueueSQL.otherOpenWrites(db, linkedTo: linked, excluding: item.queueId),
            let state = try EntrySQL.syncState(db, linked), state != .clean
        {
            try EntrySQL.remove(db, linked)
        }
    }
}

extension QueueItem {
    /// How `termlets pending` and the sync view name a `withdraw-add` or `withdraw-upload`
    /// tombstone; `nil` for others.
    public var withdrawalSummary: String? {
        if operation == .withdrawUpload {
            let name = payload[PayloadKey.fileName]?.stringValue ?? payload[PayloadKey.title]?.stringValue ?? "a document"
            if let fileEntryId = payload[WithdrawUploadKey.createdFileEntryId]?.int64Value {
                return "withdraw upload of \(name) (document \(fileEntryId) made by a request already sent)"
            }
            return "withdraw upload of \(name) (the portal may have it from a request already sent)"
        }
        guard operation == .withdrawAdd else { return nil }
        if let recordId = payload[WithdrawKey.createdRecordId]?.int64Value {
            return "withdraw add (record \(recordId) created by a request already sent)"
        }
        return "withdraw add (record may have been created by a request already sent)"
    }
}
