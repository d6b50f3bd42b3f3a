/// What the UI shows of a list: the first visible row, how many rows fit, and the cursor.
public struct ListWindow: Sendable, Hashable {
    /// The index of the topmost visible row.
    public var firstRow: Int
    /// How many rows the screen shows (at least 1).
    public var visibleCount: Int
    /// The selected row.
    public var cursor: Int

    public init(firstRow: Int, visibleCount: Int, cursor: Int) {
        self.firstRow = min(max(0, firstRow), Int.max >> 2)
        self.visibleCount = min(max(1, visibleCount), 1 << 20)
        self.cursor = max(0, cursor)
    }

    /// The visible rows, `firstRow..<firstRow + visibleCount` (not clipped to the list's length).
    public var rows: Range<Int> { firstRow..<(firstRow + visibleCount) }
}
