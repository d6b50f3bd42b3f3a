import DDM
import Foundation
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
            await f.emulator.setFaults(.none)
            _ = try await waitFor("the queue to drain automatically", timeout: 60) {
                try f.queue.pendingCount() == 0 ? true : nil
            }
            await scheduler.stop()
            // The queue may drain over more than one automatic run (a probe can land mid-way).
            var synced = 0
            for await delivered in scheduler.summaries { synced += delivered.synced }
            #expect(synced == 5)
            let counts = try await f.uuidCounts()
            for item in items { #expect(counts[item.uuid] == 1) }
            #expect(f.requests("get-build-number") >= 1)
        }
    }
}
