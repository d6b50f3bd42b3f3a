import DDM
import Foundation

/// Runs a write (record, upload, delete) under a ``SubmitPolicy``. Sending always goes through a
/// ``QueueItem`` and a ``QueueSender``, the same path the sync engine uses, so a write sent "now"
/// and one sent later by sync carry the same uuid and update the cache the same way.
public struct SubmitExecutor: Sendable {
    /// The queue writes go into when they cannot, or should not, be sent at once.
    public let queue: PendingQueue

    /// An executor queueing into `queue`.
    public init(queue: PendingQueue) {
        self.queue = queue
    }

    /// Submits `write` under `policy`:
    ///
    /// - `remote-only`: sends it without queueing; any error is rethrown; the cache is untouched.
    /// - `remote-first`: queues it (durably, so a crash mid-send loses nothing), sends it; when
    ///   the portal is unreachable, or an earlier write of the same record or an upload it needs
    ///   is still queued, it stays queued with its local changes applied: `.queued`. A refusal
    ///   drops it and rethrows the portal's error; a conflict keeps it for the user.
    /// - `cache-first`: queues it with its local changes, then tries to send it: `.sent` or
    ///   `.queued`; a refusal keeps it as `failed` (``SubmitError/rejectedKeptInQueue(queueId:reason:)``).
    /// - `cache-only`: queues it: `.queued`.
    ///
    /// Sends are guarded by the database's ``Connectivity``: while the portal is known to be
    /// unreachable, a write that may be queued is queued at once, without a network attempt.
    public func submit(_ write: PendingWrite, policy: SubmitPolicy, sender: QueueSender) async throws -> SubmitOutcome {
        let sender = queue.database.connectivity.guarding(sender)
        switch policy {
        case .remoteOnly:
            return .sent(try await sender.send(try transientItem(for: write)))

        case .remoteFirst:
            var bare = write
            bare.localChanges = []
            bare.linkedEntry = nil
            let (item, claimed) = try queue.enqueueClaiming(bare)
            switch try await attempt(claimed, using: sender) {
            case .sent(let answer):
                return .sent(answer)
            case .withdrawn:
                return .queued(queueId: item.queueId)
            case .none, .unreachable:
                try queue.attachLocalChanges(item.queueId, linkedEntry: write.linkedEntry, changes: write.localChanges)
                return .queued(queueId: item.queueId)
            case .conflict(let portalValue):
                try queue.attachLocalChanges(item.queueId, linkedEntry: write.linkedEntry, changes: write.localChanges)
                throw SubmitError.conflict(queueId: item.queueId, portalValue: portalValue)
            case .rejected(let error):
                try queue.discard(item.queueId)
                throw error
            }

        case .cacheFirst:
            let (item, claimed) = try queue.enqueueClaiming(write)
            switch try await attempt(claimed, using: sender) {
            case .sent(let answer):
                return .sent(answer)
            case .none, .unreachable, .withdrawn:
                return .queued(queueId: item.queueId)
            case .conflict(let portalValue):
                throw SubmitError.conflict(queueId: item.queueId, portalValue: portalValue)
            case .rejected(let error):
                throw SubmitError.rejectedKeptInQueue(queueId: item.queueId, reason: error)
            }

        case .cacheOnly:
            return .queued(queueId: try queue.enqueue(write).queueId)
        }
    }

    /// Sends a write queued and claimed at once; nil (it stays queued) when it could not be claimed.
    private func attempt(_ claimed: QueueItem?, using sender: QueueSender) async throws -> SendOutcome? {
        guard let claimed else { return nil }
        return try await queue.attempt(claimed: claimed, using: sender)
    }

    /// The item `remote-only` sends: never stored, the user's file used in place.
    private func transientItem(for write: PendingWrite) throws -> QueueItem {
        let payload = JSONValue.object(write.payload)
        let waitsFor = PendingQueue.unique(write.dependsOn + Placeholders.references(in: payload))
        guard waitsFor.isEmpty else {
            throw OfflineStoreError.invalidWrite("remote-only cannot wait for queued uploads \(waitsFor)")
        }
        let queueId = UUID().uuidString.lowercased()
        let now = Date()
        return QueueItem(
            queueId: queueId, sequence: 0, operation: write.operation, collection: write.collection,
            subject: try write.subject ?? PendingQueue.subject(for: write, queueId: queueId), payload: payload,
            uuid: write.uuid, state: .sending, attempts: 1, lastError: nil, retryAt: nil, portalValue: nil,
            result: nil, linkedEntry: write.linkedEntry, fileURL: write.sourceFile, dependsOn: [], createdAt: now,
            updatedAt: now, wasInterrupted: false)
    }
}
