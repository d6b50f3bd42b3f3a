import DDM
import Foundation
import OfflineStore
import PortalClient

/// Automatic sync: while writes are waiting, runs the engine; when the portal is unreachable,
/// probes it with a cheap call (`/portal/get-build-number`) with exponential backoff and syncs
/// as soon as it answers again. Conflicts and refused writes are left for the user.
public actor SyncScheduler {
    /// How the scheduler waits.
    public struct Timing: Sendable {
        /// First wait between probes of an unreachable portal, in seconds.
        public var initialProbeDelay: TimeInterval
        /// Longest wait between probes.
        public var maximumProbeDelay: TimeInterval
        /// How often an idle scheduler looks again while writes are open but not ready (a backoff
        /// running, a conflict, another process sending).
        public var idleInterval: TimeInterval
        /// How often an idle scheduler looks while nothing is open: this process's own writes wake
        /// it (``CacheDatabase/queueChanges``); this is for another process's.
        public var quietInterval: TimeInterval
        /// How long after this process changed the queue an idle scheduler looks at it: what queued
        /// or changed the write finishes first (a submit sending it itself, a cancelled upload
        /// taken back out of the queue), as it did when the scheduler only looked every few seconds.
        public var wakeDelay: TimeInterval

        /// `quietInterval` defaults to five idle intervals, `wakeDelay` to a second (at most the idle interval).
        public init(initialProbeDelay: TimeInterval = 1, maximumProbeDelay: TimeInterval = 60, idleInterval: TimeInterval = 2,
                    quietInterval: TimeInterval? = nil, wakeDelay: TimeInterval? = nil) {
            self.initialProbeDelay = initialProbeDelay
            self.maximumProbeDelay = maximumProbeDelay
            self.idleInterval = idleInterval
            self.quietInterval = quietInterval ?? idleInterval * 5
            self.wakeDelay = wakeDelay ?? min(1, idleInterval)
        }
    }

    /// What the scheduler is doing, for a status line.
    public enum Status: Sendable, Equatable {
        case idle
        case syncing
        /// The portal is unreachable; the next probe is after this many seconds.
        case offline(nextProbeIn: TimeInterval)
        case stopped
    }

    private let engine: SyncEngine
    private let timing: Timing
    private let probe: @Sendable () async throws -> Void
    private let connectivity: Connectivity?
    private var task: Task<Void, Never>?
    private var stopped = false
    private let continuation: AsyncStream<SyncSummary>.Continuation
    /// The summary of each sync the scheduler ran (also those that sent nothing new).
    public nonisolated let summaries: AsyncStream<SyncSummary>
    /// The current status.
    public private(set) var status: Status = .idle
    /// How many probes were sent while the portal was unreachable.
    public private(set) var probes = 0

    /// A scheduler running `engine`; `probe` defaults to the portal's build number.
    ///
    /// With `connectivity` (the run's shared truth), each run's outcome is reported to it, and
    /// while it is offline and probing on its own, the scheduler waits for it to turn online
    /// instead of probing: the sync starts as soon as the run's probe sees the portal again.
    public init(
        engine: SyncEngine, timing: Timing = Timing(), probe: (@Sendable () async throws -> Void)? = nil,
        connectivity: Connectivity? = nil
    ) {
        self.engine = engine
        self.timing = timing
        self.connectivity = connectivity
        let session = engine.session
        self.probe = probe ?? { _ = try await session.buildNumber() }
        (summaries, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(16))
    }

    /// Starts watching (once; a stopped scheduler stays stopped).
    public func start() {
        guard task == nil, !stopped else { return }
        task = Task {
            await self.watch()
            self.watchEnded()
        }
    }

    /// Stops watching; a sync in progress is cancelled (its writes go back to the queue).
    /// `summaries` ends once the watch has ended, after the summary of a run that finished first.
    public func stop() {
        stopped = true
        status = .stopped
        guard let task else {
            continuation.finish()
            return
        }
        task.cancel()
        self.task = nil
    }

    private func watchEnded() {
        status = .stopped
        continuation.finish()
    }

    private func watch() async {
        while !Task.isCancelled {
            let changes = engine.queue.database.queueChanges
            let version = changes.version  // before looking: a write queued meanwhile ends the wait at once
            let readiness = (try? engine.queue.readiness()) ?? (ready: false, open: true)
            if !readiness.ready {
                status = .idle
                let interval = readiness.open ? timing.idleInterval : timing.quietInterval
                if await !pause(interval, orUntilChangeOf: changes, after: version) { return }
                continue
            }
            if let connectivity, connectivity.skipsNetwork {
                status = .offline(nextProbeIn: timing.initialProbeDelay)
                await connectivity.waitUntilReachable()
                if Task.isCancelled { return }
                makeUnsentReady()
                continue
            }
            status = .syncing
            do {
                let summary = try await engine.run()
                connectivity?.reportReachable()
                continuation.yield(summary)
                status = .idle
                if await !pause(timing.idleInterval) { return }
            } catch let error where SyncScheduler.isUnreachable(error) {
                connectivity?.reportUnreachable()
                if await !waitUntilReachable() { return }
                makeUnsentReady()
            } catch {
                status = .idle
                if await !pause(timing.idleInterval) { return }
            }
        }
    }

    /// Back online: what could not be sent is ready at once (refusals keep their backoff).
    private func makeUnsentReady() {
        for item in (try? engine.queue.items(in: [.dirty])) ?? [] where item.retryAt != nil {
            try? engine.queue.retry(item.queueId)
        }
    }

    /// Probes with backoff until the portal answers (or, with a probing ``Connectivity``, waits
    /// for it to say so); false when cancelled.
    private func waitUntilReachable() async -> Bool {
        if let connectivity, connectivity.skipsNetwork {
            status = .offline(nextProbeIn: timing.initialProbeDelay)
            await connectivity.waitUntilReachable()
            return !Task.isCancelled
        }
        var delay = timing.initialProbeDelay
        while !Task.isCancelled {
            status = .offline(nextProbeIn: delay)
            if await !pause(delay) { return false }
            probes += 1
            do {
                try await probe()
                connectivity?.reportReachable()
                return true
            } catch where SyncScheduler.isUnreachable(error) {
                delay = min(timing.maximumProbeDelay, delay * 2)
            } catch {
                // The portal answered (even with an error): it is reachable.
                return true
            }
        }
        return false
    }

    /// Waits `seconds`, or until `wakeDelay` after this process changed the queue after `version`;
    /// false when cancelled.
    private func pause(_ seconds: TimeInterval, orUntilChangeOf changes: QueueChangeSignal, after version: UInt64) async -> Bool {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000)) }
            group.addTask { await changes.waitForChange(after: version) }
            await group.next()
            group.cancelAll()
        }
        if changes.version != version, !Task.isCancelled { return await pause(timing.wakeDelay) }
        return !Task.isCancelled
    }

    private func pause(_ seconds: TimeInterval) async -> Bool {
        do {
            try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            return true
        } catch {
            return false
        }
    }

    static func isUnreachable(_ error: any Error) -> Bool {
        (error as? any OfflineClassifiable)?.isConnectivityFailure ?? false
    }
}
