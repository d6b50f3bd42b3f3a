import BookmarksExample
import Screenlets
import Screens
import Synchronization
import TermUI
import TermUITesting
import Testing

/// The list screen updated and rendered directly (`ProgramStepper`) over in-memory loaders: no
/// runtime, no emulator, no HTTP, no polling.
@Suite("List screen, stepped")
struct ListScreenSteppedTests {
    static let size = Size(width: 80, height: 24)

    static func screen(_ records: FakeRecords) -> ListScreen<DDLListRow> {
        ListScreen(spec: ListFixtures.spec(records), size: size, status: ListFixtures.status, isStandalone: false,
                   clock: StoppedPaginationClock())
    }

    @Test func theFirstPageIsShownAndEnterOpensTheRowUnderTheCursor() async {
        var stepper = await ProgramStepper(Self.screen(FakeRecords(count: 100)))
        let lines = stepper.lines(Self.size)
        #expect(lines.contains { $0.contains("Issue 1 — 課題") })
        #expect(lines.contains { $0.contains("Issue 20 — 課題") })
        #expect(stepper.model.rowCount == 100)
        await stepper.send(.command(.cursorDown))
        await stepper.send(.command(.open))
        #expect(stepper.model.outcome == .open(index: 1))
    }

    @Test func aFailedFirstPageSaysWhyAndKeepsNoRows() async {
        let records = FakeRecords(count: 100)
        await records.configure(failing: [0])
        let stepper = await ProgramStepper(Self.screen(records))
        #expect(stepper.model.engine.row(at: 0).row == nil)
        let text = stepper.lines(Self.size).joined(separator: "\n")
        #expect(text.contains("the portal cannot be reached"), "\(text)")
        #expect(!text.contains("Issue 1 —"))
    }

    /// Every page a list loads asks for its loader: one is made per query, and a new query (a
    /// sort) gets a new one, which loads the rows in the new order.
    @Test func aLoaderIsMadeOncePerQuery() async {
        let records = FakeRecords(count: 1000)
        let made = Mutex<[Int64?]>([])
        var spec = ListFixtures.spec(records)
        let makeLoader = spec.loader
        spec.loader = { query in
            made.withLock { $0.append(query.sortIndex == 0 ? nil : Int64(query.sortIndex)) }
            return makeLoader(query)
        }
        let screen = ListScreen(spec: spec, size: Self.size, status: ListFixtures.status, isStandalone: false,
                                clock: StoppedPaginationClock())
        var stepper = await ProgramStepper(screen)
        for _ in 0..<8 { await stepper.send(.command(.pageDown)) }
        let pagesLoaded = await records.requestCount()
        #expect(pagesLoaded >= 5, "page downs loaded pages")
        #expect(made.withLock { $0 } == [nil], "one loader for every page of the first query")
        await stepper.send(.command(.sort))
        #expect(made.withLock { $0 } == [nil, 1], "a new query, a new loader")
        #expect(await records.requestCount() > pagesLoaded)
    }

    /// Reading down a list whose loader brings seven pages after each page it fetches (the
    /// read-ahead): the rows on screen are always loaded, and the list asks for a page only when
    /// it runs out of those it was brought.
    @Test func pagesBroughtWithAnAnswerAreShownWithoutBeingAskedFor() async {
        let records = FakeRecords(count: 10_000)
        await records.configure(following: 7)
        var stepper = await ProgramStepper(Self.screen(records))
        for _ in 0..<30 {
            await stepper.send(.command(.pageDown))
            let cursor = stepper.model.cursor
            #expect(stepper.model.engine.row(at: cursor).row?.recordId == Int64(100_001 + cursor), "row \(cursor)")
            #expect(stepper.lines(Self.size).contains { $0.contains("Issue \(cursor + 1) — 課題") }, "row \(cursor) shown")
        }
        let pages = stepper.model.engine.layout.page(forRow: stepper.model.cursor)
        let asked = await records.requestCount()
        #expect(pages > 20)
        #expect(asked * 2 < pages, "\(asked) pages asked for to read \(pages)")
    }

    @Test func theBookmarksExampleShowsItsRenderersColumns() async {
        let screen = ListScreen(spec: BookmarksScreenTests.spec(folderName: "Demo bookmarks", count: 3), size: Self.size,
                                status: ListFixtures.status, clock: StoppedPaginationClock())
        var stepper = await ProgramStepper(screen)
        let lines = stepper.lines(Self.size)
        let header = lines.first { $0.contains("Name") } ?? ""
        #expect(header.contains("Site") && header.contains("URL"), "\(lines)")
        #expect(lines.contains { $0.contains("Bookmark 3") })
        await stepper.send(.command(.back))
        #expect(stepper.quit)
    }
}
