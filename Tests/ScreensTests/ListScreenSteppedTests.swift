import BookmarksExample
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// The list screen updated and rendered directly (`ProgramStepper`) over in-memory loaders: no
/// runtime, no emulator, no HTTP, no polling.
@Suite("List screen, stepped")
struct ListScreenSteppedTests {
    static let size = Size(width: 80, height: 24)

    static func screen(_ records: FakeRecords) -> ListScreen<DDLListRow> {
        ListScreen(spec: ListFixtures.spec(records), size: size, status: ListFixtures.status, isStandalone: false,
                   clock: StoppedPaginationClock())
    }

    @Test func theFirstPageIsShownAndEnterOpensTheRowUnderTheCursor() async {
        var stepper = await ProgramStepper(Self.screen(FakeRecords(count: 100)))
        let lines = stepper.lines(Self.size)
        #expect(lines.contains { $0.contains("Issue 1 — 課題") })
        #expect(lines.contains { $0.contains("Issue 20 — 課題") })
        #expect(stepper.model.rowCount == 100)
        await stepper.send(.command(.cursorDown))
        await stepper.send(.command(.open))
        #expect(stepper.model.outcome == .open(index: 1))
    }

    @Test func aFailedFirstPageSaysWhyAndKeepsNoRows() async {
        let records = FakeRecords(count: 100)
        await records.configure(failing: [0])
        let stepper = await ProgramStepper(Self.screen(records))
        #expect(stepper.model.engine.row(at: 0).row == nil)
        let text = stepper.lines(Self.size).joined(separator: "\n")
        #expect(text.contains("the portal cannot be reached"), "\(text)")
        #expect(!text.contains("Issue 1 —"))
    }

    @Test func theBookmarksExampleShowsItsRenderersColumns() async {
        let screen = ListScreen(spec: BookmarksScreenTests.spec(folderName: "Demo bookmarks", count: 3), size: Self.size,
                                status: ListFixtures.status, clock: StoppedPaginationClock())
        var stepper = await ProgramStepper(screen)
        let lines = stepper.lines(Self.size)
        let header = lines.first { $0.contains("Name") } ?? ""
        #expect(header.contains("Site") && header.contains("URL"), "\(lines)")
        #expect(lines.contains { $0.contains("Bookmark 3") })
        await stepper.send(.command(.back))
        #expect(stepper.quit)
    }
}
