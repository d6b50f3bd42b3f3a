import Screenlets
import TermUI
import Testing

@testable import Screens

/// What the list screen works out once per frame or once per width instead of once per row or
/// per frame (issue 17) must be what it would work out each time.
@Suite("List screen's view parts")
struct ListScreenViewPartsTests {
    static let size = Size(width: 80, height: 24)

    /// The slot as a short text: the record id, "~" when stale, "…", "!" or "∅".
    private func describe(_ slot: RowSlot<DDLListRow>) -> String {
        switch slot {
        case .loaded(let row, let stale): return "\(row.recordId ?? -1)\(stale ? "~" : "")"
        case .placeholder: return "…"
        case .failed: return "!"
        case .beyondEnd: return "∅"
        }
    }

    /// The rows on screen are read by index from their pages (`VisibleSlots`), not one engine
    /// lookup each: exactly what the engine's `row(at:)` says, whatever the mix of loaded, stale,
    /// failed and missing pages, and past the end.
    @Test func everyRowOnScreenIsWhatTheEngineSays() async {
        let records = FakeRecords(count: 140)
        await records.configure(failing: [3], stale: true)
        let screen = ListScreen(spec: ListFixtures.spec(records), size: Self.size, status: ListFixtures.status, isStandalone: false,
                                clock: StoppedPaginationClock())
        var stepper = await ProgramStepper(screen)
        var seen = Set<String>()
        for step in 0..<14 {
            await stepper.send(.command(step < 10 ? .pageDown : .pageUp))
            let model = stepper.model
            let slots = ListScreen<DDLListRow>.VisibleSlots(model)
            #expect(!slots.range.isEmpty)
            for index in (slots.range.lowerBound - 3)..<(slots.range.upperBound + 3) {
                let shown = describe(slots[index])
                #expect(shown == describe(model.engine.row(at: index)), "row \(index) at step \(step)")
                seen.insert(String(shown.suffix(1)))
            }
            let staleOnScreen = slots.range.contains { index in
                if case .loaded(_, stale: true) = model.engine.row(at: index) { return true } else { return false }
            }
            #expect(slots.showsStaleRows == staleOnScreen, "stale rows on screen at step \(step)")
        }
        #expect(seen.contains("!") && seen.contains("~") && seen.contains("∅"), "failed, stale and past-the-end rows were on screen: \(seen.sorted())")
    }

    /// The columns are laid out once per width, and again when the columns change.
    @Test func theColumnsAreLaidOutAgainForANewWidthOrNewColumns() async {
        var spec = ListFixtures.spec(FakeRecords(count: 1))
        let cells = { (spec: ListScreenSpec<DDLListRow>, width: Int) in spec.tableColumns(width: width).cells }
        #expect(cells(spec, 80) == TableColumns(spec: spec, width: 80).cells)
        #expect(cells(spec, 40) == TableColumns(spec: spec, width: 40).cells)
        #expect(cells(spec, 40) != cells(spec, 80))
        #expect(spec.tableColumns(width: 100).titles.count == 4, "every column shown at 100")
        spec.columns.removeLast()
        #expect(spec.tableColumns(width: 100).titles.count == 3, "the columns changed: laid out again")
        #expect(cells(spec, 100) == TableColumns(spec: spec, width: 100).cells)
        spec.leadingColumnWidth = 20
        #expect(cells(spec, 40).first?.width == 20)
    }
}
