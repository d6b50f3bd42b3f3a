import GRDB
import Synchronization

/// Tells waiters that this process committed a change to the pending-write queue (a write queued,
/// retried, sent, withdrawn, …): the automatic sync waits for it instead of asking the database
/// every few seconds while nothing is queued. Changes made by other processes are not seen here.
public final class QueueChangeSignal: Sendable {
    private struct State {
        var version: UInt64 = 0
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Grows by one with every change; read it before looking at the queue, then wait for a
    /// change after it (``waitForChange(after:)``), and no change between the two is missed.
    public var version: UInt64 { state.withLock { $0.version } }

    /// Records a change and wakes every waiter.
    public func signal() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.version &+= 1
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the version is no longer `version` (at once if it already is not), or when
    /// the task is cancelled.
    public func waitForChange(after version: UInt64) async {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter &+= 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.version != version || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}

/// Signals ``QueueChangeSignal`` when a transaction that touched the queue's tables commits.
/// GRDB calls it on the database's writer, one transaction at a time.
final class QueueTablesObserver: TransactionObserver {
    private let signal: QueueChangeSignal
    private var changed = false

    init(signal: QueueChangeSignal) { self.signal = signal }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        eventKind.tableName.hasPrefix("pending_")
    }

    func databaseDidChange(with event: DatabaseEvent) { changed = true }

    func databaseDidCommit(_ db: Database) {
        guard changed else { return }
        changed = false
        signal.signal()
    }

    func databaseDidRollback(_ db: Database) { changed = false }
}
