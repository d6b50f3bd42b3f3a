import Testing
import TermUI

@Suite("ScrollWindow")
struct ViewportTests {
    @Test func scrollsOnlyWhenTheFocusLeavesTheWindow() {
        var viewport = ScrollWindow(height: 5)
        viewport.scrollToShow(4, rowCount: 100)
        #expect(viewport.firstRow == 0)
        viewport.scrollToShow(5, rowCount: 100)
        #expect(viewport.firstRow == 1)
        viewport.scrollToShow(99, rowCount: 100)
        #expect(viewport.firstRow == 95)
        #expect(viewport.visibleRows(rowCount: 100) == 95..<100)
        viewport.scrollToShow(97, rowCount: 100)
        #expect(viewport.firstRow == 95)
        viewport.scrollToShow(3, rowCount: 100)
        #expect(viewport.firstRow == 3)
    }

    @Test func keepsAMargin() {
        var viewport = ScrollWindow(height: 5)
        viewport.scrollToShow(3, rowCount: 100, margin: 1)
        #expect(viewport.firstRow == 0)
        viewport.scrollToShow(4, rowCount: 100, margin: 1)
        #expect(viewport.firstRow == 1)
        viewport.scrollToShow(1, rowCount: 100, margin: 1)
        #expect(viewport.firstRow == 0)
    }

    @Test func handlesRowsOfDifferentHeights() {
        // Every third row has an error line under it (height 2).
        let height: (Int) -> Int = { $0 % 3 == 0 ? 2 : 1 }
        var viewport = ScrollWindow(height: 6)
        viewport.scrollToShow(5, rowCount: 50, rowHeight: height)
        let visible = viewport.visibleRows(rowCount: 50, rowHeight: height)
        #expect(visible.contains(5))
        #expect(visible.map(height).reduce(0, +) <= 6 + 1)
        #expect(visible.lowerBound == viewport.firstRow)
        let total = (viewport.firstRow...5).map(height).reduce(0, +)
        #expect(total <= 6)
    }

    @Test func fewerRowsThanTheWindowAndEmptyLists() {
        var viewport = ScrollWindow(height: 10)
        viewport.scrollToShow(2, rowCount: 3)
        #expect(viewport.firstRow == 0 && viewport.visibleRows(rowCount: 3) == 0..<3)
        viewport.scrollToShow(0, rowCount: 0)
        #expect(viewport.visibleRows(rowCount: 0).isEmpty)
    }

    /// The window a focus needs, found by the rule itself: the lowest first row, not above the
    /// window's, from which the rows through focus + margin fit (else the focus heads it).
    private static func expectedFirstRow(from start: Int, focus: Int, rowCount: Int, margin: Int, height: Int,
                                         heights: [Int]) -> Int {
        let focus = min(max(0, focus), rowCount - 1)
        var first = min(min(start, max(0, focus - margin)), rowCount - 1)
        let highest = min(rowCount - 1, focus + margin)
        while first < focus, (first...highest).reduce(0, { $0 + max(1, heights[$1]) }) > height { first += 1 }
        return first
    }

    @Test func scrollingDownFindsTheLowestFirstRowThatShowsTheFocus() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let rowCount = Int.random(in: 1...60, using: &generator)
            let heights = (0..<rowCount).map { _ in Int.random(in: 0...4, using: &generator) }
            let height = Int.random(in: 1...12, using: &generator)
            let margin = Int.random(in: 0...3, using: &generator)
            let start = Int.random(in: 0..<rowCount, using: &generator)
            var window = ScrollWindow(firstRow: start, height: height)
            let focus = Int.random(in: -2...rowCount + 2, using: &generator)
            window.scrollToShow(focus, rowCount: rowCount, margin: margin) { heights[$0] }
            let expected = Self.expectedFirstRow(from: start, focus: focus, rowCount: rowCount, margin: margin,
                                                 height: height, heights: heights)
            #expect(window.firstRow == expected, "rows \(heights), height \(height), margin \(margin), from \(start) to \(focus)")
            if window.firstRow != expected { return }
        }
    }
}
