import DDM
import OfflineStore
import Screenlets
import PortalClient
import Screens
import TermUI
import TermUITesting
import Testing

/// Golden snapshots of the record list screen in each of its states (80×24 unless named).
@Suite("List screen snapshots")
@MainActor
struct ListScreenSnapshotTests {
    @Test func loading() async throws {
        let records = FakeRecords(count: 10_000)
        await records.configure(held: [0])
        let (runtime, _) = ListFixtures.runtime(records)
        try await ListFixtures.waitForRequests(records, atLeast: 1)
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-loading")
        runtime.finish()
    }

    /// Columns sized by their fields: the integer and the date as wide as their values, the text
    /// title taking the rest.
    @Test func columnsSizedByTheirFields() async throws {
        let records = FakeRecords(count: 100)
        func field(_ name: String, _ kind: FieldKind, _ dataType: String) -> DDMField {
            DDMField(name: name, kind: kind, editor: dataType, dataType: dataType, rawType: dataType)
        }
        let fields = [
            RecordListField(field: field("title", .string, "string"), title: "Title", locale: .enUS),
            RecordListField(field: field("priority", .integer, "integer"), title: "Priority", locale: .enUS),
            RecordListField(field: field("dueDate", .date, "date"), title: "Due date", locale: .enUS),
        ]
        #expect(fields.map(\.preferredWidth) == [nil, 9, 19])
        let size = Size(width: 100, height: 12)
        let screen = ListScreen(spec: ListFixtures.spec(records, fields: fields), size: size, status: ListFixtures.status,
                                breadcrumbs: ["Demo site", "Issues"])
        let runtime = Runtime(program: screen, backend: HeadlessBackend(size: size))
        runtime.start()
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime, size: size), named: "list-100x12-sized-columns")
        runtime.finish()
    }

    /// The rows are drawn by `ListView`, as the browser's menu and the sync view are: the cursor
    /// glyph is the theme's (`list.cursor`), no longer a fixed `›`; the marks keep their column.
    @Test func theCursorGlyphComesFromTheTheme() async throws {
        let size = Size(width: 80, height: 24)
        let theme = Theme.standard.withListComponents().setting(glyph: "▶", for: Theme.Glyph.listCursor)
        let screen = ListScreen(spec: ListFixtures.spec(FakeRecords(count: 100)), size: size, status: ListFixtures.status,
                                breadcrumbs: ["Demo site", "Issues"], theme: theme)
        var stepper = await ProgramStepper(screen)
        #expect(stepper.model.engine.row(at: 0).row != nil)
        #expect(stepper.lines(size)[2].hasPrefix("▶ "), "the cursor row")
        await stepper.handle(.key(.down))
        #expect(stepper.lines(size)[2].hasPrefix("  "))
        #expect(stepper.lines(size)[3].hasPrefix("▶ "))
        #expect(!stepper.lines(size)[2..<22].joined().contains("›"), "the breadcrumbs keep theirs")
    }

    @Test func loaded() async throws {
        let (runtime, _) = ListFixtures.runtime(FakeRecords(count: 10_000))
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-loaded")
        #expect(runtime.model.engine.rowCount == 10_000)
        runtime.finish()
    }

    @Test func placeholdersWhileTheLastPageLoads() async throws {
        let records = FakeRecords(count: 10_000)
        let (runtime, _) = ListFixtures.runtime(records)
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        await records.configure(held: Set(300...401))
        runtime.handle(.key(.end))
        #expect(runtime.model.cursor == 9_999)
        #expect(runtime.model.engine.row(at: 9_999).isPlaceholder)
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-placeholders")
        // End asks for the last page directly, not for the pages in between.
        try await ListFixtures.waitForRequest(records, page: PageLayout().page(forRow: 9_999))
        let pages = await records.requests.map(\.page)
        #expect(pages.contains(PageLayout().page(forRow: 9_999)))
        #expect(!pages.contains(200))
        runtime.finish()
    }

    @Test func staleRowsFromTheCache() async throws {
        let records = FakeRecords(count: 120)
        await records.configure(stale: true)
        let (runtime, _) = ListFixtures.runtime(records)
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        #expect(runtime.model.status.online == false)
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-stale")
        runtime.finish()
    }

    @Test func dirtyRows() async throws {
        let records = FakeRecords(count: 120)
        await records.configure(marks: [100_002: .dirty, 100_004: .failed])
        let (runtime, _) = ListFixtures.runtime(records)
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-dirty")
        runtime.finish()
    }

    @Test func conflictRows() async throws {
        let records = FakeRecords(count: 120)
        await records.configure(marks: [100_001: .conflict, 100_003: .dirty])
        let (runtime, _) = ListFixtures.runtime(records)
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        runtime.handle(.key(.down))
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-conflict")
        runtime.finish()
    }

    @Test func errorRowRetriesOnEnter() async throws {
        let records = FakeRecords(count: 120)
        await records.configure(failing: [0])
        let (runtime, _) = ListFixtures.runtime(records)
        try await ListFixtures.wait("page 0 failed", runtime) { $0.engine.row(at: 0).isFailed }
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-error")
        await records.configure(failing: [])
        runtime.handle(.key(.enter))
        try await ListFixtures.wait("page 0 after retry", runtime) { $0.engine.row(at: 0).row != nil }
        runtime.finish()
    }

    /// Issue 15: a page that fails is told on ONE row (which page, and Enter to retry), not on
    /// each of its rows, and the status line says so instead of "online".
    @Test func aFailedPageIsToldOnceAndTheStatusLineIsNotOnline() async throws {
        let records = FakeRecords(count: 120)
        await records.configure(failing: [3], failure: PortalError(kind: .server, message: "the portal answered 500"))
        let (runtime, _) = ListFixtures.runtime(records)
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        runtime.handle(.key(.end))
        try await ListFixtures.wait("page 3 failed", runtime) { $0.engine.failedPages.contains(3) }
        let lines = GridText.text(ListFixtures.frame(runtime)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains("page 4 failed (Enter retries): server:") }.count == 1)
        let status = try #require(lines.first { $0.contains("test@liferay.com @ localhost:8080") })
        #expect(status.hasSuffix("· page 4 failed"), "\(status)")
        #expect(!status.contains("online"))
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-failed-page")
        await records.configure(failing: [])
        runtime.handle(.key(.enter))
        try await ListFixtures.wait("page 3 after retry", runtime) { $0.engine.row(at: 119).row != nil }
        #expect(GridText.text(ListFixtures.frame(runtime)).contains("localhost:8080 · online"))
        runtime.finish()
    }

    @Test func emptyList() async throws {
        let (runtime, _) = ListFixtures.runtime(FakeRecords(count: 0))
        try await ListFixtures.wait("count", runtime) { $0.engine.mode == .fluent }
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-empty")
        runtime.finish()
    }

    @Test func refreshKeepsTheOldRows() async throws {
        let records = FakeRecords(count: 10_000)
        let (runtime, _) = ListFixtures.runtime(records)
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        await records.configure(held: [0])
        runtime.handle(.key(.character("r")))
        #expect(runtime.model.engine.isRefreshing)
        #expect(runtime.model.engine.row(at: 0).row != nil)
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-refreshing")
        runtime.finish()
    }

    @Test func searchWithinLoadedRows() async throws {
        let (runtime, _) = ListFixtures.runtime(FakeRecords(count: 10_000))
        // The matches are those of the loaded rows: wait for the prefetch to settle.
        try await ListFixtures.wait("page 0 and the prefetch", runtime) {
            $0.engine.row(at: 0).row != nil && $0.engine.pagesInFlight.isEmpty && $0.engine.loadedPages.count == 3
        }
        runtime.handle(.key(.character("/")))
        for character in "issue 1" { runtime.handle(.key(.character(character))) }
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-search-prompt")
        runtime.handle(.key(.enter))
        runtime.handle(.key(.character("n")))
        #expect(runtime.model.search.matches.first == 0)
        #expect(runtime.model.cursor == 9)
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-search")
        runtime.handle(.key(.character("N")))
        #expect(runtime.model.cursor == 0)
        runtime.handle(.key(.escape))
        #expect(!runtime.model.search.isActive)
        runtime.finish()
    }

    @Test func narrow() async throws {
        let size = Size(width: 40, height: 12)
        let (runtime, _) = ListFixtures.runtime(FakeRecords(count: 10_000), size: size)
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime, size: size), named: "list-40x12-narrow")
        runtime.finish()
    }

    @Test func wide() async throws {
        let size = Size(width: 120, height: 40)
        let (runtime, _) = ListFixtures.runtime(FakeRecords(count: 10_000), size: size)
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        runtime.handle(.key(.pageDown))
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime, size: size), named: "list-120x40-wide")
        runtime.finish()
    }

    @Test func helpOverlay() async throws {
        let (runtime, _) = ListFixtures.runtime(FakeRecords(count: 10))
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        runtime.handle(.key(.character("?")))
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-80x24-help")
        runtime.handle(.key(.character("x")))
        #expect(!runtime.model.showsHelp)
        runtime.finish()
    }
}
