import Screenlets
import Screens
import Synchronization
import Testing
import TermUI

/// The status line's "N pending" after the form queues a write is the queue's count: automatic
/// sync wakes as soon as a write is queued, and its report can reach the screen before the
/// submit's own answer; adding one to what the report said counted the write twice.
@Suite("Form pending count")
@MainActor
struct FormPendingCountTests {
    @Test func aQueuedSubmitShowsTheQueuesCountWhenASyncReportCountedItFirst() async throws {
        let (reports, reportSink) = AsyncStream.makeStream(of: SyncRunSummary.self)
        reportSink.finish()
        let queue = Mutex(0)
        let services = AutoSyncServices(reports: reports, pendingCount: { queue.withLock { $0 } })
        let testbed = try await FormScreenTestbed.start(autoSync: services)
        queue.withLock { $0 = 1 }  // the write is in the queue…
        testbed.runtime.send(.autoSynced(SyncRunSummary(synced: 0, pending: 1)))  // …a report counted it…
        testbed.runtime.send(.submitted(.success(.queued(queueId: "q-1")), draft: false))  // …then the submit's answer came
        try await testbed.settle()
        #expect(testbed.runtime.model.pendingWrites == 1)
        await testbed.stop()
    }

    @Test func withoutTheQueuesCountTheScreenAddsOne() async throws {
        let testbed = try await FormScreenTestbed.start()
        let before = testbed.runtime.model.pendingWrites
        testbed.runtime.send(.submitted(.success(.queued(queueId: "q-1")), draft: false))
        try await testbed.settle()
        #expect(testbed.runtime.model.pendingWrites == before + 1)
        await testbed.stop()
    }
}
