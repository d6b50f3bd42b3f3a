import DDM
import PortalEmulator
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// Golden snapshots of the form screen on the demo forms (standard theme, 16/256 colours as the
/// theme defines them, fixed size, status line and date). Screen tests, on the in-memory form of
/// ``FormScreenTestbed`` (the demo forms built in memory, so the goldens are the emulator's).
@MainActor
@Suite("Form screen snapshots", .serialized)
struct FormScreenSnapshotTests {
    /// One field of each kind in the "Every field kind" demo form.
    static let kinds: [(kind: String, field: String)] = [
        ("boolean", "Agreed"), ("text", "Title"), ("textbox", "Notes"), ("select", "Colours"), ("radio", "Size"),
        ("date", "DueDate"), ("integer", "Quantity"), ("decimal", "Price"), ("document", "Attachment"),
        ("image", "Photo"), ("geolocation", "Location"), ("unsupported", "Description"),
    ]

    @Test func everyKindFocusedWithTheOthersBlurred() async throws {
        try await withFormScreen(size: Size(width: 80, height: 30)) { form in
            for (kind, field) in Self.kinds {
                try form.focus(field)
                #expect(form.model.focusedRow?.key?.field == field)
                GoldenSnapshot.assertMatches(form.grid, named: "form-kind-\(kind)-focused-80x30")
            }
        }
    }

    @Test func editorsOpenOnEachEditableKind() async throws {
        try await withFormScreen(size: Size(width: 80, height: 30)) { form in
            try form.focus("Title")
            form.press(.enter)
            form.type(" draft")
            GoldenSnapshot.assertMatches(form.grid, named: "form-editor-text-80x30")
            form.press(.escape)
            try form.focus("Notes")
            form.press(.enter)
            form.type("First line")
            form.press(.enter)
            form.type("a second line that is long enough to wrap inside the text box editor area")
            GoldenSnapshot.assertMatches(form.grid, named: "form-editor-textbox-80x30")
            form.press(.escape)
            try form.focus("Colours")
            form.press(.enter)
            GoldenSnapshot.assertMatches(form.grid, named: "form-editor-select-popup-80x30")
            form.press(.escape)
            try form.focus("Size")
            form.press(.enter, .down)
            GoldenSnapshot.assertMatches(form.grid, named: "form-editor-radio-80x30")
            form.press(.escape)
            try form.focus("DueDate")
            form.press(.space)
            GoldenSnapshot.assertMatches(form.grid, named: "form-editor-calendar-80x30")
            form.press(.escape)
            try form.focus("Quantity")
            form.press(.enter, .ctrl("u"))
            form.type("twelve")
            form.press(.enter)
            #expect(form.model.editor?.error != nil, "refused: the editor stays open with a message, nothing is sent")
            GoldenSnapshot.assertMatches(form.grid, named: "form-editor-integer-invalid-80x30")
            form.press(.escape)
        }
    }

    @Test func validationErrorsAfterSubmitAndTheFocusOnTheFirstInvalidField() async throws {
        try await withFormScreen(recordSetId: DemoIDs.contactsRecordSetId, size: Size(width: 60, height: 16)) { form in
            form.press(.end)
            form.press(.ctrl("s"))
            try await form.settle(until: "the failed submit") { $0.note?.kind == .error }
            #expect(form.model.focusedRow?.key?.field == "Name", "autoscrollOnValidation moved the focus")
            #expect(form.model.form.validationMessages[FormFieldKey(field: "Name")] != nil)
            GoldenSnapshot.assertMatches(form.grid, named: "form-validation-errors-60x16")
        }
    }

    @Test func aFormTallerThanTheScreenScrollsToTheFocus() async throws {
        try await withFormScreen(size: Size(width: 80, height: 14)) { form in
            form.press(.end)
            #expect(form.model.firstRow > 0)
            GoldenSnapshot.assertMatches(form.grid, named: "form-scrolled-to-the-end-80x14")
            form.press(.pageUp)
            GoldenSnapshot.assertMatches(form.grid, named: "form-page-up-80x14")
        }
    }

    @Test func narrowAndWide() async throws {
        try await withFormScreen(size: Size(width: 40, height: 12)) { form in
            GoldenSnapshot.assertMatches(form.grid, named: "form-narrow-40x12")
            try form.focus("Size")
            GoldenSnapshot.assertMatches(form.grid, named: "form-narrow-radio-40x12")
            form.resize(Size(width: 120, height: 40))
            GoldenSnapshot.assertMatches(form.grid, named: "form-wide-120x40")
        }
    }

    @Test func readOnlyWithoutSubmitButton() async throws {
        try await withFormScreen(recordSetId: DemoIDs.contactsRecordSetId, recordId: DemoIDs.firstContactRecordId,
                                 size: Size(width: 60, height: 12), editable: false, showSubmitButton: false) { form in
            try await form.settle(until: "the record") { $0.form.model?.recordId == DemoIDs.firstContactRecordId }
            form.press(.enter)
            #expect(form.model.editor == nil)
            #expect(!form.model.rows.rows.contains { $0.kind == .submit })
            let help = GridText.text(form.grid).split(separator: "\n").last.map(String.init) ?? ""
            #expect(!help.contains("edit") && !help.contains("toggle") && !help.contains("submit"), "a read-only form offers no edit: \(help)")
            GoldenSnapshot.assertMatches(form.grid, named: "form-read-only-60x12")
        }
    }

    @Test func helpOverlayAndUnsavedChangesPrompt() async throws {
        try await withFormScreen(recordSetId: DemoIDs.contactsRecordSetId, size: Size(width: 70, height: 24)) { form in
            form.press(.character("?"))
            GoldenSnapshot.assertMatches(form.grid, named: "form-help-overlay-70x24")
            form.press(.escape)
            try form.focus("Subscribed")
            form.press(.space)
            try await form.settle(until: "the edit") { $0.form.isDirty }
            form.press(.character("q"))
            #expect(form.model.overlay == .unsavedChanges)
            GoldenSnapshot.assertMatches(form.grid, named: "form-unsaved-changes-70x24")
        }
    }

    @Test func anUploadInProgressShowsItsBar() async throws {
        try await withFormScreen(size: Size(width: 80, height: 18)) { form in
            // An upload started (as the screenlet always tells first) and its progress report, frozen
            // half-way (a real upload finishes too fast to catch).
            let key = FormFieldKey(field: "Attachment")
            form.runtime.send(.upload(.documentUploadStarted(key), value: nil, status: .pending, shapeVersion: 0))
            let progress = FormEvent.documentUploadProgress(key, bytesSent: 1_500_000, totalBytes: 3_000_000)
            form.runtime.send(.upload(progress, value: nil, status: nil, shapeVersion: 0))
            try form.focus("Attachment")
            let text = GridText.text(form.grid)
            #expect(text.contains("50% 1.4 MB / 2.9 MB"))  // not rounded down to "1 MB / 2 MB"
            #expect(text.contains("x cancel upload"), "the help line offers to cancel the running upload")
            GoldenSnapshot.assertMatches(form.grid, named: "form-upload-progress-80x18")
        }
    }

    @Test func spanishLabelsAfterTheLocaleSwitch() async throws {
        try await withFormScreen(size: Size(width: 80, height: 24)) { form in
            form.press(.character("l"))
            try await form.settle(until: "Spanish") { $0.locale == .esES }
            GoldenSnapshot.assertMatches(form.grid, named: "form-es_ES-80x24")
        }
    }
}
