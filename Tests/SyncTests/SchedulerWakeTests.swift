import DDM
import Foundation
import OfflineStore
import Sync
import Testing
import TermletsTestSupport

/// An idle scheduler with nothing queued does not ask the database every few seconds: a write
/// this process queues wakes it at once, and only another process's writes wait for the quiet
/// interval.
@Suite("sync scheduler wakes on this process's writes")
struct SchedulerWakeTests {
    @Test func aWriteQueuedInThisProcessIsSentWithoutWaitingForTheInterval() async throws {
        try await withFixture { f in
            // Intervals far longer than the test's deadline: only the queue's signal can wake it.
            let scheduler = SyncScheduler(
                engine: f.engine(), timing: .init(initialProbeDelay: 60, maximumProbeDelay: 60, idleInterval: 120, quietInterval: 120))
            await scheduler.start()
            _ = try await waitFor("the scheduler to look at the empty queue and wait", timeout: 10) {
                await scheduler.status == .idle ? true : nil
            }
            let item = try f.queueAdd("woken at once")
            _ = try await waitFor("the write to be sent", timeout: 20) {
                try f.queue.pendingCount() == 0 ? true : nil
            }
            await scheduler.stop()
            #expect(try await f.uuidCounts()[item.uuid] == 1)
        }
    }

    @Test func theSignalCountsChangesAndWakesWaiters() async throws {
        let signal = QueueChangeSignal()
        let before = signal.version
        signal.signal()
        #expect(signal.version == before + 1)
        // Already changed since `before`: returns at once.
        await signal.waitForChange(after: before)
        // A waiter for the current version returns once the next change comes.
        let now = signal.version
        let waiting = Task { await signal.waitForChange(after: now); return signal.version }
        signal.signal()  // before or after the waiter registered: either way it returns
        #expect(await waiting.value == now + 1)
        // A cancelled waiter returns without a change.
        let cancelled = Task { await signal.waitForChange(after: signal.version) }
        cancelled.cancel()
        await cancelled.value
        #expect(signal.version == now + 1)
    }

    @Test func commitsToTheQueueSignalAndOtherTablesDoNot() async throws {
        try await withFixture { f in
            let changes = f.queue.database.queueChanges
            let before = changes.version
            _ = try f.queueAdd("signals")
            #expect(changes.version > before)
            let afterQueue = changes.version
            try f.queue.database.pool.write { db in
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS unrelated (x INTEGER)")
                try db.execute(sql: "INSERT INTO unrelated (x) VALUES (1)")
            }
            #expect(changes.version == afterQueue)
        }
    }
}
