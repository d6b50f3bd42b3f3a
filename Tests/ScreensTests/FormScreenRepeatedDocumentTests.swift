import DDM
import Foundation
import Screenlets
import Screens
import TermUI
import Testing

/// A repeatable document field on the form screen (in memory): a file chosen for a repetition
/// the user just added lands there (the screenlet follows the screen's repetitions first), and
/// after a repetition before it is removed, the upload and the submitted value stay with it.
@Suite("Form screen: repeated documents (in memory)")
@MainActor
struct FormScreenRepeatedDocumentTests {
    static let structure = try! DDMStructure.parse("""
        {"availableLanguageIds": ["en_US"], "defaultLanguageId": "en_US", "fields": [
          {"name": "Title", "dataType": "string", "type": "text", "label": {"en_US": "Title"}},
          {"name": "Photos", "dataType": "document-library", "type": "ddm-documentlibrary", "repeatable": true,
           "label": {"en_US": "Photos"}}]}
        """)

    @Test func aFileChosenForANewRepetitionStaysWithIt() async throws {
        try await withFormScreen(uploads: [.uploaded(bytes: 2_000)], files: ["second.png"], structure: Self.structure) { form in
            try form.focus("Photos")
            form.type("+")
            try await form.settle(until: "a second repetition") { $0.rows.index[FormFieldKey(field: "Photos", instance: 1)] != nil }
            try form.focus("Photos", instance: 1)
            form.press(.enter)
            form.type("second.png")
            form.press(.enter)
            try await form.settle(until: "the upload") { $0.note?.text == "Photos#2: uploaded" }
            let second = FormFieldKey(field: "Photos", instance: 1)
            guard case .uploaded? = form.model.form.uploads[second] else {
                Issue.record("the upload shows at the second repetition: \(form.model.form.uploads), note \(String(describing: form.model.note))")
                return
            }
            #expect(await form.screenlet.chosenDocuments.map(\.key) == [second])

            // The first (empty) repetition goes: the uploaded file is the only one now.
            try form.focus("Photos", instance: 0)
            form.type("-")
            try await form.settle(until: "one repetition left") { $0.rows.index[FormFieldKey(field: "Photos", instance: 1)] == nil }
            let first = FormFieldKey(field: "Photos", instance: 0)
            guard case .uploaded? = form.model.form.uploads[first] else {
                Issue.record("the upload moved with its repetition: \(form.model.form.uploads)")
                return
            }
            #expect(await form.screenlet.state.uploads.keys.map(\.self) == [first], "the screenlet's copy followed")
            form.press(.ctrl("s"))
            try await form.settle(until: "the submit") { $0.note?.kind == .success }
            let values = try #require(await form.screenlet.submitted.last?.values)
            #expect(values.values["Photos"]?.count == 1)
            guard case .document(.uploaded(let reference))?? = values.values["Photos"]?.first else {
                Issue.record("the submitted Photos holds the uploaded file: \(String(describing: values.values["Photos"]))")
                return
            }
            #expect(reference.raw["title"]?.stringValue == "second.png")
        }
    }
}
