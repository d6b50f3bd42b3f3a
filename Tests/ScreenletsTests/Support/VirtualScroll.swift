import Screenlets

/// Scrolls a list on a virtual clock: one frame per row at a steady speed, every load answered
/// exactly `latency` after it was issued. Deterministic, so the SPEC's scroll scenario can run in
/// every test run at full size without depending on how busy the machine is.
struct VirtualScroll {
    var rowCount: Int
    var rowsPerSecond: Double
    var latency: Duration
    var visibleCount = 28

    struct Report {
        var frames = 0
        var framesWithPlaceholderUnderCursor = 0
        var framesWithPlaceholderOnScreen = 0
        var requestedPages: [Int] = []
        /// The cursor rows of the frames that showed a placeholder under the cursor.
        var placeholderFrames: [Int] = []
        var duplicatePageRequests: Int { requestedPages.count - Set(requestedPages).count }
    }

    func run(strategy: PrefetchStrategy, rows: Int) -> Report {
        var list = EngineHarness(PaginationConfiguration(strategy: strategy))
        let start = list.now
        var answerAt: [Int: ContinuousClock.Instant] = [:]  // ticket id → when it answers
        var issued = 0

        /// Answers every load due by `now`, oldest first, and stamps new loads with their answer time.
        func settle(_ list: inout EngineHarness) {
            while true {
                for ticket in list.requests.dropFirst(issued).indices {
                    answerAt[ticket] = list.now + latency
                }
                issued = list.requests.count
                guard let due = list.pending.first(where: { ticket in
                    let index = list.requests.firstIndex(where: { $0 == ticket.request })!
                    return answerAt[index]! <= list.now
                }) else { return }
                list.complete(page: due.request.page, total: rowCount)
            }
        }

        // The first screen is loaded before scrolling starts, as a user sees it.
        list.viewport(first: 0, count: visibleCount, cursor: 0)
        list.send(.load)
        settle(&list)
        list.advance(by: latency)
        settle(&list)
        var report = Report()
        let frameInterval = Duration.seconds(1 / rowsPerSecond)
        for cursor in 0..<min(rows, rowCount) {
            let frameTime = start + latency + frameInterval * cursor
            if frameTime > list.now { list.advance(by: frameTime - list.now) }
            list.tick()
            settle(&list)
            let first = max(0, cursor - visibleCount + 1)
            list.viewport(first: first, count: visibleCount, cursor: cursor)
            settle(&list)
            report.frames += 1
            if list.engine.row(at: cursor).symbol == "…" {
                report.framesWithPlaceholderUnderCursor += 1
                report.placeholderFrames.append(cursor)
            }
            if (first..<(first + visibleCount)).contains(where: { list.engine.row(at: $0).symbol == "…" }) {
                report.framesWithPlaceholderOnScreen += 1
            }
        }
        report.requestedPages = list.requestedPages
        return report
    }
}
