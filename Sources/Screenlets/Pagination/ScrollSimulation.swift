/// Scrolls a ``PaginatedList`` at a steady speed in real time and counts what a user would see:
/// frames with a placeholder under the cursor or on screen, and page requests (with duplicates).
///
/// The cursor moves one row per frame and the viewport keeps it on its bottom line once the
/// first screen is passed, the worst case for prefetching: no loaded row below the cursor is
/// ever on screen. Used by the tests and by the benchmark command, against any loader.
public struct ScrollSimulation: Sendable {
    /// The figures of one run.
    public struct Report: Sendable, Hashable, CustomStringConvertible {
        /// Frames drawn (one per row scrolled).
        public var frames = 0
        /// Frames whose cursor row was not loaded: what the SPEC forbids.
        public var framesWithPlaceholderUnderCursor = 0
        /// Frames with any row on screen not loaded.
        public var framesWithPlaceholderOnScreen = 0
        /// Page loads sent to the loader.
        public var pageRequests = 0
        /// Page loads for a page already requested before (no refresh happens in a run).
        public var duplicatePageRequests = 0
        /// The pages requested, in order.
        public var requestedPages: [Int] = []
        /// Wall-clock time of the scroll, from the first frame to the last.
        public var elapsed: Duration = .zero

        public var description: String {
            "\(frames) frames, \(framesWithPlaceholderUnderCursor) with a placeholder under the cursor, "
                + "\(framesWithPlaceholderOnScreen) with one on screen, \(pageRequests) page requests, "
                + "\(duplicatePageRequests) duplicates, \(elapsed)"
        }
    }

    /// Why a run could not start.
    public struct StartTimeout: Error, Sendable {}

    /// How far to scroll (the run stops earlier at the end of the list).
    public var rowsToScroll: Int
    /// Scroll speed; one frame per row.
    public var rowsPerSecond: Double
    /// Rows on screen.
    public var visibleCount: Int
    /// How long to wait for the first screen before giving up.
    public var startTimeout: Duration

    public init(rowsToScroll: Int, rowsPerSecond: Double = 40, visibleCount: Int = 28,
                startTimeout: Duration = .seconds(10)) {
        self.rowsToScroll = max(0, rowsToScroll)
        self.rowsPerSecond = max(1, rowsPerSecond)
        self.visibleCount = max(1, visibleCount)
        self.startTimeout = startTimeout
    }

    /// Loads the list through `loader`, waits for the first screen, then scrolls down
    /// ``rowsToScroll`` rows (or to the end) at ``rowsPerSecond``.
    public func run<Loader: PageLoader>(loader: Loader, configuration: PaginationConfiguration) async throws
        -> Report
    {
        let log = PageRequestLog()
        let list = PaginatedList(loader: LoggingPageLoader(base: loader, log: log), configuration: configuration)
        do {
            var report = try await scroll(list)
            await list.close()
            report.requestedPages = await log.pages
            report.pageRequests = report.requestedPages.count
            report.duplicatePageRequests = report.pageRequests - Set(report.requestedPages).count
            return report
        } catch {
            await list.close()
            throw error
        }
    }

    private func scroll<L: PageLoader>(_ list: PaginatedList<L>) async throws -> Report {
        let clock = ContinuousClock()
        await list.send(.viewport(ListWindow(firstRow: 0, visibleCount: visibleCount, cursor: 0)))
        await list.send(.load)
        let startDeadline = clock.now + startTimeout
        while await list.row(at: 0).row == nil {
            guard clock.now < startDeadline else { throw StartTimeout() }
            try await clock.sleep(for: .milliseconds(1))
        }

        var report = Report()
        let period = Duration.seconds(1 / rowsPerSecond)
        let start = clock.now
        var firstRow = 0
        for cursor in stride(from: 1, through: rowsToScroll, by: 1) {
            try await clock.sleep(until: start + period * cursor, tolerance: .zero)
            guard cursor < (await list.engine.rowCount) else { break }
            firstRow = max(firstRow, cursor - visibleCount + 1)
            await list.send(.viewport(ListWindow(firstRow: firstRow, visibleCount: visibleCount, cursor: cursor)))
            let frame = await list.engine
            report.frames += 1
            if frame.row(at: cursor).row == nil { report.framesWithPlaceholderUnderCursor += 1 }
            let onScreen = firstRow..<max(firstRow, min(firstRow + visibleCount, frame.rowCount))
            if onScreen.contains(where: { frame.row(at: $0).row == nil }) { report.framesWithPlaceholderOnScreen += 1 }
        }
        report.elapsed = start.duration(to: clock.now)
        return report
    }
}
