import DDM
import Foundation
import OfflineStore
import PortalClient
import Synchronization

/// Drains the pending write queue into the portal: uploads first (one at a time, with
/// progress), then deletes, record updates (after a batched conflict check), record adds (in
/// batches of ``SyncConfiguration/batchSize`` commands per request, exactly once by uuid) and
/// withdrawn adds (the record a discarded add may have created is looked up and deleted).
///
/// A refused or conflicting write never holds back unrelated writes. When the portal cannot be
/// reached, every write claimed by the run goes back to the queue and the network error is thrown.
public struct SyncEngine: Sendable {
    /// The queue being drained.
    public let queue: PendingQueue
    /// The logged-in session writes are sent with.
    public let session: PortalSession
    public let configuration: SyncConfiguration
    /// How many batches of writes one claim takes.
    static let batchesPerClaim = 4

    /// An engine sending `queue`'s writes through `session`.
    public init(queue: PendingQueue, session: PortalSession, configuration: SyncConfiguration = SyncConfiguration()) {
        self.queue = queue
        self.session = session
        self.configuration = configuration
    }

    /// Sends every ready write once and returns what happened. Reports `n of m` after each
    /// settled write (and upload bytes) to `progress`. Throws the connectivity error (an
    /// ``OfflineClassifiable`` failure) when the portal is unreachable, or `CancellationError`,
    /// after returning every claimed write to the queue; nothing is lost either way.
    public func run(progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }) async throws -> SyncSummary {
        if configuration.retryBackedOff { try releaseBackoffs() }
        let requests = try await makeRequests()
        let counts = try queue.countsByState()
        let tally = Tally(total: counts.filter { $0.key != .conflict && $0.key != .done }.values.reduce(0, +), report: progress)
        progress(SyncProgress(completed: 0, total: tally.total))
        while true {
            try Task.checkCancellation()
            // A few batches' worth per claim: fewer bookkeeping transactions, still bounded so a
            // killed run leaves few writes to look up.
            let claimed = try queue.claimReady(limit: configuration.batchSize * Self.batchesPerClaim)
            if claimed.isEmpty { break }
            let round = Round(items: claimed)
            do {
                try await process(round, requests: requests, tally: tally)
            } catch {
                // Unreachable or cancelled: every write of this round not settled yet goes back.
                let rest = round.unsettled.map { (item: $0, result: Result<JSONValue, any Error>.failure(error)) }
                if !rest.isEmpty { _ = try queue.settle(rest, sender: bookkeeping) }
                throw error
            }
            if round.items.allSatisfy({ tally.hasSeen($0.queueId) && tally.settledTwice($0.queueId) }) { break }
        }
        let after = try queue.countsByState()
        return SyncSummary(
            synced: tally.synced, failed: tally.failed, conflicts: after[.conflict] ?? 0,
            pending: after.filter { $0.key != .done }.values.reduce(0, +), firstRefusal: tally.firstRefusal)
    }

    /// Runs the sync, delivering progress and then the summary as a stream.
    public func events() -> AsyncThrowingStream<SyncEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let summary = try await run { continuation.yield(.progress($0)) }
                    continuation.yield(.finished(summary))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The sender recording answers in the queue: only its cache changes are used here.
    var bookkeeping: QueueSender {
        QueueSender(send: { _ in throw CancellationError() }, entryChanges: configuration.entryChanges)
    }

    func makeRequests() async throws -> WriteRequests {
        WriteRequests(
            calls: try await session.calls(),
            groupId: configuration.groupId != 0 ? configuration.groupId : session.context.groupId,
            userId: session.user?.userId, locale: configuration.locale,
            defaultWorkflowAction: configuration.workflowAction)
    }

    /// The user asked to sync: writes waiting out a backoff (or failed) are ready at once.
    private func releaseBackoffs() throws {
        for item in try queue.items(in: [.dirty, .failed]) where item.state == .failed || item.retryAt != nil {
            try? queue.retry(item.queueId)
        }
    }

    /// One claimed group of writes, in dependency order.
    private func process(_ round: Round, requests: WriteRequests, tally: Tally) async throws {
        for item in round.items where item.operation == .upload {
            try? queue.renewLease(round.unsettled.map(\.queueId))
            let result = await capture { try await sendUpload(item, requests: requests, tally: tally) }
            try settle([(item, result)], in: round, tally: tally)
        }
        try? queue.renewLease(round.unsettled.map(\.queueId))
        let deletes = round.items.filter { $0.operation == .delete }
        if !deletes.isEmpty { try settle(try await sendDeletes(deletes, requests: requests), in: round, tally: tally) }
        let updates = round.items.filter { $0.operation == .updateRecord }
        if !updates.isEmpty { try settle(try await sendUpdates(updates, requests: requests), in: round, tally: tally) }
        let adds = round.items.filter { $0.operation == .addRecord }
        if !adds.isEmpty { try settle(try await sendAdds(adds, requests: requests), in: round, tally: tally) }
        let withdrawals = round.items.filter { $0.operation == .withdrawAdd }
        if !withdrawals.isEmpty { try settle(try await sendWithdrawals(withdrawals, requests: requests), in: round, tally: tally) }
        for item in round.items where item.operation == .withdrawUpload {
            let result = await capture { try await takeBackUpload(item, requests: requests) }
            try settle([(item, result)], in: round, tally: tally)
        }
        for item in round.items where item.operation.isObjectEntry {
            try? queue.renewLease(round.unsettled.map(\.queueId))
            let result = await capture { try await sendEntry(item) }
            try settle([(item, result)], in: round, tally: tally)
        }
    }

    /// Records results in one transaction; a connectivity failure or cancellation among them is
    /// rethrown after recording (the rest of the round then goes back too).
    private func settle(
        _ results: [(item: QueueItem, result: Result<JSONValue, any Error>)], in round: Round, tally: Tally
    ) throws {
        let outcomes = try queue.settle(results, sender: bookkeeping)
        var stop: (any Error)?
        for ((item, _), outcome) in zip(results, outcomes) {
            round.settle(item.queueId)
            switch outcome {
            case .sent: tally.count(item.queueId, synced: true)
            case .rejected(let error):
                tally.count(item.queueId, synced: false)
                tally.noteRefusal((error as? PortalError) ?? PortalError(kind: .server, message: String(describing: error)))
            case .conflict: tally.count(item.queueId, synced: nil)
            case .withdrawn: tally.count(item.queueId, synced: nil)
            case .unreachable(let error): stop = stop ?? error
            }
        }
        if let stop { throw stop }
    }
}

