import Testing

@testable import Screenlets

/// A page's answer may bring the pages after it (a read-ahead, ``PageResponse/followingPages``):
/// the engine keeps those that fit the list as it knows it, and reading on then needs no load of
/// its own per page (issue 17).
@Suite("Pages that come with a page's answer")
struct FollowingPagesTests {
    /// A list of 10,000 rows shown 20 at a time, page 0 loaded, nothing in flight.
    private func started() -> EngineHarness {
        var list = EngineHarness()
        list.send(.load)
        list.viewport(first: 0, count: 20)
        list.complete(page: 0, total: 10_000)
        while let page = list.pending.first?.request.page { list.complete(page: page, total: 10_000) }
        list.requests.removeAll()
        return list
    }

    @Test func pagesThatCameWithAnAnswerAreShownAndNotLoadedAgain() {
        var list = started()
        let loadedBefore = list.engine.loadedPages.max() ?? 0
        list.viewport(first: list.engine.layout.firstRow(ofPage: loadedBefore), count: 20)
        let asked = list.pendingPages.first { $0 > loadedBefore } ?? -1
        #expect(asked == loadedBefore + 1, "the next page ahead is asked for: \(list.pendingPages)")
        list.complete(page: asked, total: 10_000, following: 7)
        for page in asked...(asked + 7) {
            #expect(list.engine.state(ofPage: page).isLoaded, "page \(page)")
        }
        let layout = list.engine.layout
        #expect(list.engine.row(at: layout.firstRow(ofPage: asked + 7)).symbol == "\(layout.firstRow(ofPage: asked + 7))")
        let told = list.events.compactMap { if case .pageLoaded(let page, _, _, _) = $0 { return page } else { return nil } }
        #expect(Set(told).isSuperset(of: Set(asked...(asked + 7))), "each kept page is told as loaded")
        // Reading on through them asks for no page they brought.
        list.requests.removeAll()
        for page in asked...(asked + 5) { list.viewport(first: layout.firstRow(ofPage: page), count: 20) }
        #expect(list.requestedPages.allSatisfy { $0 > asked + 7 || $0 < loadedBefore }, "\(list.requestedPages)")
        #expect(list.engine.rowCount == 10_000)
    }

    /// An answer that brings more pages than the window keeps ahead on its own (a read-ahead
    /// window grown to 16 pages): reading down, the pages behind the viewport go first, so none
    /// of those it brought is dropped as it arrives, to be loaded again when reached.
    @Test func aLongReadAheadIsKeptWholeAndThePagesBehindGoFirst() {
        var list = started()
        let layout = list.engine.layout
        let limit = list.engine.pageRetentionLimit
        // Read down far enough that the window is full of pages behind.
        var page = (list.engine.loadedPages.max() ?? 0) + 1
        for _ in 0..<limit {
            list.viewport(first: layout.firstRow(ofPage: page - 1), count: 20)
            while let pending = list.pendingPages.first { list.complete(page: pending, total: 10_000) }
            page = (list.engine.loadedPages.max() ?? 0) + 1
        }
        let first = list.engine.loadedPages.min() ?? 0
        let brought = limit - 5
        list.requests.removeAll()
        list.viewport(first: layout.firstRow(ofPage: page - 1), count: 20)
        guard let asked = list.pendingPages.first(where: { $0 >= page }) else {
            Issue.record("the next page ahead is asked for: \(list.pendingPages)")
            return
        }
        list.complete(page: asked, total: 10_000, following: brought)
        #expect(list.engine.loadedPages.count <= limit, "the window is kept: \(list.engine.loadedPages)")
        for ahead in asked...(asked + brought) {
            #expect(list.engine.state(ofPage: ahead).isLoaded, "page \(ahead), brought by \(asked)'s answer, is kept")
        }
        #expect(!list.engine.state(ofPage: first).isLoaded, "page \(first), far behind, went first")
        // Reading on through them asks for none of them.
        list.requests.removeAll()
        for ahead in asked...(asked + brought) { list.viewport(first: layout.firstRow(ofPage: ahead), count: 20) }
        #expect(list.requestedPages.allSatisfy { $0 > asked + brought }, "\(list.requestedPages)")
    }

