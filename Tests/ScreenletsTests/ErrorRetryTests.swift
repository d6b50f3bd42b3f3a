import Testing

@testable import Screenlets

@Suite("Errors, retry and backoff")
struct ErrorRetryTests {
    @Test func backoffDoublesUpToItsBound() {
        let policy = PageRetryPolicy(initialDelay: .milliseconds(500), multiplier: 2, maximumDelay: .seconds(30))
        let delays = (1...9).map { policy.delay(afterAttempts: $0) }
        #expect(delays == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16),
                           .seconds(30), .seconds(30), .seconds(30)])
        #expect(policy.delay(afterAttempts: 10_000) == .seconds(30))
    }

    @Test func aFailedPageShowsErrorRowsAndRetriesOnlyAfterItsBackoff() throws {
        var list = EngineHarness()
        list.send(.load)
        list.complete(page: 0, total: 1_000)
        list.viewport(first: 60, count: 10)  // page 1
        list.completeAll(total: 1_000)
        list.viewport(first: 300, count: 10)  // page 11, cursor on it
        let page = list.engine.layout.page(forRow: 300)
        let failedAt = list.now
        list.fail(page: page)

        let slot = list.engine.row(at: 300)
        let failure = try #require({ if case .failed(let f) = slot { f } else { nil } }())
        #expect(failure.attempts == 1)
        #expect(failure.retryAt == failedAt + .milliseconds(500))
        #expect(list.wakes.last == failedAt + .milliseconds(500))
        #expect(list.events.contains { if case .listError(let f) = $0 { f.page == page } else { false } })

        let requestsAfterFailure = list.requests.count
        for _ in 0..<5 { list.viewport(first: 300, count: 10) }  // redraws: no hot loop
        list.advance(by: .milliseconds(499))
        list.tick()
        #expect(list.requests.count == requestsAfterFailure, "not before the backoff")
        list.advance(by: .milliseconds(1))
        list.tick()
        #expect(list.pendingPages.contains(page))

        // Each failure doubles the wait.
        var expected: [Duration] = []
        var observed: [Duration] = []
        for attempt in 2...5 {
            let start = list.now
            list.fail(page: page)
            let retryAt = try #require(list.engine.failedPages.contains(page) ? list.wakes.last : nil)
            observed.append(start.duration(to: retryAt))
            expected.append(PageRetryPolicy().delay(afterAttempts: attempt))
            list.now = retryAt
            list.tick()
        }
        #expect(observed == expected)

        list.complete(page: page, total: 1_000)
        #expect(list.engine.row(at: 300).row == 300)
        #expect(list.engine.failedPages.isEmpty)
    }

    @Test func retryIntentLoadsAFailedVisiblePageAtOnce() {
        var list = EngineHarness()
        list.send(.load)
        list.fail(page: 0)
        #expect(list.engine.row(at: 0).isFailed, "the loading row becomes an error row")
        #expect(list.pending.isEmpty)
        list.send(.retry)
        #expect(list.pendingPages == [0])
        list.complete(page: 0, total: 10)
        #expect(list.engine.row(at: 9).row == 9)
    }

    @Test func failedPagesOutOfViewAreNotRetriedAutomatically() {
        var list = EngineHarness(PaginationConfiguration(strategy: .reference))
        list.send(.load)
        list.complete(page: 0, total: 1_000)
        list.viewport(first: 500, count: 10)
        let page = list.engine.layout.page(forRow: 500)
        list.fail(page: page)
        list.viewport(first: 0, count: 10)
        list.advance(by: .seconds(60))
        list.tick()
        #expect(!list.requestedPages.dropFirst(2).contains(page))
        list.viewport(first: 500, count: 10)
        #expect(list.pendingPages == [page], "retried when it is back on screen")
    }

    @Test func theDriverRetriesByItselfWithBackoffAndRecovers() async throws {
        let portal = InMemoryPortal(rowCount: 300, latency: .milliseconds(2))
        await portal.set(failingPages: [0])
        let retry = PageRetryPolicy(initialDelay: .milliseconds(20), multiplier: 2, maximumDelay: .milliseconds(80))
        let list = PaginatedList(loader: portal, configuration: PaginationConfiguration(retry: retry))
        let started = ContinuousClock.now
        await list.send(.load)
        try await waitUntil("two automatic attempts") { await portal.requests.count >= 2 }
        try await waitUntil("the page shows as failed") { await list.row(at: 0).isFailed }
        await portal.set(failingPages: [])
        try await waitUntil("a retry succeeds") { await list.row(at: 0).row == 0 }
        // Backoff of 20, 40, then 80 ms between attempts: however long a busy machine took, the
        // attempts are bounded by the elapsed time over the backoff, never a hot loop.
        let elapsed = ContinuousClock.now - started
        let bound = 3 + Int(elapsed / .milliseconds(80))
        #expect(await portal.requestedPages.filter { $0 == 0 }.count <= bound)
        await list.close()
    }
}

@Suite("Backoff through the driver, on a manual clock")
struct DriverBackoffTests {
    @Test func theDriverWaitsExactlyTheBackoffBeforeEachRetry() async throws {
        let clock = ManualClock()
        let portal = InMemoryPortal(rowCount: 100, latency: .zero)
        await portal.set(failingPages: [0])
        let list = PaginatedList(loader: portal, clock: clock)
        await list.send(.load)
        try await waitUntil("the first attempt fails") { await list.row(at: 0).isFailed }
        let firstFailure = clock.now
        try await waitUntil("a wake-up is set for the backoff") { clock.deadlines == [firstFailure + .milliseconds(500)] }

        clock.advance(by: .milliseconds(499))
        #expect(clock.deadlines.count == 1, "still waiting")
        #expect(await portal.requests.count == 1)
        clock.advance(by: .milliseconds(1))
        try await waitUntil("the second attempt") { await portal.requests.count == 2 }
        try await waitUntil("the next wait is twice as long") { clock.deadlines == [clock.now + .seconds(1)] }

        await portal.set(failingPages: [])
        clock.advance(by: .seconds(1))
        try await waitUntil("the third attempt succeeds") { await list.row(at: 0).row == 0 }
        #expect(await portal.requestedPages.filter { $0 == 0 }.count == 3)
        await list.close()
    }
}
