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
}
