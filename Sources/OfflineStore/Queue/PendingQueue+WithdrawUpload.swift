import DDM
import Foundation
import GRDB

/// Payload members of a ``PendingOperation/withdrawUpload`` tombstone (besides the upload's own).
public enum WithdrawUploadKey {
    /// The document the withdrawn upload made, when its answer came back after the withdrawal.
    public static let createdFileEntryId = "createdFileEntryId"
}

/// What ``PendingQueue/withdrawUpload(_:now:)`` did.
public enum UploadWithdrawal: Sendable, Equatable {
    /// It had never reached the portal (or was gone already): it left the queue with its file.
    case discarded
    /// A sync was sending it, or an earlier attempt may have arrived: it is now a
    /// `withdraw-upload` tombstone; sync deletes the document if the portal made one.
    case tombstone(QueueItem)
    /// It was uploaded before the withdrawal: the row left the queue; the document stays (a write
    /// sent since may use it).
    case alreadyDone(result: JSONValue?)
}

extension PendingQueue {
    /// Takes back the queued upload of a document the user no longer wants (replaced, removed, or
    /// discarded with a form's edits), in one transaction — also while a sync of this or another
    /// process is sending it, which ``discard(_:now:)`` refuses. Never delivered: dropped with its
    /// file. Being sent, or possibly delivered by an earlier attempt: turned in place into a
    /// `withdraw-upload` tombstone (same uuid, title and position) that the sender's answer and the
    /// next sync resolve, so that a discarded document never stays on the portal. Refused with
    /// ``OfflineStoreError/hasDependents(queueId:dependents:)`` while a queued write waits for it.
    public func withdrawUpload(_ queueId: String, now: Date = Date()) throws -> UploadWithdrawal {
        var fileToDelete: URL?
        let outcome: UploadWithdrawal = try database.pool.write { db in
            guard let item = try QueueSQL.item(db, queueId, filesDirectory: filesDirectory) else { return .discarded }
            if item.operation == .withdrawUpload { return .tombstone(item) }
            guard item.operation == .upload else {
                throw OfflineStoreError.invalidState(queueId: queueId, state: item.operation.rawValue, operation: "withdraw an upload of")
            }
            let dependents = try QueueSQL.openDependents(db, of: queueId)
            guard dependents.isEmpty else { throw OfflineStoreError.hasDependents(queueId: queueId, dependents: dependents) }
            if item.state == .done {
                try Cached.execute(db, sql: "DELETE FROM pending_write WHERE queueId = ?", arguments: [queueId])
                return .alreadyDone(result: item.result)
            }
            guard item.state == .sending || item.maybeDelivered else {
                try Cached.execute(db, sql: "DELETE FROM pending_write WHERE queueId = ?", arguments: [queueId])
                fileToDelete = item.fileURL
                return .discarded
            }
            // The file stays while a request may still be reading it; it goes when the tombstone ends.
            try Cached.execute(
                db,
                sql: """
                    UPDATE pending_write SET operation = 'withdraw-upload', state = ?, retryAt = NULL, lastError = ?,
                        updatedAt = ? WHERE queueId = ?
                    """,
                arguments: [
                    item.state == .sending ? QueueState.sending.rawValue : QueueState.dirty.rawValue,
                    "discarded while it was being uploaded: the portal may have the document", Timestamps.milliseconds(now),
                    queueId,
                ])
            return .tombstone(try QueueSQL.requireItem(db, queueId, filesDirectory: filesDirectory))
        }
        if let fileToDelete { try? FileManager.default.removeItem(at: fileToDelete) }
        return outcome
    }

    /// Records the answer of an upload withdrawn while its request was in flight (the row is a
    /// `withdraw-upload` tombstone now). Nothing reached the portal: the row leaves the queue and
    /// its file is returned for deletion. Otherwise the tombstone becomes ready, knowing the
    /// document made (`answer`'s `fileEntryId`) or that sync must look for it.
    func recordWithdrawnUploadAnswer(
        _ db: Database, _ item: QueueItem, _ result: Result<JSONValue, any Error>, now: Date
    ) throws -> URL? {
        let stored = try QueueSQL.requireItem(db, item.queueId, filesDirectory: filesDirectory)
        if certainlyNotSent(result), !stored.maybeDelivered {
            try Cached.execute(db, sql: "DELETE FROM pending_write WHERE queueId = ?", arguments: [item.queueId])
            return stored.fileURL
        }
        if case .success(let answer) = result, let fileEntryId = answer[PayloadKey.fileEntryId]?.int64Value {
            var payload = stored.payload.objectValue ?? [:]
            payload[WithdrawUploadKey.createdFileEntryId] = .int(fileEntryId)
            try QueueSQL.setPayload(db, item.queueId, .object(payload), now: now)
        }
        try Cached.execute(
            db,
            sql: "UPDATE pending_write SET state = 'dirty', retryAt = NULL, maybeDelivered = 1 WHERE queueId = ?",
            arguments: [item.queueId])
        return nil
    }
}
