import Testing

@testable import Screenlets

@Suite("Eviction keeps memory bounded")
struct EvictionTests {
    @Test func scrollingAMillionRowsEndToEndKeepsAtMostTheWindow() {
        let total = 1_000_000
        var list = EngineHarness()
        let limit = list.engine.pageRetentionLimit
        #expect(limit == 20)
        list.send(.load)
        list.viewport(first: 0, count: 28)
        list.completeAll(total: total)
        var mostPages = 0
        // Page Down held: a screen every 30 ms, each load answering after 5 ms.
        for first in stride(from: 28, to: total, by: 28) {
            list.advance(by: .milliseconds(30))
            list.viewport(first: first, count: 28)
            list.completeAll(total: total, latency: .milliseconds(5))
            mostPages = max(mostPages, list.engine.pages.count)
            if mostPages > limit { break }
        }
        #expect(mostPages <= limit)
        #expect(mostPages >= 10, "the window is actually used")
        #expect(list.engine.row(at: 999_999).row == 999_999)
        #expect(list.engine.row(at: 500_000).isPlaceholder, "far pages were evicted")
        let pageCount = list.engine.layout.page(forRow: total - 1) + 1
        #expect(Set(list.requestedPages).count == pageCount, "every page loaded")
        #expect(list.requestedPages.count == pageCount, "and none twice")

        list.viewport(first: 0, count: 28)
        #expect(list.pendingPages.first == 0, "an evicted page reloads when revisited")
    }

    @Test func aSmallerWindowIsHonouredButNeverBelowWhatPrefetchNeeds() {
        let policy = PrefetchPolicy(maximumPagesAhead: 4, pagesBehind: 1)
        var list = EngineHarness(PaginationConfiguration(strategy: .ahead(policy), retainedPages: 2))
        list.send(.load)
        list.viewport(first: 0, count: 10)
        #expect(list.engine.pageRetentionLimit == 10 / 25 + 2 + 4 + 1)
        let reference = EngineHarness(PaginationConfiguration(strategy: .reference, retainedPages: 6))
        #expect(reference.engine.pageRetentionLimit == 6)
    }
}
