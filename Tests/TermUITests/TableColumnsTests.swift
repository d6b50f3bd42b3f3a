import TermUI
import TermUITesting
import Testing

/// The table columns under a list's rows: fixed, preferred and shared widths, and columns left
/// out at the right when a shared one would get too narrow.
@Suite("TableColumns widget")
struct TableColumnsTests {
    let columns = [
        TableColumns.Column(title: "ID"),
        TableColumns.Column(title: "Title"),
        TableColumns.Column(title: "Due date", preferredWidth: 11),
    ]

    @Test func aFixedFirstColumnAPreferredOneAndTheRestShared() {
        let table = TableColumns(columns, width: 40, leadingWidth: 8)
        #expect(table.cells == [.init(x: 2, width: 8), .init(x: 10, width: 19), .init(x: 29, width: 11)])
        #expect(table.hidden == 0)
    }

    @Test func narrowColumnsAreLeftOutAndTheHeaderSaysHowMany() {
        let table = TableColumns(columns, width: 24, leadingWidth: 8)
        #expect(table.hidden == 1)
        #expect(table.titles == ["ID", "Title"])
        var grid = Grid(size: Size(width: 24, height: 1))
        table.drawHeader(in: Rect(x: 0, y: 0, width: 24, height: 1), on: &grid, style: .plain, base: .plain)
        #expect(GridText.lines(grid).first?.hasPrefix("  ID      Title (+1)") == true)
    }
}
