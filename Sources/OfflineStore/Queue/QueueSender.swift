import DDM
import Foundation
import GRDB

/// Thrown by a send function when the portal's record changed since the edit was made (its
/// `modifiedDate` is newer than the write's base): the write goes to `conflict`.
public struct PortalConflict: Error, Sendable, Equatable {
    /// The portal's current value, in the shape of the write's linked entry, with `modifiedDate`.
    public let portalValue: JSONValue

    /// A conflict with the portal's current `portalValue`.
    public init(portalValue: JSONValue) {
        self.portalValue = portalValue
    }
}

/// How queued writes reach the portal. The one path for sending: the submit policies' "try now"
/// and the sync engine both use it, with the same ``QueueItem`` (same uuid).
public struct QueueSender: Sendable {
    /// Sends one item and returns the portal's answer (the record with recordId and
    /// modifiedDate, or the file entry). Throws ``PortalConflict``, an ``OfflineClassifiable``
    /// connectivity failure, or any other error for a refusal.
    public var send: @Sendable (QueueItem) async throws -> JSONValue
    /// The cache changes that go with a successful answer (e.g. store the record under its new
    /// recordId), applied in the same transaction as marking the item done.
    public var entryChanges: @Sendable (QueueItem, JSONValue) -> [EntryChange]

    /// A sender; `entryChanges` defaults to none.
    public init(
        send: @escaping @Sendable (QueueItem) async throws -> JSONValue,
        entryChanges: @escaping @Sendable (QueueItem, JSONValue) -> [EntryChange] = { _, _ in [] }
    ) {
        self.send = send
        self.entryChanges = entryChanges
    }
}

/// What became of one attempt to send a claimed item.
public enum SendOutcome: Sendable {
    /// The portal accepted it; the item is `done`.
    case sent(JSONValue)
    /// The portal could not be reached; the item is `dirty` again, with a backoff.
    case unreachable(any Error)
    /// The portal refused it; the item is `failed`, with a backoff.
    case rejected(any Error)
    /// The portal's record changed; the item is in `conflict`.
    case conflict(portalValue: JSONValue)
    /// The add or upload was withdrawn while being sent: its `withdraw-add` or `withdraw-upload`
    /// tombstone now holds what the answer said (the record or document made, or nothing known)
    /// and is ready to take it back — or, when nothing was sent, the upload left the queue.
    case withdrawn
}

extension PendingQueue {
    /// Records the result of sending a claimed `item` and says what happened. A cancelled send
    /// counts as unreachable, with no backoff.
    @discardableResult
    public func settle(
        _ item: QueueItem, result: Result<JSONValue, any Error>, sender: QueueSender, now: Date = Date()
    ) throws -> SendOutcome {
        try settle([(item, result)], sender: sender, now: now)[0]
    }

    /// Records the results of a batch of claimed items (as one portal batch request answers
    /// them) in **one transaction**, and says what happened to each, in order.
    public func settle(
        _ results: [(item: QueueItem, result: Result<JSONValue, any Error>)], sender: QueueSender,
        now: Date = Date()
    ) throws -> [SendOutcome] {
        let (outcomes, filesToDelete) = try database.pool.write { db in
            var files: [URL] = []
            let outcomes = try results.map { item, result in
                try record(db, item, result, sender: sender, now: now, filesToDelete: &files)
            }
            return (outcomes, files)
        }
        for file in filesToDelete { try? FileManager.default.removeItem(at: file) }
        return outcomes
    }

    private func record(
        _ db: Database, _ item: QueueItem, _ result: Result<JSONValue, any Error>, sender: QueueSender, now: Date,
        filesToDelete: inout [URL]
    ) throws -> SendOutcome {
        switch try withdrawnInFlight(db, item) {
        case .withdrawAdd?:
            try recordWithdrawnAnswer(db, item, result, now: now)
            return .withdrawn
        case .withdrawUpload?:
            if let file = try recordWithdrawnUploadAnswer(db, item, result, now: now) { filesToDelete.append(file) }
            return .withdrawn
        default: break
        }
        if !certainlyNotSent(result) {
            try Cached.execute(db, sql: "UPDATE pending_write SET maybeDelivered = 1 WHERE queueId = ?", arguments: [item.queueId])
        }
        switch result {
        case .success(let answer):
            let changes = sender.entryChanges(item, answer)
            if let file = try recordDone(db, item.queueId, result: answer, entryChanges: changes, now: now) {
                filesToDelete.append(file)
            }
            return .sent(answer)
        case .failure(let conflict as PortalConflict):
            try recordConflict(db, item.queueId, portalValue: conflict.portalValue, now: now)
            return .conflict(portalValue: conflict.portalValue)
        case .failure(let error) where error is CancellationError:
            try recordOutcome(db, item.queueId, state: .dirty, error: "cancelled", retryAt: nil, now: now)
            return .unreachable(error)
        case .failure(let error):
            let retryAt = now.addingTimeInterval(retryPolicy.delay(afterAttempts: item.attempts))
            let connectivity = isConnectivityFailure(error)
            try recordOutcome(
                db, item.queueId, state: connectivity ? .dirty : .failed, error: String(describing: error),
                retryAt: retryAt, now: now)
            return connectivity ? .unreachable(error) : .rejected(error)
        }
    }

    /// Claims `queueId` (if it is ready: not behind an earlier write of its record, not waiting
    /// for an upload), sends it with `sender` and records the outcome. `nil` when it was not ready.
    public func attempt(_ queueId: String, using sender: QueueSender, now: @Sendable () -> Date = Date.init)
        async throws -> SendOutcome?
    {
        guard let item = try claim(queueId, now: now()) else { return nil }
        return try await attempt(claimed: item, using: sender, now: now)
    }

    /// Sends `item`, which this process has claimed (``claim(_:now:)``, ``enqueueClaiming(_:now:)``),
    /// with `sender` and records the outcome.
    public func attempt(claimed item: QueueItem, using sender: QueueSender, now: @Sendable () -> Date = Date.init)
        async throws -> SendOutcome
    {
        let result: Result<JSONValue, any Error>
        do {
            result = .success(try await sender.send(item))
        } catch {
            result = .failure(error)
        }
        return try settle(item, result: result, sender: sender, now: now())
    }
}
