/// The window of rows a scrollable area shows: keeps the focused row visible and tells which rows
/// to render, so drawing costs the visible rows only, however long the list or form.
public struct ScrollWindow: Hashable, Sendable {
    /// Index of the first row shown.
    public private(set) var firstRow: Int
    /// Rows of the area, in cells.
    public var height: Int

    public init(firstRow: Int = 0, height: Int) {
        self.firstRow = max(0, firstRow)
        self.height = max(0, height)
    }

    /// Scrolls as little as possible so row `focus` (all of its lines) is visible, with `margin`
    /// rows of context above and below when there is room. `rowHeight` gives each row's height in
    /// cells (default 1). Cost: the rows between the old and new position, never the whole list.
    public mutating func scrollToShow(_ focus: Int, rowCount: Int, margin: Int = 0,
                                      rowHeight: (Int) -> Int = { _ in 1 }) {
        guard rowCount > 0, height > 0 else { firstRow = 0; return }
        let focus = min(max(0, focus), rowCount - 1)
        let lowest = max(0, focus - margin)
        if lowest < firstRow { firstRow = lowest }
        firstRow = min(firstRow, rowCount - 1)
        // Bottom: the rows from firstRow through focus + margin must fit. The lowest first row
        // that lets them is found walking up from the last of them (at most `height` rows), else
        // the focus itself heads the window.
        let highest = min(rowCount - 1, focus + margin)
        guard firstRow < focus else { return }
        var used = 0
        var row = highest
        while row >= firstRow {
            let rowCells = max(1, rowHeight(row))
            if used + rowCells > height { break }
            used += rowCells
            row -= 1
        }
        firstRow = min(max(firstRow, row + 1), focus)
    }

    /// The rows to render: from `firstRow` as long as they fit in `height` cells (a row cut by the
    /// bottom edge is included).
    public func visibleRows(rowCount: Int, rowHeight: (Int) -> Int = { _ in 1 }) -> Range<Int> {
        guard rowCount > 0, height > 0, firstRow < rowCount else { return firstRow..<firstRow }
        var used = 0
        var row = firstRow
        while row < rowCount && used < height { used += max(1, rowHeight(row)); row += 1 }
        return firstRow..<row
    }
}
