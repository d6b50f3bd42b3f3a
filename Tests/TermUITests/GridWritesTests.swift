import Testing
@testable import TermUI

/// A frame built on the last one with its writes tracked is diffed on the rows written only: the
/// diff must be the one a whole comparison gives, whichever primitive wrote.
@Suite("Grid writes")
struct GridWritesTests {
    static let size = Size(width: 12, height: 8)

    static func base() -> Grid {
        var grid = Grid(size: size)
        for y in 0..<size.height { grid.write("row \(y) 名前", at: Point(x: 0, y: y), style: Style(foreground: .cyan)) }
        return grid
    }

    /// Every primitive that writes cells, each on a row of its own.
    static func edit(_ grid: inout Grid) {
        var other = Grid(size: size)
        other.write("copied 👩‍💻", at: Point(x: 1, y: 0), style: Style(background: .red))
        grid.write("x", at: Point(x: 5, y: 0))                                    // place, cuts 名
        grid.put(Cell("本"), at: Point(x: 2, y: 1))                               // place, wide
        grid.fill(Rect(x: 3, y: 2, width: 4, height: 1), style: Style(background: .blue))
        grid.fill(Rect(x: 0, y: 3, width: 2, height: 1), with: Cell("#"))
        grid.restyle(Rect(x: 0, y: 4, width: 3, height: 1)) { $0.attributes.insert(.bold) }
        grid.copyLines(of: other, from: 0, count: 1, to: 6)                       // other tables
        grid.copyLines(of: grid, from: 7, count: 1, to: 5)                        // same tables
        grid.write("end", fitting: Rect(x: 8, y: 7, width: 4, height: 1))
    }

    @Test func trackedFramesDiffAsWholeComparisonsDo() {
        let base = Self.base()
        var tracked = base.trackingWrites()
        var plain = base
        Self.edit(&tracked)
        Self.edit(&plain)
        #expect(tracked == plain)
        #expect(tracked.rowsWritten(since: base) != nil)
        let changes = FrameDiff.changes(from: base, to: tracked)
        #expect(!changes.isEmpty)
        #expect(changes == FrameDiff.changes(from: base, to: plain))
    }

    @Test func onlyTheRowsWrittenAreNoted() throws {
        let base = Self.base()
        var tracked = base.trackingWrites()
        tracked.write("y", at: Point(x: 0, y: 2))
        tracked.fill(Rect(x: 0, y: 5, width: 3, height: 2), style: .plain)
        let rows = try #require(tracked.rowsWritten(since: base))
        #expect((0..<Self.size.height).filter { rows.contains($0) } == [2, 5, 6])
    }

    @Test func anotherEarlierFrameIsComparedWhole() {
        let base = Self.base()
        var tracked = base.trackingWrites()
        tracked.write("z", at: Point(x: 0, y: 1))
        var elsewhere = base
        elsewhere.write("w", at: Point(x: 3, y: 6))   // its own buffer now
        #expect(tracked.rowsWritten(since: elsewhere) == nil)
        let changes = FrameDiff.changes(from: elsewhere, to: tracked)
        #expect(changes.map(\.position.y) == [1, 6])
    }

    @Test func rowsPastTheBitsCountTogether() {
        var rows = GridWrites.Rows()
        rows.insert(3..<4)
        rows.insert(300..<301)
        rows.insert(70..<71)
        #expect(rows.contains(3) && !rows.contains(4) && rows.contains(70) && !rows.contains(71) && rows.contains(128) && rows.contains(300) && !rows.contains(-1))
    }
}
