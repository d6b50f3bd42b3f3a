import Testing

@testable import Screenlets

@Suite("Stream mode: no count, load more near the end")
struct StreamModeTests {
    /// Answers a stream list's pending loads: no count, rows up to `total`.
    func answerStream(_ list: inout EngineHarness, page: Int, total: Int) {
        let ticket = list.pending.first { $0.request.page == page }!
        list.pending.removeAll { $0 == ticket }
        list.deliver(ticket, rows: Array(ticket.request.start..<min(ticket.request.end, total)))
    }

    @Test func page0WithoutACountMakesAStreamThatGrowsUntilAShortPage() {
        var list = EngineHarness(PaginationConfiguration(strategy: .reference))
        list.send(.load)
        list.viewport(first: 0, count: 20)
        answerStream(&list, page: 0, total: 120)
        #expect(list.engine.mode == .stream)
        #expect(list.engine.rowCount == 50)
        #expect(list.engine.moreRows)
        #expect(list.engine.displayRowCount == 51)
        #expect(list.engine.row(at: 50).isPlaceholder, "the loading-more row")
        #expect(list.pending.isEmpty, "reference: nothing until the last row shows")

        list.viewport(first: 29, count: 20)  // rows 29..<49: the last row not yet on screen
        #expect(list.pending.isEmpty)
        list.viewport(first: 30, count: 20)  // row 49, the last one, shows
        #expect(list.pendingPages == [1])
        answerStream(&list, page: 1, total: 120)
        #expect(list.engine.rowCount == 75)
        list.viewport(first: 60, count: 20)
        answerStream(&list, page: 2, total: 120)
        list.viewport(first: 85, count: 20)
        answerStream(&list, page: 3, total: 120)
        #expect(list.engine.rowCount == 120)
        #expect(!list.engine.moreRows)
        #expect(list.engine.displayRowCount == 120)
        #expect(list.engine.row(at: 119).row == 119)
        #expect(list.engine.row(at: 120).symbol == "∅")
        #expect(list.requestedPages == [0, 1, 2, 3])
    }

    @Test func termletsPrefetchesTheNextPagesOfAStreamBeforeTheEndShows() {
        var list = EngineHarness()
        list.send(.load)
        list.viewport(first: 0, count: 20)
        answerStream(&list, page: 0, total: 1_000)
        #expect(list.pendingPages == [1], "the tail page, before the user reaches it")
        answerStream(&list, page: 1, total: 1_000)
        #expect(list.pendingPages == [2])
        answerStream(&list, page: 2, total: 1_000)
        #expect(list.pending.isEmpty, "two pages ahead is enough at rest")
        #expect(list.engine.rowCount == 100)
    }

    @Test func aFailedTailPageShowsAnErrorRowAndIsRetried() {
        var list = EngineHarness(PaginationConfiguration(strategy: .reference))
        list.send(.load)
        list.viewport(first: 40, count: 20)
        answerStream(&list, page: 0, total: 1_000)
        list.fail(page: 1)
        #expect(list.engine.row(at: 50).isFailed)
        list.advance(by: .seconds(1))
        list.tick()
        #expect(list.pendingPages == [1], "unlike the reference, loading more is not stuck after an error")
    }

    @Test func anEmptyStreamEndsAtOnce() {
        var list = EngineHarness()
        list.send(.load)
        answerStream(&list, page: 0, total: 0)
        #expect(list.engine.mode == .stream)
        #expect(list.engine.displayRowCount == 0)
        #expect(list.engine.row(at: 0).symbol == "∅")
    }

    @Test func aStreamThroughTheDriverLoadsAllRowsWhenScrolledToTheEnd() async throws {
        let portal = InMemoryPortal(rowCount: 180, countsRows: false, latency: .milliseconds(2))
        let list = PaginatedList(loader: portal)
        await list.send(.viewport(ListWindow(firstRow: 0, visibleCount: 20, cursor: 0)))
        await list.send(.load)
        for _ in 0..<20 {
            let end = await list.engine.displayRowCount
            await list.send(.viewport(ListWindow(firstRow: max(0, end - 20), visibleCount: 20, cursor: end - 1)))
            try await waitUntil("the tail page answers") { await list.engine.pagesInFlight.isEmpty }
            if await !list.engine.moreRows { break }
        }
        #expect(await list.engine.mode == .stream)
        #expect(await list.engine.rowCount == 180)
        #expect(await list.row(at: 179).row == 179)
        let pages = await portal.requestedPages
        #expect(pages.count == Set(pages).count)
        await list.close()
    }
}
