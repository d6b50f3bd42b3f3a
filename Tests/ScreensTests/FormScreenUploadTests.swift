import DDM
import Foundation
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// Integration test (on the emulator, ``FormScreenEmulatorTestbed``): a document chosen in the
/// form screen goes to the portal at once through the real screenlet, and the screen shows its
/// progress and outcome. The screen's side alone is in ``FormScreenBehaviourTests`` (in memory).
@MainActor
@Suite("Form screen: uploads to the portal")
struct FormScreenUploadTests {
    @Test func aDocumentUploadsAtOnceWithProgress() async throws {
        try await withFormScreenOnEmulator { form in
            let file = form.folder.path("report.pdf")
            try Data(repeating: 7, count: 300_000).write(to: file)
            try form.focus("Attachment")
            form.press(.enter)
            form.type("rep")
            form.press(.tab)   // completes to report.pdf
            try await form.waitFor("the completion") {
                if let prompt = $0.editor?.state as? PathPrompt { return prompt.input.text == "report.pdf" }
                return false
            }
            form.press(.enter)
            try await form.waitFor("the upload") { $0.note?.text == "Attachment: uploaded" }
            if case .uploaded? = form.model.form.uploads[FormFieldKey(field: "Attachment")] {} else {
                Issue.record("the upload is not shown as done: \(String(describing: form.model.form.uploads))")
            }
            let screen = GridText.text(form.grid)
            #expect(screen.contains("████████████████████ uploaded"), "the progress bar, full")
        }
    }

}
