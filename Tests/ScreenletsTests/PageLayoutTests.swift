import Testing

@testable import Screenlets

@Suite("Page arithmetic")
struct PageLayoutTests {
    let layout = PageLayout()

    @Test func defaultsAreTheReferenceSizes() {
        #expect(layout.firstPageSize == 50)
        #expect(layout.pageSize == 25)
    }

    @Test(arguments: [(0, 0..<50), (1, 50..<75), (2, 75..<100), (398, 9_975..<10_000)])
    func rowsOfPage(page: Int, rows: Range<Int>) {
        #expect(layout.rows(ofPage: page) == rows)
        #expect(layout.firstRow(ofPage: page) == rows.lowerBound)
    }

    @Test(arguments: [(0, 0), (49, 0), (50, 1), (74, 1), (75, 2), (99, 2), (100, 3), (9_999, 398)])
    func pageForRow(row: Int, page: Int) {
        #expect(layout.page(forRow: row) == page)
    }

    @Test func everyRowIsInThePageItMapsTo() {
        let custom = PageLayout(firstPageSize: 7, pageSize: 3)
        for row in 0..<200 {
            #expect(custom.rows(ofPage: custom.page(forRow: row)).contains(row))
        }
    }

    @Test func pagesCoveringARange() {
        #expect(layout.pages(covering: 40..<60) == 0...1)
        #expect(layout.pages(covering: 50..<75) == 1...1)
        #expect(layout.pages(covering: 10..<10) == nil)
    }

    @Test func sizesAreAtLeastOne() {
        let degenerate = PageLayout(firstPageSize: 0, pageSize: -3)
        #expect(degenerate.firstPageSize == 1)
        #expect(degenerate.pageSize == 1)
        #expect(degenerate.page(forRow: 5) == 5)
    }

    @Test func page0RequestAsksForTheCount() {
        #expect(PageRequest(page: 0, layout: layout) == PageRequest(page: 0, start: 0, end: 50, computeRowCount: true))
        #expect(PageRequest(page: 2, layout: layout) == PageRequest(page: 2, start: 75, end: 100, computeRowCount: false))
    }

    /// Issue 12, item 13: `list --page 4611686018427387904` overflowed here (SIGILL); a huge page
    /// now lies past every row instead.
    @Test func hugePagesSaturateInsteadOfOverflowing() {
        for page in [4_611_686_018_427_387_904, Int.max - 1, Int.max] {
            #expect(layout.firstRow(ofPage: page) == Int.max)
            #expect(layout.rows(ofPage: page).isEmpty)
        }
    }
}