/// What ``SyncEngine/events()`` delivers.
public enum SyncEvent: Sendable, Equatable {
    case progress(SyncProgress)
    case finished(SyncSummary)
}

/// Runs `body`, capturing its result or error.
func capture(_ body: () async throws -> JSONValue) async -> Result<JSONValue, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
}

/// The writes claimed together, and which of them are recorded already.
final class Round: Sendable {
    let items: [QueueItem]
    private let settled = Mutex<Set<String>>([])
    init(items: [QueueItem]) { self.items = items }

    /// Records that `queueId`'s outcome is stored.
    func settle(_ queueId: String) { settled.withLock { _ = $0.insert(queueId) } }

    var unsettled: [QueueItem] {
        let settled = settled.withLock { $0 }
        return items.filter { !settled.contains($0.queueId) }
    }
}

/// Counts of one run, and its progress reports. Shared with the upload progress callback, which
/// runs on the HTTP client's thread: every count sits behind one lock, and reports are made
/// outside it.
final class Tally: Sendable {
    private struct Counts {
        var total: Int
        var synced = 0
        var failed = 0
        var completed = 0
        var seen: Set<String> = []
        var repeats: Set<String> = []
        var firstRefusal: PortalError?
    }

    private let counts: Mutex<Counts>
    private let report: @Sendable (SyncProgress) -> Void

    init(total: Int, report: @escaping @Sendable (SyncProgress) -> Void = { _ in }) {
        counts = Mutex(Counts(total: total))
        self.report = report
    }

    var total: Int { counts.withLock { $0.total } }
    var synced: Int { counts.withLock { $0.synced } }
    var failed: Int { counts.withLock { $0.failed } }
    /// The first refusal of the run, kept for the summary.
    var firstRefusal: PortalError? { counts.withLock { $0.firstRefusal } }

    /// Keeps `error` as the run's first refusal unless one is kept already.
    func noteRefusal(_ error: PortalError) {
        counts.withLock { if $0.firstRefusal == nil { $0.firstRefusal = error } }
    }

    /// Whether the write's outcome was counted in this run.
    func hasSeen(_ queueId: String) -> Bool { counts.withLock { $0.seen.contains(queueId) } }

    /// `synced` true: accepted; false: refused; nil: conflict.
    func count(_ queueId: String, synced accepted: Bool?) {
        let progress: SyncProgress = counts.withLock { counts in
            if !counts.seen.insert(queueId).inserted { counts.repeats.insert(queueId) } else { counts.completed += 1 }
            if accepted == true { counts.synced += 1 }
            if accepted == false { counts.failed += 1 }
            counts.total = max(counts.total, counts.completed)
            return SyncProgress(completed: counts.completed, total: counts.total)
        }
        report(progress)
    }

    /// Whether the write came back within this run after being settled already (a zero backoff).
    func settledTwice(_ queueId: String) -> Bool { counts.withLock { $0.repeats.contains(queueId) } }

    func upload(sent: Int64, size: Int64) {
        let (completed, total) = counts.withLock { ($0.completed, $0.total) }
        report(SyncProgress(completed: completed, total: total, uploadBytes: .init(sent: sent, size: size)))
    }
}
