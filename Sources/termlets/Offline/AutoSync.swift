import OfflineStore
import Screens
import Sync

/// Automatic sync for the interactive screens: the sync scheduler (it syncs while writes wait,
/// and, while the run's ``Connectivity`` says the portal is unreachable, waits for its probe to
/// see it again) on the connection's queue, switched on and off by the settings, its runs
/// reported to the screen one at a time; and the run's connectivity, change by change, for the
/// status line (whether automatic sync is on or off).
actor AutoSync {
    private let queue: PendingQueue
    private let connectivity: Connectivity
    private let makeEngine: @Sendable () -> SyncEngine
    private var scheduler: SyncScheduler?
    private var forwarding: Task<Void, Never>?
    private let (reports, reportSink) = AsyncStream.makeStream(of: SyncRunSummary.self)
    private let (connectivityChanges, connectivitySink) = AsyncStream.makeStream(of: Bool.self)
    private let watchingConnectivity: Task<Void, Never>

    /// How long the scheduler waits: this process's writes are noticed within a second; while writes wait
    /// (a backoff, a conflict) it looks every 2 s, and with nothing queued every 10 s, for writes
    /// another process queued (an idle screen wakes up that rarely); an unreachable portal is left
    /// to the run's probe (``RunConnectivity``: 1 s doubling to 5 s), these delays apply only when
    /// it is not probed.
    static let timing = SyncScheduler.Timing(initialProbeDelay: 1, maximumProbeDelay: 5, idleInterval: 2, quietInterval: 10)

    /// Automatic sync on the connection's cache; nil without one (`remote-only` queues nothing).
    init?(_ connection: CacheReadingConnection) {
        guard let database = connection.database else { return nil }
        self.init(database: database, connection: connection.connection)
    }

    /// Automatic sync of the queue in `database` to the portal of `connection`.
    init(database: CacheDatabase, connection: PortalConnection) {
        self.queue = PendingQueue(database: database)
        let connectivity = RunConnectivity.start(database, connection: connection)
        self.connectivity = connectivity
        self.makeEngine = { SyncEngine(database: database, connection: connection) }
        let changes = connectivitySink
        watchingConnectivity = Task {
            for await state in connectivity.changes() where state != .unknown {
                changes.yield(state == .online)
            }
        }
    }

    /// Starts or stops the scheduler (what the settings say).
    func setEnabled(_ enabled: Bool) async {
        if enabled, scheduler == nil {
            let scheduler = SyncScheduler(engine: makeEngine(), timing: Self.timing, connectivity: connectivity)
            self.scheduler = scheduler
            let queue = self.queue
            let reports = reportSink
            forwarding = Task {
                for await summary in scheduler.summaries {
                    reports.yield(SyncRunSummary(summary, pending: try? queue.pendingCount()))
                }
            }
            await scheduler.start()
        } else if !enabled, let scheduler {
            await scheduler.stop()
            self.scheduler = nil
            forwarding = nil
        }
    }

    /// Stops the scheduler (a sync in progress goes back to the queue) and the probe, and ends
    /// the reports.
    func close() async {
        await setEnabled(false)
        connectivity.stopProbing()
        watchingConnectivity.cancel()
        reportSink.finish()
        connectivitySink.finish()
    }

    /// The screen's side.
    nonisolated var services: AutoSyncServices {
        let queue = self.queue
        return AutoSyncServices(reports: reports, connectivity: connectivityChanges, pendingCount: { try? queue.pendingCount() })
    }
}
