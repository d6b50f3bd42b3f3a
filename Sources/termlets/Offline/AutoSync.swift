import OfflineStore
import Screens
import Sync

/// Automatic sync for the interactive screens: the sync scheduler (it syncs while writes wait,
/// and probes an unreachable portal with backoff until it answers) on the connection's queue,
/// switched on and off by the settings, its runs reported to the screen one at a time.
actor AutoSync {
    private let queue: PendingQueue
    private let makeEngine: @Sendable () -> SyncEngine
    private var scheduler: SyncScheduler?
    private var forwarding: Task<Void, Never>?
    private let reports = EventQueue<SyncRunSummary>()

    /// How long the scheduler waits: an unreachable portal is probed after 1 s, then ever less
    /// often, at most every 30 s; new writes are noticed within 2 s.
    static let timing = SyncScheduler.Timing(initialProbeDelay: 1, maximumProbeDelay: 30, idleInterval: 2)

    /// Automatic sync on the connection's cache; nil without one (`remote-only` queues nothing).
    init?(_ connection: CacheReadingConnection) {
        guard let database = connection.database else { return nil }
        self.init(database: database, connection: connection.connection)
    }

    /// Automatic sync of the queue in `database` to the portal of `connection`.
    init(database: CacheDatabase, connection: PortalConnection) {
        self.queue = PendingQueue(database: database)
        self.makeEngine = { SyncEngine(database: database, connection: connection) }
    }

    /// Starts or stops the scheduler (what the settings say).
    func setEnabled(_ enabled: Bool) async {
        if enabled, scheduler == nil {
            let scheduler = SyncScheduler(engine: makeEngine(), timing: Self.timing)
            self.scheduler = scheduler
            let queue = self.queue
            let reports = self.reports
            forwarding = Task {
                for await summary in scheduler.summaries {
                    reports.push(SyncRunSummary(summary, pending: try? queue.pendingCount()))
                }
            }
            await scheduler.start()
        } else if !enabled, let scheduler {
            await scheduler.stop()
            self.scheduler = nil
            forwarding = nil
        }
    }

    /// The next report, or nil once closed.
    nonisolated func next() async -> SyncRunSummary? { await reports.next() }

    /// Stops the scheduler (a sync in progress goes back to the queue) and ends the reports.
    func close() async {
        await setEnabled(false)
        reports.finish()
    }

    /// The screen's side.
    nonisolated var services: AutoSyncServices {
        AutoSyncServices(next: { await self.next() })
    }
}
