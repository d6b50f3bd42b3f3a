/// The fluent pagination engine: a value-type state machine with no I/O.
///
/// Feed it ``PaginationMessage``s with ``handle(_:at:)``; it updates its state and returns the
/// ``PaginationEffect``s to run (page loads, cancellations, timers, events). Render from it with
/// ``row(at:)`` and ``displayRowCount``. ``PaginatedList`` is a ready-made driver; an Elm-style
/// UI can also embed the engine in its own model and map the effects to its own commands.
///
/// Loaded rows live in a dictionary of pages, never in one array sized to the row count, and
/// pages far from the viewport are evicted, so a million-row list costs only the retained pages.
public struct PaginationEngine<Row: Sendable>: Sendable {
    /// A page's rows and the generation that loaded them (older than ``generation`` while a
    /// refresh is running: shown, but due for reloading).
    struct LoadedPage: Sendable {
        var rows: [Row]
        var provenance: RowProvenance
        var generation: Int
    }

    /// What the engine knows about one page, for diagnostics and tests.
    public enum PageState: Sendable {
        case absent
        case loading
        case loaded(rowCount: Int, provenance: RowProvenance)
        case failed(PageFailure)
    }

    public let configuration: PaginationConfiguration
    public var layout: PageLayout { configuration.layout }

    /// Whether the length is known yet, and how rows are added.
    public internal(set) var mode: ListMode = .awaitingFirstPage
    /// The list's length: the portal's count in fluent mode (adjusted when pages come back short
    /// or long), the rows known so far in stream mode, 0 before page 0.
    public internal(set) var rowCount = 0
    /// Whether rows may follow the last known one (stream mode, or a list that outgrew its count).
    public internal(set) var moreRows = false
    /// True from a refresh until its page 0 arrives or fails; the old rows stay visible meanwhile.
    public internal(set) var isRefreshing = false
    /// Bumped by every refresh; answers to older generations are dropped.
    public internal(set) var generation = 0
    /// The failure of the last refresh, when it failed (cleared by the next refresh).
    public internal(set) var refreshFailure: PageFailure?
    /// The last viewport the UI reported.
    public internal(set) var viewport: ListWindow?
    /// Whether ``ListIntent/load`` has been received.
    public internal(set) var isStarted = false

    var pages: [Int: LoadedPage] = [:]
    var failures: [Int: PageFailure] = [:]
    var inFlight: [Int: LoadTicket] = [:]
    var motion: MotionTracker
    var scheduledWake: ContinuousClock.Instant?

    public init(configuration: PaginationConfiguration = PaginationConfiguration()) {
        self.configuration = configuration
        let assumed: Duration
        if case .ahead(let policy) = configuration.strategy {
            assumed = policy.assumedLatency
        } else {
            assumed = PrefetchPolicy().assumedLatency
        }
        motion = MotionTracker(assumedLatency: assumed)
    }
}

// MARK: - Reading the state (rendering)

extension PaginationEngine {
    /// How many rows the UI lays out: the row count, plus one "loading more" (or error) row while
    /// more rows may follow, or while page 0 is on its way.
    public var displayRowCount: Int {
        switch mode {
        case .awaitingFirstPage: return isStarted ? 1 : 0
        case .fluent, .stream: return rowCount + (moreRows ? 1 : 0)
        }
    }

    /// The rows of the last reported viewport that exist (empty before any viewport, or when
    /// the viewport lies past the end of a list that shrank).
    public var visibleRows: Range<Int> {
        let viewport = self.viewport ?? ListWindow(firstRow: 0, visibleCount: 1, cursor: 0)
        let end = min(viewport.rows.upperBound, displayRowCount)
        return end > viewport.firstRow ? viewport.firstRow..<end : viewport.firstRow..<viewport.firstRow
    }

    /// What to draw at row `index`.
    public func row(at index: Int) -> RowSlot<Row> {
        guard index >= 0, index < displayRowCount else { return .beyondEnd }
        let page = layout.page(forRow: index)
        if index < rowCount, let loaded = pages[page] {
            let offset = index - layout.firstRow(ofPage: page)
            if offset < loaded.rows.count {
                return .loaded(loaded.rows[offset], stale: loaded.provenance.stale)
            }
        }
        if let failure = failures[page] { return .failed(failure) }
        return .placeholder
    }

    /// The rows held for `page` and whether they are stale, or nil when none are: a view drawing
    /// many rows reads them by index from here instead of one ``row(at:)`` (a dictionary lookup)
    /// each. Rows at or past ``rowCount`` are not the list's (``row(at:)`` does not show them).
    public func loadedRows(ofPage page: Int) -> (rows: [Row], stale: Bool)? {
        pages[page].map { ($0.rows, $0.provenance.stale) }
    }

    /// What the engine knows about `page`.
    public func state(ofPage page: Int) -> PageState {
        if let loaded = pages[page], loaded.generation == generation {
            return .loaded(rowCount: loaded.rows.count, provenance: loaded.provenance)
        }
        if inFlight[page] != nil { return .loading }
        if let failure = failures[page] { return .failed(failure) }
        if let loaded = pages[page] { return .loaded(rowCount: loaded.rows.count, provenance: loaded.provenance) }
        return .absent
    }

    /// The pages held in memory, in order.
    public var loadedPages: [Int] { pages.keys.sorted() }
    /// The pages being loaded now, in order.
    public var pagesInFlight: [Int] { inFlight.keys.sorted() }
    /// The pages that failed and have not been reloaded, in order.
    public var failedPages: [Int] { failures.keys.sorted() }
    /// The current scroll speed estimate, in rows per second.
    public var estimatedRowsPerSecond: Double { motion.rowsPerSecond }
    /// The current load latency estimate.
    public var estimatedLatency: Duration { motion.latency }
}
