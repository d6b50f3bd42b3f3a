import DDM
import Foundation
import Synchronization
import OfflineStore
import PortalEmulator
import Sync
import Testing
import TermletsTestSupport

@Suite("sync scheduler")
struct SchedulerTests {
    @Test func syncsAutomaticallyWhenThePortalComesBack() async throws {
        try await withFixture { f in
            await f.emulator.setFaults(FaultSettings(offline: true))
            let items = try (1...5).map { try f.queueAdd("automatic \($0)") }
            let scheduler = SyncScheduler(
                engine: f.engine(retryBackedOff: false),
                timing: .init(initialProbeDelay: 0.05, maximumProbeDelay: 0.2, idleInterval: 0.05))
            await scheduler.start()
            _ = try await waitFor("the scheduler to probe an offline portal", timeout: 30) {
                await scheduler.probes >= 2 ? true : nil
            }
            #expect(try f.queue.pendingCount() == 5)
            #expect(try await { () async throws -> Bool in
                if case .offline = await scheduler.status { return true }
                return await scheduler.probes >= 2
            }())
            // The queue may drain over more than one automatic run (a probe can land mid-way);
            // each run's summary is counted as it arrives.
            let counting = Task {
                var total = 0
                for await summary in scheduler.summaries {
                    total += summary.synced
                    if total >= 5 { break }
                }
                return total
            }
            await f.emulator.setFaults(.none)
            _ = try await waitFor("the queue to drain automatically", timeout: 60) {
                try f.queue.pendingCount() == 0 ? true : nil
            }
            // Every write is reported once the draining run's summary arrives (stopping ends the
            // stream after a run in progress, so a summary that never comes fails here, not hangs).
            let stopper = Task {
                try await Task.sleep(nanoseconds: 30_000_000_000)
                await scheduler.stop()
            }
            let synced = await counting.value
            stopper.cancel()
            await scheduler.stop()
            #expect(synced == 5)
            let counts = try await f.uuidCounts()
            for item in items { #expect(counts[item.uuid] == 1) }
            #expect(f.requests("get-build-number") >= 1)
        }
    }
}

@Suite("sync scheduler on the run's connectivity")
struct SchedulerConnectivityTests {
    /// The scheduler reports its failed run to the shared connectivity, leaves the probing to it
    /// (no build-number probe of its own), and syncs as soon as it turns online.
    @Test func waitsForTheRunsProbeAndSyncsWhenItSeesThePortal() async throws {
        try await withFixture { f in
            await f.emulator.setFaults(FaultSettings(offline: true))
            let items = try (1...3).map { try f.queueAdd("back online \($0)") }
            let connectivity = Connectivity()
            let portalSeen = Mutex(false)
            connectivity.startProbing(every: 0.05, upTo: 0.1) { portalSeen.withLock { $0 } }
            defer { connectivity.stopProbing() }
            let scheduler = SyncScheduler(
                engine: f.engine(retryBackedOff: false),
                timing: .init(initialProbeDelay: 0.05, maximumProbeDelay: 0.2, idleInterval: 0.05), connectivity: connectivity)
            await scheduler.start()
            _ = try await waitFor("the failed run to turn the run offline", timeout: 30) { connectivity.isOffline ? true : nil }
            #expect(try f.queue.pendingCount() == 3)
            await f.emulator.setFaults(.none)
            portalSeen.withLock { $0 = true }
            let back = ContinuousClock.now
            _ = try await waitFor("the queue to drain once the probe sees the portal", timeout: 30) {
                try f.queue.pendingCount() == 0 ? true : nil
            }
            #expect(ContinuousClock.now - back < .seconds(5))
            await scheduler.stop()
            #expect(await scheduler.probes == 0)
            #expect(f.requests("get-build-number") == 0)
            #expect(connectivity.state == .online)
            let counts = try await f.uuidCounts()
            for item in items { #expect(counts[item.uuid] == 1) }
        }
    }
}
