/// A scrolling list of one-line rows with a cursor: which rows are visible (`ScrollWindow`), the
/// cursor glyph (`Theme.Glyph.listCursor`, `›` by default) and the row style from the theme
/// (`Theme.Component.listRow`, focused on the cursor row, plus the caller's states). The caller
/// draws each row's contents; the widget fills the line and writes the cursor column.
public struct ListView: Sendable {
    /// The number of rows.
    public var rowCount: Int
    /// The row under the cursor.
    public var cursor: Int
    /// The first visible row and the height; `draw` sets the height to the rectangle's.
    public var scroll: ScrollWindow

    public init(rowCount: Int, cursor: Int, scroll: ScrollWindow = ScrollWindow(height: 0)) {
        (self.rowCount, self.cursor, self.scroll) = (rowCount, cursor, scroll)
    }

    /// One visible row, as `draw` hands it to the caller.
    public struct Row {
        /// The row's index in the list.
        public let index: Int
        /// The row's line, the cursor column included.
        public let line: Rect
        /// Whether the cursor is on this row.
        public let isCursor: Bool
        /// The row style: `list.row` with the focused state on the cursor row and the caller's
        /// states, unless the caller's `style` gave another.
        public let style: Style
    }

    /// Scrolls to show the cursor in `rect` (keeping `margin` rows of context), then, for each
    /// visible row, fills its line with the row style (`fill`, nil for the row style), writes the
    /// cursor glyph in the first `cursorWidth` cells and calls `drawRow`. `style` overrides the row
    /// style of some rows (a heading, a note) by returning non-nil.
    public mutating func draw(
        in rect: Rect, on grid: inout Grid, theme: Theme, margin: Int = 0, cursorWidth: Int = 2,
        states: (Int) -> [ComponentState] = { _ in [] }, style: ((_ index: Int, _ isCursor: Bool) -> Style?)? = nil,
        fill: ((Row) -> Style)? = nil,
        drawRow: (Row, inout Grid) -> Void
    ) {
        scroll.height = rect.height
        scroll.scrollToShow(cursor, rowCount: rowCount, margin: margin)
        let glyph = theme.glyph(Theme.Glyph.listCursor, fallback: "›")
        // The row styles met so far in this frame: rows share a handful of state sets, and the
        // theme's lookup hashes the states for every row otherwise.
        var known: [(isCursor: Bool, states: [ComponentState], style: Style)] = []
        func rowStyle(_ index: Int, isCursor: Bool) -> Style {
            let rowStates = states(index)
            if let hit = known.first(where: { $0.isCursor == isCursor && $0.states == rowStates }) { return hit.style }
            let resolved = theme.style(for: Theme.Component.listRow, states: (isCursor ? [.focused] : []) + rowStates)
            known.append((isCursor, rowStates, resolved))
            return resolved
        }
        for (offset, index) in scroll.visibleRows(rowCount: rowCount).enumerated() {
            let line = Rect(x: rect.x, y: rect.y + offset, width: rect.width, height: 1)
            let isCursor = index == cursor
            let style = style?(index, isCursor) ?? rowStyle(index, isCursor: isCursor)
            let row = Row(index: index, line: line, isCursor: isCursor, style: style)
            grid.fill(line, style: fill?(row) ?? style)
            grid.write(isCursor ? glyph : " ", fitting: Rect(x: line.x, y: line.y, width: min(cursorWidth, line.width), height: 1),
                       style: style)
            drawRow(row, &grid)
        }
    }
}
