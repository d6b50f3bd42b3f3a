import DDM
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// A text field that holds an ISO-8601 date and time (an Objects DateTime field) refuses other
/// text in its editor, as a number field refuses what is not a number (found by hand in tmux: the
/// 7.4 emulator's "Reported at" took "2024-13-40T99:00:00Z" and only the submit refused it).
@Suite("Date-time text fields in the form")
@MainActor
struct DateTimeTextFieldTests {
    static let structure = DDMStructure(format: .json, defaultLocale: .enUS, fields: [
        DDMField(name: "reportedAt", kind: .string, editor: "text", dataType: "string", rawType: "DateTime",
                 labels: Localized([.init(locale: "en_US", value: "Reported at")], fallsBackToFirst: true),
                 attributes: [DDMField.dateTimeTextAttribute: .bool(true)]),
    ])

    @Test func textThatIsNotAnInstantIsRefusedInItsEditorAndAnInstantIsKept() async throws {
        let form = try await FormScreenTestbed.start(structure: Self.structure)
        try form.focus("reportedAt")
        form.press(.enter)
        form.type("2024-13-40T99:00:00Z")
        form.press(.enter)
        #expect(form.model.editor?.error == "“2024-13-40T99:00:00Z” is not a date and time (ISO-8601, e.g. 2024-01-15T09:00:00Z).")
        let refused = GridText.text(form.grid)
        #expect(refused.contains("is not a date and time"), "\(refused)")
        #expect(form.model.form.model?.value(of: "reportedAt") == nil, "nothing taken")
        form.press(.ctrl("u"))
        form.type("2024-02-29T10:30:00+01:00")
        form.press(.enter)
        try await form.settle()
        #expect(form.model.editor == nil)
        #expect(form.model.form.model?.value(of: "reportedAt") == .string("2024-02-29T10:30:00+01:00"))
        await form.stop()
    }
}
