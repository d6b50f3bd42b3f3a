import Testing

@testable import Screenlets

@Suite("Pages that disagree with the row count")
struct CountChangeTests {
    @Test func aShortMiddlePageShrinksTheList() {
        var list = EngineHarness(PaginationConfiguration(strategy: .reference))
        list.send(.load)
        list.complete(page: 0, total: 1_000)
        list.viewport(first: 290, count: 20)  // pages 10 and 11
        #expect(list.pendingPages == [10, 11])
        let start = list.engine.layout.firstRow(ofPage: 10)
        list.complete(page: 10, rows: Array(start..<(start + 10)))
        #expect(list.engine.rowCount == start + 10)
        #expect(list.engine.row(at: start + 9).row == start + 9)
        #expect(list.engine.row(at: start + 10).symbol == "∅")
        #expect(list.events.contains { if case .rowCountChanged(start + 10) = $0 { true } else { false } })

        list.complete(page: 11, total: 1_000)  // answered after the shrink: past the end, dropped
        #expect(list.engine.rowCount == start + 10)
        #expect(!list.engine.loadedPages.contains(11))
    }

    @Test func aFullLastPageBeyondTheCountGrowsTheListAndLooksForMore() {
        var list = EngineHarness(PaginationConfiguration(strategy: .reference))
        list.send(.load)
        list.complete(page: 0, total: 90)
        list.viewport(first: 70, count: 20)
        list.complete(page: 1, total: 90)
        list.complete(page: 2, rows: Array(75..<100))  // 10 rows more than counted
        #expect(list.engine.rowCount == 100)
        #expect(list.engine.moreRows)
        list.viewport(first: 85, count: 20)
        #expect(list.pendingPages == [3])
        list.complete(page: 3, rows: Array(100..<105))
        #expect(list.engine.rowCount == 105)
        #expect(!list.engine.moreRows)
        #expect(list.engine.row(at: 104).row == 104)
    }

    @Test func extraRowsBeyondAPageAreCutOffNotWrittenIntoTheNextPage() {
        var list = EngineHarness()
        list.send(.load)
        list.complete(page: 0, rows: Array(0..<80), count: 200)
        #expect(list.engine.rowCount == 200)
        #expect(list.engine.row(at: 49).row == 49)
        #expect(list.engine.row(at: 50).row == nil)
        #expect(list.events.contains { if case .pageLoaded(0, let rows, 200, _) = $0 { rows.count == 50 } else { false } })
    }

    @Test func aCountSmallerThanPage0GrowsToThePage() {
        var list = EngineHarness()
        list.send(.load)
        list.complete(page: 0, rows: Array(0..<50), count: 10)
        #expect(list.engine.rowCount == 50)
        #expect(list.engine.moreRows)
    }

    @Test func anEmptyListHasNoRows() {
        var list = EngineHarness()
        list.send(.load)
        list.viewport(first: 0, count: 20)
        list.complete(page: 0, rows: [], count: 0)
        #expect(list.engine.mode == .fluent)
        #expect(list.engine.displayRowCount == 0)
        #expect(list.engine.row(at: 0).symbol == "∅")
        #expect(list.pending.isEmpty)
    }

    @Test func rowsAreNeverReadOutOfRange() {
        var list = EngineHarness()
        list.send(.load)
        list.complete(page: 0, rows: Array(0..<50), count: 60)
        list.complete(page: 1, rows: Array(50..<52))  // 8 rows fewer than counted
        for index in -5..<120 {
            _ = list.engine.row(at: index)
        }
        #expect(list.engine.rowCount == 52)
        #expect(list.engine.row(at: -1).symbol == "∅")
    }
}
