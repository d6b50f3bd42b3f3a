import DDM
import PortalEmulator
import Screens
import TermUI
import TermUITesting
import Testing

/// The form screen's title while the form loads (issue 15). Screen tests, in memory
/// (``FormScreenTestbed``).
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

    /// A Liferay Objects entry is called an entry, not a record (issue 14).
    @Test func anObjectsEntryIsTitledAnEntry() async throws {
        try await withFormScreen(recordSetId: DemoIDs.contactsRecordSetId, recordId: DemoIDs.firstContactRecordId) { form in
            var configuration = form.screen.configuration
            configuration.purpose = .objectEntry
            let entry = FormScreen(screenlet: form.screenlet, configuration: configuration, locale: .enUS)
            let title = Self.titleLine(entry.view(form.model, size: Size(width: 80, height: 24)))
            #expect(title.contains("Entry \(DemoIDs.firstContactRecordId)") && !title.contains("Record"), "\(title)")
        }
        try await withFormScreen(recordSetId: DemoIDs.contactsRecordSetId) { form in
            var configuration = form.screen.configuration
            configuration.purpose = .objectEntry
            let entry = FormScreen(screenlet: form.screenlet, configuration: configuration, locale: .enUS)
            #expect(Self.titleLine(entry.view(form.model, size: Size(width: 80, height: 24))).contains("New entry"))
        }
    }
}
