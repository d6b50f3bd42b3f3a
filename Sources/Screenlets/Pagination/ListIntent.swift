/// What the UI asks of a list. Intents are the only way the UI drives the engine.
public enum ListIntent: Sendable, Hashable {
    /// Load the list (page 0 with the row count). Once loaded, the same as ``refresh``.
    case load
    /// The UI shows these rows now. Sent on every scroll, cursor move and resize.
    case viewport(ListWindow)
    /// Reload from page 0, keeping the old rows on screen until the new page 0 arrives.
    case refresh
    /// Load failed pages now instead of waiting for their backoff (and retry a failed refresh).
    case retry
    /// The user chose a row; emits ``ListEvent/rowSelected(index:row:)`` when the row is loaded.
    case select(row: Int)
}

/// Whether the list knows its length.
public enum ListMode: Sendable, Hashable {
    /// Page 0 has not arrived yet.
    case awaitingFirstPage
    /// The row count is known; rows not loaded are placeholders.
    case fluent
    /// The source cannot count; pages are appended as the cursor nears the end.
    case stream
}

/// One page load the engine asked for, tagged with the list generation it belongs to.
public struct LoadTicket: Sendable, Hashable {
    /// Bumped by every refresh; answers to an older generation are dropped.
    public let generation: Int
    public let request: PageRequest
    /// When the load was issued, to measure latency.
    public let issuedAt: ContinuousClock.Instant
}

/// Everything the engine reacts to: the UI's intents, the loads' outcomes, and timer ticks.
public enum PaginationMessage<Row: Sendable>: Sendable {
    case intent(ListIntent)
    case pageLoaded(LoadTicket, PageResponse<Row>)
    /// An early answer (e.g. cached rows) while the load goes on; see
    /// ``PageLoader/loadPage(_:early:)``.
    case pageLoadedEarly(LoadTicket, PageResponse<Row>)
    case pageFailed(LoadTicket, any Error)
    /// A ``PaginationEffect/wake(at:)`` deadline passed (backoff retries are due).
    case tick
}

/// Work the engine asks its driver to do. The engine itself never performs I/O.
public enum PaginationEffect<Row: Sendable>: Sendable {
    /// Run the load; answer with ``PaginationMessage/pageLoaded(_:_:)`` or
    /// ``PaginationMessage/pageFailed(_:_:)`` carrying the same ticket.
    case load(LoadTicket)
    /// Cancel the loads of generations before this one (a refresh made them obsolete). Their
    /// answers, if any still come, are dropped.
    case cancelLoads(beforeGeneration: Int)
    /// Send ``PaginationMessage/tick`` at this instant (it replaces any earlier wake request).
    case wake(at: ContinuousClock.Instant)
    /// Publish this event to the list's observers.
    case emit(ListEvent<Row>)
}

/// What observers of a list hear: typed, one case per thing that happened.
public enum ListEvent<Row: Sendable>: Sendable {
    /// A page arrived; `rowCount` is the list's length after merging it (in stream mode, the rows
    /// known so far).
    case pageLoaded(page: Int, rows: [Row], rowCount: Int, provenance: RowProvenance)
    /// A page failed; it retries at `failure.retryAt` while it is wanted.
    case listError(PageFailure)
    /// A refresh began; the old rows stay on screen.
    case refreshStarted
    /// The refresh ended: with the new page 0, or with an error (the old rows are kept).
    case refreshFinished(succeeded: Bool)
    /// The number of rows changed (count arrived, pages came back short or long).
    case rowCountChanged(Int)
    /// The user selected a loaded row.
    case rowSelected(index: Int, row: Row)
}
