/// What the UI draws at one row index.
public enum RowSlot<Row: Sendable>: Sendable {
    /// The row is loaded. `stale` is true when it came from the cache with the portal unreachable.
    case loaded(Row, stale: Bool)
    /// The row exists but is not loaded (yet, or any more: its page was evicted). In stream mode,
    /// the "loading more" row after the last loaded row is a placeholder too.
    case placeholder
    /// The row's page failed to load; it retries automatically at `failure.retryAt`, or at once
    /// on ``ListIntent/retry``.
    case failed(PageFailure)
    /// The index is past the end of the list.
    case beyondEnd

    /// The row, when loaded.
    public var row: Row? {
        if case .loaded(let row, _) = self { return row }
        return nil
    }

    public var isPlaceholder: Bool {
        if case .placeholder = self { return true }
        return false
    }

    public var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}
