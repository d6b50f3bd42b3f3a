import Foundation
import Screens
import TermUI
import TermUITesting
import Testing

/// The sync view: queue, progress (n of m), conflicts side by side and their resolution.
@Suite("Sync view")
@MainActor
struct SyncViewTests {
    final class FakeQueue: @unchecked Sendable {
        let lock = NSLock()
        var items: [PendingWriteSummary] = [
            PendingWriteSummary(
                queueId: "q-1", title: "update record 100001 (record set 40002)", state: .conflict,
                error: "the record was changed on the portal",
                fields: [PendingField(name: "title", mine: "Fix the login page", portal: "Fix the login screen"),
                         PendingField(name: "priority", mine: "high", portal: "high"),
                         PendingField(name: "dueDate", mine: "2026-12-01", portal: "2026-11-30")]),
            PendingWriteSummary(queueId: "q-2", title: "add record (record set 40003)", state: .dirty,
                                fields: [PendingField(name: "Name", mine: "Grace Hopper")]),
        ]
        var resolved: [(String, ConflictChoice)] = []
        func snapshot() -> [PendingWriteSummary] { lock.withLock { items } }
        func resolve(_ id: String, _ choice: ConflictChoice) {
            lock.withLock {
                resolved.append((id, choice))
                if choice != .later { items.removeAll { $0.queueId == id } }
            }
        }
        /// Keep mine as the real queue does it: the write waits again, to be sent.
        func keepMine(_ id: String) {
            lock.withLock {
                items = items.map { $0.queueId == id ? PendingWriteSummary(queueId: $0.queueId, title: $0.title, state: .dirty, fields: $0.fields) : $0 }
            }
        }
        func drain() -> Int { lock.withLock { let n = items.count; items.removeAll { $0.state == .dirty }; return n } }
    }

    static func services(_ queue: FakeQueue) -> SyncServices {
        SyncServices(
            loadQueue: { queue.snapshot() },
            run: { report in
                let total = queue.drain()
                for done in 1...max(1, total) { report(SyncProgressReport(completed: done, total: total)) }
                return SyncRunSummary(synced: 1, failed: 0, conflicts: 1, pending: 1)
            },
            resolve: { id, choice in queue.resolve(id, choice) })
    }

    @Test func conflictSideBySideThenSyncAndResolve() async throws {
        let queue = FakeQueue()
        let size = Size(width: 80, height: 24)
        let view = SyncView(services: Self.services(queue), size: size, status: ListFixtures.status,
                            breadcrumbs: ["Demo site", "Sync"])
        let runtime = Runtime(program: view, backend: HeadlessBackend(size: size))
        runtime.start()
        await runtime.waitUntilIdle()
        #expect(runtime.model.items.count == 2)
        #expect(runtime.model.status.pendingWrites == 2)
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "sync-80x24-conflict")
        runtime.handle(.key(.character("s")))
        await runtime.waitUntilIdle()
        #expect(runtime.model.lastRun == SyncRunSummary(synced: 1, failed: 0, conflicts: 1, pending: 1))
        #expect(runtime.model.items.map(\.queueId) == ["q-1"])
        runtime.handle(.key(.character("k")))
        await runtime.waitUntilIdle()
        #expect(queue.resolved.first?.1 == .keepMine)
        #expect(runtime.model.message.contains("your version is kept"), "\(runtime.model.message)")
        #expect(!runtime.model.message.contains("q-1"), "the write is named by its title, not the queue's id")
        #expect(runtime.model.items.isEmpty)
        #expect(GridText.text(ListFixtures.frame(runtime)).contains("Nothing waiting for the portal."))
    }

    @Test func progressShowsWhileTheRunWorksAndALateReportIsIgnored() async throws {
        let queue = FakeQueue()
        let size = Size(width: 80, height: 24)
        let view = SyncView(services: Self.services(queue), size: size, status: ListFixtures.status, breadcrumbs: ["Sync"])
        var (model, _) = view.initialize()
        _ = view.update(&model, .queueLoaded([]))
        let effects = view.update(&model, .command(.syncNow))
        #expect(effects.count == 2)  // the run's task and its progress stream
        _ = view.update(&model, .progress(SyncProgressReport(completed: 1, total: 4)))
        #expect(model.phase == .syncing(SyncProgressReport(completed: 1, total: 4)))
        _ = view.update(&model, .finished(SyncRunSummary(synced: 1, failed: 0, conflicts: 0, pending: 0)))
        _ = view.update(&model, .progress(SyncProgressReport(completed: 4, total: 4)))
        #expect(model.phase == .idle)
    }

    @Test func progressBar() {
        #expect(SyncView.barText(SyncProgressReport(completed: 1, total: 4), width: 8) == "[██······]")
    }
}
