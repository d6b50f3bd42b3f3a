import Foundation
import Testing

@testable import Screenlets

/// Cache-then-remote: a loader may hand over cached rows at once, then the portal's.
@Suite("Early answers (cache, then portal)")
struct EarlyAnswerTests {
    static let cached = RowProvenance(source: .cache, storedAt: Date(timeIntervalSince1970: 0), stale: true)

    @Test func earlyRowsShowAtOnceMarkedStaleAndTheFinalAnswerReplacesThem() {
        var list = EngineHarness()
        list.send(.load)
        list.early(page: 0, rows: Array(0..<50).map { -$0 }, count: 80, provenance: Self.cached)
        #expect(list.engine.rowCount == 80)
        guard case .loaded(let row, let stale) = list.engine.row(at: 3) else {
            Issue.record("early rows are not shown")
            return
        }
        #expect(row == -3 && stale)
        #expect(list.pendingPages.first == 0, "the load goes on")
        #expect(list.requestedPages.filter { $0 == 0 }.count == 1, "and is not issued again")

        list.complete(page: 0, total: 120)
        #expect(list.engine.rowCount == 120, "the portal's count wins")
        guard case .loaded(let fresh, let freshStale) = list.engine.row(at: 3) else {
            Issue.record("final rows are not shown")
            return
        }
        #expect(fresh == 3 && !freshStale)
        let provenances = list.events.compactMap { event -> RowProvenance.Source? in
            if case .pageLoaded(0, _, _, let provenance) = event { provenance.source } else { nil }
        }
        #expect(provenances == [.cache, .portal])
    }

    @Test func whenThePortalFailsTheCachedRowsStayAndTheErrorIsReported() {
        var list = EngineHarness()
        list.send(.load)
        list.early(page: 0, rows: Array(0..<50), count: 50, provenance: Self.cached)
        list.fail(page: 0)
        #expect(list.engine.row(at: 10).row == 10)
        #expect(list.engine.failedPages.isEmpty, "no error rows over the cached ones")
        #expect(list.events.contains { if case .listError = $0 { true } else { false } })
        list.advance(by: .seconds(60))
        list.tick()
        #expect(list.pending.isEmpty, "cached rows count as loaded: no retry loop")
    }

    @Test func anEarlyAnswerOfAnOldGenerationIsDropped() throws {
        var list = EngineHarness()
        list.send(.load)
        list.complete(page: 0, total: 100)
        list.send(.refresh)
        list.early(page: 0, rows: Array(0..<50).map { $0 + 500 }, count: 100, provenance: Self.cached)
        #expect(list.engine.row(at: 0).row == 500, "the refresh's own early answer is accepted")
        #expect(!list.engine.isRefreshing)
        let stale = try #require(list.pending.first)
        list.send(.refresh)
        list.apply(.pageLoadedEarly(stale, PageResponse(rows: Array(0..<50).map { -$0 - 1 }, rowCount: 9)))
        #expect(list.engine.row(at: 0).row == 500, "an early answer of a cancelled load is dropped")
    }

    /// A loader with the cache-then-remote policy: cached rows (version 0) first, then the portal's.
    struct CacheThenPortal: PageLoader {
        let portal: InMemoryPortal
        func loadPage(_ request: PageRequest) async throws -> PageResponse<Int> {
            try await portal.loadPage(request)
        }
        func loadPage(_ request: PageRequest, early: @escaping @Sendable (PageResponse<Int>) async -> Void)
            async throws -> PageResponse<Int>
        {
            let rows = Array(request.start..<request.end).map { -$0 }
            await early(PageResponse(rows: rows, rowCount: request.computeRowCount ? 1_000 : nil,
                                     provenance: EarlyAnswerTests.cached))
            return try await portal.loadPage(request)
        }
    }

    @Test func theDriverShowsEarlyRowsThenTheFinalOnes() async throws {
        let portal = InMemoryPortal(rowCount: 300, latency: .milliseconds(30))
        let list = PaginatedList(loader: CacheThenPortal(portal: portal))
        await list.send(.load)
        try await waitUntil("portal rows replace the cached ones") { await list.row(at: 1).row == 1 }
        #expect(await list.engine.rowCount == 300)
        await list.close()
        var page0: [(first: Int?, source: RowProvenance.Source)] = []
        for await event in list.events {
            if case .pageLoaded(0, let rows, _, let provenance) = event { page0.append((rows.dropFirst().first, provenance.source)) }
        }
        #expect(page0.map(\.source) == [.cache, .portal])
        #expect(page0.map(\.first) == [-1, 1])
    }
}
