import Testing
import TermUI
import TermUITesting

/// The list widget: visible rows follow the cursor, the cursor glyph and row styles come from the theme.
@Suite("ListView widget")
struct ListViewTests {
    static func draw(cursor: Int, theme: Theme) -> (Grid, [ListView.Row]) {
        var grid = Grid(size: Size(width: 12, height: 3))
        var list = ListView(rowCount: 5, cursor: cursor)
        var rows: [ListView.Row] = []
        list.draw(in: Rect(x: 0, y: 0, width: 12, height: 3), on: &grid, theme: theme) { row, grid in
            rows.append(row)
            grid.write("row \(row.index)", fitting: Rect(x: row.line.x + 2, y: row.line.y, width: 10, height: 1), style: row.style)
        }
        return (grid, rows)
    }

    @Test func theCursorRowIsVisibleMarkedAndFocused() {
        var theme = Theme(name: "t")
        theme.set(Style(attributes: .reverse), for: Theme.Component.listRow, state: .focused)
        let (grid, rows) = Self.draw(cursor: 4, theme: theme)
        #expect(GridText.lines(grid) == ["  row 2", "  row 3", "› row 4"])
        #expect(rows.map(\.isCursor) == [false, false, true])
        #expect(rows.last?.style == Style(attributes: .reverse))
        #expect(rows.first?.style != Style(attributes: .reverse))
    }

    @Test func theThemeNamesTheCursorGlyph() {
        let theme = Theme(name: "t", glyphs: [Theme.Glyph.listCursor: ">"])
        #expect(GridText.lines(Self.draw(cursor: 0, theme: theme).0) == ["> row 0", "  row 1", "  row 2"])
    }
}
