import Foundation
import PortalClient
import Screenlets
import TermUI

/// `scroll`: the cursor moves through record set 40002 (10,000 records) one row per frame at a
/// steady speed, top to bottom, through the real list engine (`PaginatedList` over the DDL list
/// loader and the portal client) and a headless render of every frame. Termlets' prefetch and the
/// reference behaviour (a page loads only when its placeholder is drawn) run at the same time,
/// each with its own session, against the same emulator.
struct ScrollScenario {
    struct Settings: Sendable {
        var rows: Int
        var rowsPerSecond: Double
        var latencyMs: Int

        /// What the SPEC asks: 10,000 records at 40 rows/s with 50 ms latency (about 4 minutes).
        static let full = Settings(rows: 10_000, rowsPerSecond: 40, latencyMs: 50)
        /// CI's smoke test: 1,500 rows, 5× faster against 5× less latency, which keeps what decides
        /// the outcome (the cursor moves 2 rows during one load) in under 8 seconds.
        static let quick = Settings(rows: 1_500, rowsPerSecond: 200, latencyMs: 10)

        var description: String {
            "\(rows) rows at \(Int(rowsPerSecond)) rows/s, \(latencyMs) ms latency"
        }
    }

    /// The figures of one strategy.
    struct Figures: Sendable {
        var frames = 0
        /// Frames whose cursor row was a placeholder.
        var placeholderFrames = 0
        /// Frames with any placeholder on screen.
        var placeholderOnScreenFrames = 0
        /// The frame intervals that began with a placeholder under the cursor, summed.
        var stallMs = 0.0
        var requests = 0
        var duplicateRequests = 0
        var elapsedMs = 0.0
        /// Terminal bytes per frame (ANSI encoding of the frame diff).
        var bytesPerFrame = 0.0
        /// The longest gap between two frames (a busy machine shows here).
        var worstFrameGapMs = 0.0
        /// The pages requested more than once, if any (for diagnosis).
        var duplicatePages: [Int] = []

        var json: [String: Double] {
            [
                "placeholderFrames": Double(placeholderFrames), "stallMs": stallMs.rounded(to: 1),
                "requests": Double(requests), "duplicateRequests": Double(duplicateRequests),
                "frames": Double(frames), "placeholderOnScreenFrames": Double(placeholderOnScreenFrames),
                "elapsedMs": elapsedMs.rounded(to: 0), "bytesPerFrame": bytesPerFrame.rounded(to: 1),
                "worstFrameGapMs": worstFrameGapMs.rounded(to: 1),
                "rowsPerSecond": (elapsedMs > 0 ? Double(frames) / (elapsedMs / 1_000) : 0).rounded(to: 1),
            ]
        }
    }

    static let labelFields = ["Title", "Priority", "DueDate", "Severity"]

    let settings: Settings

    func run(in environment: BenchEnvironment) async throws -> (termlets: Figures, reference: Figures) {
        await environment.setLatency(milliseconds: settings.latencyMs)
        async let termlets = scroll(environment, strategy: .termlets)
        async let reference = scroll(environment, strategy: .reference)
        return try await (termlets, reference)
    }

    private func scroll(_ environment: BenchEnvironment, strategy: PrefetchStrategy) async throws -> Figures {
        let session = try await environment.session()
        do {
            let calls = try await session.calls()
            let source = DDLListSource(recordSetId: BenchEnvironment.issuesRecordSet, locale: "en_US", calls: calls)
            let base = PortalPageLoader(source: source, policy: .remoteOnly, cache: nil) { try await session.invoke($0) }
            let log = PageRequestLog()
            let loader = LoggingPageLoader(base: DDLListLoader(base: base, labelFields: Self.labelFields, queue: nil), log: log)
            let list = PaginatedList(loader: loader, configuration: PaginationConfiguration(strategy: strategy))
            var figures = try await drive(list)
            await list.close()
            let pages = await log.pages
            figures.requests = pages.count
            figures.duplicateRequests = pages.count - Set(pages).count
            var seen = Set<Int>()
            figures.duplicatePages = pages.filter { !seen.insert($0).inserted }
            try? await session.shutdown()
            return figures
        } catch {
            try? await session.shutdown()
            throw error
        }
    }

    private func drive(_ list: PaginatedList<LoggingPageLoader<DDLListLoader>>) async throws -> Figures {
        var renderer = BenchListRenderer(columns: [("Title", 52), ("Priority", 8), ("Due date", 10), ("Severity", 10)])
        let visibleCount = renderer.visibleCount
        let clock = ContinuousClock()
        await list.send(.viewport(Screenlets.ListWindow(firstRow: 0, visibleCount: visibleCount, cursor: 0)))
        await list.send(.load)
        let startDeadline = clock.now + .seconds(30)
        while await list.row(at: 0).row == nil {
            guard clock.now < startDeadline else { throw BenchFailure("the first page did not arrive within 30 s") }
            try await clock.sleep(for: .milliseconds(1))
        }

        var figures = Figures()
        var bytes = 0
        let period = Duration.seconds(1 / settings.rowsPerSecond)
        let start = clock.now
        var previousFrame = start
        var previousHadPlaceholder = false
        var firstRow = 0
        for cursor in 1..<max(1, settings.rows) {
            // One row per period after the previous frame: a frame made late by a busy machine
            // delays the next ones rather than being made up by a burst faster than the set speed.
            try await clock.sleep(until: previousFrame + period, tolerance: .zero)
            let now = clock.now
            let gap = BenchClock.milliseconds(previousFrame.duration(to: now))
            figures.worstFrameGapMs = max(figures.worstFrameGapMs, gap)
            if previousHadPlaceholder { figures.stallMs += gap }
            previousFrame = now
            guard cursor < (await list.engine.rowCount) else { break }
            firstRow = max(firstRow, cursor - visibleCount + 1)
            let viewport = Screenlets.ListWindow(firstRow: firstRow, visibleCount: visibleCount, cursor: cursor)
            await list.send(.viewport(viewport))
            let frame = await list.engine
            bytes += renderer.render(frame, viewport: viewport) { $0.labels }
            figures.frames += 1
            previousHadPlaceholder = frame.row(at: cursor).row == nil
            if previousHadPlaceholder { figures.placeholderFrames += 1 }
            let onScreen = firstRow..<max(firstRow, min(firstRow + visibleCount, frame.rowCount))
            if onScreen.contains(where: { frame.row(at: $0).row == nil }) { figures.placeholderOnScreenFrames += 1 }
        }
        if previousHadPlaceholder { figures.stallMs += BenchClock.milliseconds(period) }
        figures.elapsedMs = BenchClock.milliseconds(start.duration(to: clock.now))
        figures.bytesPerFrame = figures.frames == 0 ? 0 : Double(bytes) / Double(figures.frames)
        return figures
    }
}

/// A benchmark that could not run (not a missed goal: those are reported in the figures).
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Double {
    /// The value rounded to `places` decimal places.
    func rounded(to places: Int) -> Double {
        let scale = Foundation.pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
