import Testing

@testable import Screenlets

@Suite("Fluent mode: placeholders, visible pages, jumps, duplicates")
struct FluentLoadingTests {
    @Test func loadAsksForPage0WithTheCountAndShowsOneLoadingRow() {
        var list = EngineHarness()
        #expect(list.engine.displayRowCount == 0)
        list.send(.load)
        #expect(list.requests == [PageRequest(page: 0, start: 0, end: 50, computeRowCount: true)])
        #expect(list.engine.mode == .awaitingFirstPage)
        #expect(list.engine.displayRowCount == 1)
        #expect(list.engine.row(at: 0).isPlaceholder)
    }

    @Test func unloadedRowsArePlaceholdersUntilTheirPageArrives() {
        var list = EngineHarness(PaginationConfiguration(strategy: .reference))
        list.send(.load)
        list.complete(page: 0, total: 10_000)
        #expect(list.engine.mode == .fluent)
        #expect(list.engine.rowCount == 10_000)
        #expect(list.engine.row(at: 49).symbol == "49")
        #expect(list.engine.row(at: 50).isPlaceholder)
        #expect(list.engine.row(at: 9_999).isPlaceholder)
        #expect(list.engine.row(at: 10_000).symbol == "∅")
        #expect(list.pending.isEmpty)

        list.viewport(first: 40, count: 20)  // rows 40..<60: page 0 and page 1
        #expect(list.pendingPages == [1])
        list.complete(page: 1, total: 10_000)
        #expect((40..<60).allSatisfy { list.engine.row(at: $0).symbol == "\($0)" })
    }

    @Test func theCursorsPageIsLoadedFirst() {
        var list = EngineHarness()
        list.send(.load)
        list.complete(page: 0, total: 10_000)
        #expect(list.pending.count == 2, "prefetches leave a slot free")
        list.requests.removeAll()
        list.send(.viewport(ListWindow(firstRow: 5_000, visibleCount: 30, cursor: 5_029)))
        #expect(list.requestedPages == [list.engine.layout.page(forRow: 5_029)])
    }

    @Test func jumpingToTheEndLoadsTheTargetPagesNotThoseInBetween() {
        var list = EngineHarness()
        list.send(.load)
        list.viewport(first: 0, count: 30)
        list.completeAll(total: 10_000)
        let beforeJump = Set(list.requestedPages)
        list.requests.removeAll()

        list.send(.viewport(ListWindow(firstRow: 9_970, visibleCount: 30, cursor: 9_999)))
        let lastPage = list.engine.layout.page(forRow: 9_999)
        #expect(list.requestedPages.first == lastPage)
        list.completeAll(total: 10_000)
        let visiblePages = Set(list.engine.layout.pages(covering: 9_970..<10_000)!)
        #expect(visiblePages.isSubset(of: Set(list.requestedPages)))
        // Besides the screen, only the prefetch page behind it: nothing in between.
        let skipped = (beforeJump.max()! + 1)..<(visiblePages.min()! - 1)
        #expect(list.requestedPages.allSatisfy { !skipped.contains($0) })
        #expect(list.requestedPages.count <= visiblePages.count + 1)
        #expect((9_970..<10_000).allSatisfy { list.engine.row(at: $0).row == $0 })
    }

    @Test func repeatedViewportUpdatesNeverRequestAPageTwice() {
        var list = EngineHarness()
        list.send(.load)
        list.complete(page: 0, total: 10_000)
        for first in stride(from: 0, through: 400, by: 3) {
            list.viewport(first: first, count: 30)
            list.viewport(first: first, count: 30)  // same frame reported twice
        }
        #expect(list.requestedPages.count == Set(list.requestedPages).count)
        list.completeAll(total: 10_000)
        #expect(list.requestedPages.count == Set(list.requestedPages).count)
    }

    @Test func atMostTheConfiguredNumberOfLoadsRunAtOnce() {
        var list = EngineHarness(PaginationConfiguration(maximumConcurrentLoads: 2))
        list.send(.load)
        list.complete(page: 0, total: 10_000)
        list.viewport(first: 1_000, count: 80)
        #expect(list.pending.count == 2)
        list.complete(page: list.pendingPages[0], total: 10_000)
        #expect(list.pending.count == 2)
    }

    @Test func concurrentViewportUpdatesThroughTheDriverDoNotDuplicateRequests() async throws {
        let portal = InMemoryPortal(rowCount: 10_000, latency: .milliseconds(20))
        // Enough retained pages for the whole 2,000–2,430 band and its prefetch: the test is about
        // racing reports, not eviction (an evicted page is rightly loaded again when it comes back).
        let list = PaginatedList(loader: portal, configuration: PaginationConfiguration(retainedPages: 100))
        await list.send(.load)
        try await waitUntil("page 0 is loaded") { await list.engine.mode == .fluent }
        // Many tasks report viewports at once, as racing UI and resize handlers would.
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for step in 0..<20 {
                        let first = 2_000 + (task * 7 + step * 13) % 400
                        await list.send(.viewport(ListWindow(firstRow: first, visibleCount: 30, cursor: first)))
                    }
                }
            }
        }
        try await waitUntil("every load has answered") { await list.engine.pagesInFlight.isEmpty }
        let pages = await portal.requestedPages
        #expect(pages.count > 1)
        #expect(pages.count == Set(pages).count, "duplicates in \(pages)")
        #expect(await portal.maximumInFlight <= 3)
        await list.close()
    }

    @Test func selectingALoadedRowEmitsTheRowAndPlaceholdersAreNotSelectable() {
        var list = EngineHarness()
        list.send(.load)
        list.complete(page: 0, total: 100)
        list.send(.select(row: 7))
        list.send(.select(row: 80))
        let selected = list.events.compactMap { event -> Int? in
            if case .rowSelected(let index, let row) = event, index == row { return index }
            return nil
        }
        #expect(selected == [7])
    }
}