    @Test func aFollowingPageThatDisagreesWithTheLengthStopsTheKeeping() {
        var list = started()
        let next = (list.engine.loadedPages.max() ?? 0) + 1
        list.viewport(first: list.engine.layout.firstRow(ofPage: next - 1), count: 20)
        let layout = list.engine.layout
        let full = { (page: Int) in Array(layout.rows(ofPage: page)) }
        list.complete(page: next, total: 10_000, followingRows: [full(next + 1), Array(full(next + 2).prefix(10)), full(next + 3)])
        #expect(list.engine.state(ofPage: next + 1).isLoaded)
        #expect(!list.engine.state(ofPage: next + 2).isLoaded, "a short page: left to its own load")
        #expect(!list.engine.state(ofPage: next + 3).isLoaded, "and every page after it")
        #expect(list.engine.rowCount == 10_000, "the length is not changed by pages that came along")
    }

    @Test func aPageLoadedAlreadyIsKeptAsItIs() {
        var list = started()
        let last = list.engine.loadedPages.max() ?? 0
        list.viewport(first: list.engine.layout.firstRow(ofPage: last), count: 20)
        let pending = list.pendingPages.sorted()
        guard pending.count >= 2 else {
            Issue.record("two pages ahead are asked for: \(pending)")
            return
        }
        let (first, second) = (pending[0], pending[1])
        list.complete(page: second, total: 10_000)
        let layout = list.engine.layout
        list.complete(page: first, total: 10_000, followingRows: [layout.rows(ofPage: second).map { -$0 }])
        #expect(list.engine.row(at: layout.firstRow(ofPage: second)).symbol == "\(layout.firstRow(ofPage: second))")
    }

    @Test func aListOfUnknownLengthKeepsOnlyThePageItAskedFor() {
        var list = EngineHarness()
        list.send(.load)
        list.viewport(first: 0, count: 20)
        list.complete(page: 0, total: nil, rows: Array(0..<50), count: nil)
        #expect(list.engine.mode == .stream)
        guard let next = list.pendingPages.first else {
            Issue.record("a stream list asks for the next page")
            return
        }
        list.complete(page: next, rows: Array(list.engine.layout.rows(ofPage: next)), following: 2)
        #expect(!list.engine.state(ofPage: next + 1).isLoaded)
    }

    /// With a loader whose answers bring the pages after them, reading down asks for a page only
    /// once the page before it has come (with it, or without it: then it is asked for).
    @Test func aPageRightAfterOneOnItsWayIsNotAskedForWhenAnswersBringFollowingPages() {
        var configuration = PaginationConfiguration()
        configuration.loadsBringFollowingPages = true
        var list = EngineHarness(configuration)
        list.send(.load)
        list.viewport(first: 0, count: 20)
        list.complete(page: 0, total: 10_000)
        #expect(list.pendingPages == [1], "page 2 waits for page 1: \(list.pendingPages)")
        list.complete(page: 1, total: 10_000, following: 7)
        #expect(list.pending.isEmpty, "pages 2–8 came with page 1")
        let layout = list.engine.layout
        list.requests.removeAll()
        for page in 2...7 { list.viewport(first: layout.firstRow(ofPage: page), count: 20, cursor: layout.firstRow(ofPage: page) + 19) }
        #expect(list.requestedPages == [9], "one page asked for, the one after those brought: \(list.requestedPages)")
        list.viewport(first: layout.firstRow(ofPage: 8), count: 20, cursor: layout.firstRow(ofPage: 8) + 19)
        #expect(list.pendingPages == [9], "page 10 waits for page 9")
        list.complete(page: 9, total: 10_000)
        #expect(list.pendingPages == [10], "an answer without pages after it: the next is asked for")
        // Pages on screen are asked for at once, whatever is on its way.
        list.send(.viewport(ListWindow(firstRow: 5_000, visibleCount: 30, cursor: 5_029)))
        let visible = Set(layout.pages(covering: 5_000..<5_030)!)
        #expect(visible.isSubset(of: Set(list.pendingPages)), "\(list.pendingPages)")
    }

    @Test func withoutTheSettingPagesAheadAreAskedForTogether() {
        var list = EngineHarness()
        list.send(.load)
        list.viewport(first: 0, count: 20)
        list.complete(page: 0, total: 10_000)
        #expect(list.pendingPages == [1, 2])
    }
}
