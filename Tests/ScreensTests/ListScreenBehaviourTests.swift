import Foundation
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// The list screen's behaviour: viewport reports, outcomes for a parent, sort and filter.
@Suite("List screen behaviour")
@MainActor
struct ListScreenBehaviourTests {
    @Test func everyMoveReportsTheViewportToTheEngine() async throws {
        let (runtime, _) = ListFixtures.runtime(FakeRecords(count: 10_000))
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        for key in [KeyEvent.down, .down, .pageDown, .pageDown, .up, .end, .home] {
            runtime.handle(.key(key))
            let viewport = try #require(runtime.model.engine.viewport)
            #expect(viewport.cursor == runtime.model.cursor)
            #expect(viewport.firstRow == runtime.model.firstVisibleRow)
            #expect(viewport.visibleCount == 20)
        }
        #expect(runtime.model.cursor == 0)
        runtime.finish()
    }

    @Test func outcomesGoToTheParent() async throws {
        let records = FakeRecords(count: 100)
        let screen = ListScreen(spec: ListFixtures.spec(records), size: Size(width: 80, height: 24), status: ListFixtures.status,
                                isStandalone: false)
        let runtime = Runtime(program: screen, backend: HeadlessBackend(size: Size(width: 80, height: 24)))
        runtime.start()
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        runtime.handle(.key(.down))
        runtime.handle(.key(.enter))
        #expect(runtime.model.outcome == .open(index: 1))
        runtime.handle(.key(.character("n")))
        #expect(runtime.model.outcome == .create)
        runtime.handle(.key(.escape))
        #expect(runtime.model.outcome == .back)
        runtime.handle(.key(.character("s")))
        #expect(runtime.model.outcome == .openSync)
        #expect(!runtime.isFinished)
        runtime.finish()
    }

    @Test func sortAndCreatorFilterReloadWithTheirQuery() async throws {
        let records = FakeRecords(count: 100)
        let queries = QueryLog()
        let base = ListFixtures.spec(records)
        let spec = ListScreenSpec<DDLListRow>(
            title: "Issues", columns: base.columns, sortOptions: ListSortOption.recordSorts, filtersByCreator: true,
            loader: { query in queries.record(query); return FakeRecordLoader(records: records) })
        let screen = ListScreen(spec: spec, size: Size(width: 80, height: 24), status: ListFixtures.status)
        let runtime = Runtime(program: screen, backend: HeadlessBackend(size: Size(width: 80, height: 24)))
        runtime.start()
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        runtime.handle(.key(.character("o")))
        #expect(runtime.model.query.sortIndex == 1)
        runtime.handle(.key(.character("m")))
        #expect(runtime.model.query.mineOnly)
        try await ListFixtures.wait("reloaded", runtime) { $0.engine.row(at: 0).row != nil }
        #expect(queries.all.contains(ListQuery(sortIndex: 1, mineOnly: true)))
        #expect(GridText.text(ListFixtures.frame(runtime)).contains("modified ↓ · mine"))
        runtime.finish()
    }

    final class QueryLog: @unchecked Sendable {
        private let lock = NSLockish()
        private var queries: [ListQuery] = []
        func record(_ query: ListQuery) { lock.run { queries.append(query) } }
        var all: [ListQuery] { lock.run { queries } }
    }
}

/// A lock for the test's shared log.
final class NSLockish: @unchecked Sendable {
    private let lock = NSLock()
    func run<T>(_ body: () -> T) -> T { lock.withLock(body) }
}

/// Scrolling at a steady pace through a list whose pages take real time: the engine embedded in
/// the screen prefetches ahead of the cursor, so the cursor never lands on a placeholder.
@Suite("List screen prefetch")
@MainActor
struct ListScreenPrefetchTests {
    @Test func theCursorNeverWaitsAtReadingSpeed() async throws {
        // 5× the reading speed against a 10 ms portal: the same 2 rows per load as 40 rows/s at 50 ms.
        let records = FakeRecords(count: 10_000)
        await records.configure(latency: .milliseconds(10))
        let (runtime, _) = ListFixtures.runtime(records)
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        var placeholdersUnderCursor = 0
        let clock = ContinuousClock()
        var next = clock.now
        for _ in 0..<600 {
            // Never faster than 200 rows/s: a loop that fell behind (a loaded machine) does not
            // catch up in a burst.
            next = max(next.advanced(by: .milliseconds(5)), clock.now)
            try await clock.sleep(until: next)
            runtime.handle(.key(.down))
            if runtime.model.engine.row(at: runtime.model.cursor).isPlaceholder { placeholdersUnderCursor += 1 }
        }
        #expect(runtime.model.cursor == 600)
        #expect(placeholdersUnderCursor == 0)
        let requests = await records.requests.map(\.page)
        #expect(Set(requests).count == requests.count, "no page loaded twice")
        runtime.finish()
    }
}
