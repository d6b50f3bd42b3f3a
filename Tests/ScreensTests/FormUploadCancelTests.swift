import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// A cancelled upload stays cancelled: the screenlet's event stream runs behind the cancel's answer,
/// so progress reports sent before the cancel can arrive after it (seen in tmux, on the real binary,
/// as the bar and "x cancel upload" back under "Upload cancelled"). The engine counts a progress
/// report only while the field's upload runs.
@MainActor
@Suite("Form upload cancel")
struct FormUploadCancelTests {
    @Test func progressArrivingAfterTheCancelIsStaleUntilANewUploadStarts() async throws {
        try await withFormScreen(size: Size(width: 80, height: 18)) { form in
            let key = FormFieldKey(field: "Attachment")
            func progress(_ sent: Int64) -> FormScreen.Message {
                .upload(.documentUploadProgress(key, bytesSent: sent, totalBytes: 3_000_000), value: nil, status: nil, shapeVersion: 0)
            }
            try form.focus("Attachment")
            form.runtime.send(.upload(.documentUploadStarted(key), value: nil, status: .pending, shapeVersion: 0))
            form.runtime.send(progress(500_000))
            #expect(GridText.text(form.grid).contains("x cancel upload"))

            form.runtime.send(.uploadCancelled(key, shapeVersion: 0, cancelled: true))
            form.runtime.send(progress(1_000_000))  // reported before the cancel, delivered after it
            let text = GridText.text(form.grid)
            #expect(form.model.form.uploads[key] == nil)
            #expect(text.contains("Upload cancelled"))
            #expect(!text.contains("x cancel upload"), "nothing is left to cancel")

            // A new upload of the field reports its progress again.
            form.runtime.send(.upload(.documentUploadStarted(key), value: nil, status: .pending, shapeVersion: 0))
            form.runtime.send(progress(250_000))
            #expect(form.model.form.uploads[key] == .uploading(sent: 250_000, total: 3_000_000))
        }
    }
}
