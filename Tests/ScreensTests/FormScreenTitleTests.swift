import DDM
import PortalEmulator
import Screens
import TermUI
import TermUITesting
import Testing

/// The form screen's title while the form loads (issue 15).
@MainActor
@Suite("Form screen title")
struct FormScreenTitleTests {
    static func titleLine(_ grid: Grid) -> String {
        String(GridText.text(grid).split(separator: "\n", omittingEmptySubsequences: false)[0])
    }

    @Test func aRecordStillLoadingIsNotTitledNewRecord() async throws {
        try await withFormScreen(recordSetId: DemoIDs.contactsRecordSetId, recordId: DemoIDs.firstContactRecordId) { form in
            // The first frame, before any snapshot of the screenlet arrived.
            let (initial, _) = form.screen.initialize()
            let first = Self.titleLine(form.screen.view(initial, size: Size(width: 80, height: 24)))
            #expect(!first.contains("New record"), "\(first)")
            #expect(first.contains("Loading…"), "\(first)")
            #expect(Self.titleLine(form.grid).contains("Record \(DemoIDs.firstContactRecordId)"))
        }
        try await withFormScreen(recordSetId: DemoIDs.contactsRecordSetId) { form in
            #expect(Self.titleLine(form.grid).contains("New record"), "a new record once the form is known to be one")
        }
    }
}
