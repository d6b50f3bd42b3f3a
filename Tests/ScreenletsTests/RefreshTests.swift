import Testing

@testable import Screenlets

@Suite("Refresh: old rows stay until the new page 0, late answers are dropped")
struct RefreshTests {
    @Test func anAnswerIssuedBeforeTheRefreshIsDroppedAndOldRowsStayUntilPage0() throws {
        var list = EngineHarness()
        list.send(.load)
        list.viewport(first: 0, count: 20)
        list.complete(page: 0, total: 1_000)
        list.complete(page: 1, total: 1_000)
        #expect(list.pendingPages.contains(2))

        list.send(.refresh)
        let lateTicket = try #require(list.cancelled.first { $0.request.page == 2 })
        #expect(list.engine.isRefreshing)
        #expect(list.cancelledBefore == list.engine.generation)
        #expect(list.pending.map(\.request) == [PageRequest(page: 0, start: 0, end: 50, computeRowCount: true,
                                                             isRefresh: true)])
        #expect(list.engine.row(at: 0).row == 0, "old rows stay visible while refreshing")
        #expect(list.engine.row(at: 60).row == 60)

        list.deliver(lateTicket, rows: Array(75..<100).map { -$0 })
        #expect(list.engine.state(ofPage: 2).isLoaded == false, "the pre-refresh answer is dropped")
        #expect(list.engine.row(at: 80).isPlaceholder)
        #expect(list.engine.isRefreshing)

        list.complete(page: 0, rows: Array(1_000..<1_050), count: 900)
        #expect(!list.engine.isRefreshing)
        #expect(list.engine.rowCount == 900)
        #expect(list.engine.row(at: 0).row == 1_000, "page 0 replaced")
        #expect(list.engine.row(at: 60).isPlaceholder, "old rows of other pages are replaced too")
        #expect(list.pendingPages.contains(1), "and reloaded")
        #expect(list.events.contains { if case .refreshStarted = $0 { true } else { false } })
        #expect(list.events.contains { if case .refreshFinished(true) = $0 { true } else { false } })
    }

    @Test func aFailedRefreshKeepsTheOldRowsAndRetryRefreshesAgain() {
        var list = EngineHarness()
        list.send(.load)
        list.complete(page: 0, total: 200)
        list.completeAll(total: 200)
        list.send(.refresh)
        list.fail(page: 0)
        #expect(!list.engine.isRefreshing)
        #expect(list.engine.refreshFailure != nil)
        #expect(list.engine.row(at: 10).row == 10, "old rows kept")
        #expect(list.pending.isEmpty, "no reload of the old rows")
        #expect(list.events.contains { if case .refreshFinished(false) = $0 { true } else { false } })

        list.send(.retry)
        #expect(list.engine.isRefreshing)
        #expect(list.pendingPages == [0])
    }

    @Test func refreshThroughTheDriverShowsOldRowsThenNewOnes() async throws {
        let portal = InMemoryPortal(rowCount: 500, latency: .milliseconds(30))
        let list = PaginatedList(loader: portal)
        await list.send(.viewport(ListWindow(firstRow: 0, visibleCount: 20, cursor: 0)))
        await list.send(.load)
        try await waitUntil("page 0 arrives") { await list.row(at: 0).row == 0 }
        await portal.set(rowCount: 400, version: 1)

        await list.send(.refresh)
        #expect(await list.engine.isRefreshing)
        #expect(await list.row(at: 0).row == 0)
        try await waitUntil("the refresh ends") { await !list.engine.isRefreshing }
        #expect(await list.row(at: 0).row == 10_000_000)
        #expect(await list.engine.rowCount == 400)
        await list.close()
    }

    @Test func loadsInFlightAtARefreshAreCancelledAndNeverShow() async throws {
        let portal = InMemoryPortal(rowCount: 500, latency: .milliseconds(40))
        let list = PaginatedList(loader: portal)
        await list.send(.load)
        try await waitUntil("page 0 arrives") { await list.engine.mode == .fluent }
        await list.send(.viewport(ListWindow(firstRow: 100, visibleCount: 20, cursor: 100)))
        #expect(await !list.engine.pagesInFlight.isEmpty)
        await portal.set(version: 1)
        await list.send(.refresh)
        try await waitUntil("the screen is loaded again") {
            let engine = await list.engine
            return !engine.isRefreshing && engine.visibleRows.allSatisfy { engine.row(at: $0).row != nil }
        }
        let engine = await list.engine
        #expect(engine.visibleRows.allSatisfy { engine.row(at: $0).row == 10_000_000 + $0 },
                "only rows of the new generation are shown")
        await list.close()
    }
}
