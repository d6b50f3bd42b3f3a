/// Which pages the engine loads besides the rows on screen.
public enum PrefetchStrategy: Sendable, Hashable {
    /// Liferay Screens' behaviour: load a page only when one of its placeholders is on screen
    /// (in stream mode, only when the last row is on screen). Kept as a real, selectable strategy
    /// so benchmarks can compare against it in the same run.
    case reference
    /// Load the pages on screen first, then pages ahead of the viewport in the direction of travel
    /// and a few behind, as far ahead as the observed scroll speed and load latency require.
    case ahead(PrefetchPolicy)

    /// Termlets' default: ``ahead(_:)`` with the default ``PrefetchPolicy``.
    public static var termlets: PrefetchStrategy { .ahead(PrefetchPolicy()) }
}

/// How far ahead (and behind) of the viewport the ``PrefetchStrategy/ahead(_:)`` strategy loads.
///
/// The lookahead in rows is `scroll speed × load latency × safetyFactor`, rounded up to whole
/// pages and clamped to `minimumPagesAhead...maximumPagesAhead`. At reading speed (40 rows/s)
/// with 50 ms latency a placeholder is 2 rows away after one latency, so the floor of 2 pages
/// (50 rows, over a second of scrolling) is what actually applies; holding Page Down
/// (≈1,000 rows/s) with a slow portal (200 ms) asks for 24 pages and gets the ceiling.
public struct PrefetchPolicy: Sendable, Hashable {
    /// Pages always loaded ahead of the viewport's leading edge, however slow the scroll.
    public var minimumPagesAhead: Int
    /// The most pages loaded ahead, however fast the scroll (bounds work and memory).
    public var maximumPagesAhead: Int
    /// Pages loaded behind the viewport's trailing edge, for a change of direction.
    public var pagesBehind: Int
    /// How many load latencies of scrolling the lookahead must cover.
    public var safetyFactor: Double
    /// The load latency assumed until one has been measured.
    public var assumedLatency: Duration

    public init(minimumPagesAhead: Int = 2, maximumPagesAhead: Int = 10, pagesBehind: Int = 1,
                safetyFactor: Double = 3, assumedLatency: Duration = .milliseconds(200)) {
        self.minimumPagesAhead = max(0, minimumPagesAhead)
        self.maximumPagesAhead = max(self.minimumPagesAhead, maximumPagesAhead)
        self.pagesBehind = max(0, pagesBehind)
        self.safetyFactor = max(1, safetyFactor)
        self.assumedLatency = max(.zero, assumedLatency)
    }

    /// Pages to load ahead for a scroll of `rowsPerSecond` and a load latency of `latency`.
    public func pagesAhead(rowsPerSecond: Double, latency: Duration, pageSize: Int) -> Int {
        let rows = max(0, rowsPerSecond) * latency.seconds * safetyFactor
        let pages = (rows / Double(max(1, pageSize))).rounded(.up)
        guard pages.isFinite else { return maximumPagesAhead }
        return min(maximumPagesAhead, max(minimumPagesAhead, Int(pages)))
    }
}
