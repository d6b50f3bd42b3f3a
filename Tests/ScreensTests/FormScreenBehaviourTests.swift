import DDM
import Foundation
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// The form screen's keys (screen tests, on the in-memory form of ``FormScreenTestbed``): edits
/// reach the engine, a submit sends the values just confirmed and adds the record, discard restores
/// the loaded values.
@MainActor
@Suite("Form screen behaviour")
struct FormScreenBehaviourTests {
    @Test func leavingAValidFieldDrawsOneFrame() async throws {
        try await withFormScreen { form in
            try form.focus("Title")
            try await form.settle()
            let frames = form.runtime.renderCount
            form.press(.down)
            try await form.settle()
            // The key's frame only: the screenlet's snapshot after leaving the field (a new
            // sequence number, nothing else new) does not draw the screen again.
            #expect(form.runtime.renderCount == frames + 1)
            #expect(form.model.focusedRow?.key?.field != "Title")
        }
    }

    @Test func typedValuesReachTheScreenletAndSubmitAddsTheRecord() async throws {
        try await withFormScreen { form in
            try form.focus("Agreed")
            form.press(.enter)
            try form.focus("Title")
            form.press(.enter, .ctrl("u"))
            form.type("Screen test")
            form.press(.tab)
            try form.focus("Quantity")
            form.press(.enter, .ctrl("u"))
            form.type("42")
            form.press(.enter)
            try form.focus("DueDate")
            form.press(.space, .right, .enter)   // calendar: today + 1 day
            try form.focus("Colours")
            form.press(.enter, .down, .down, .space, .enter)   // add Blue to Green
            try form.focus("Size")
            form.press(.enter, .down, .down, .enter)            // Large
            try form.focus("Location")
            form.press(.enter)
            form.type("43.5, -3.8")
            form.press(.enter)
            try await form.settle()
            let model = try #require(form.model.form.model)
            #expect(model.value(of: "Agreed") == .boolean(true))
            #expect(model.value(of: "Title") == .string("Screen test"))
            #expect(model.value(of: "Quantity") == .integer(42))
            #expect(model.value(of: "DueDate") == .date(CalendarDate(year: 2024, month: 6, day: 16)!))
            #expect(model.value(of: "Colours") == .options(["green", "blue"]))
            #expect(model.value(of: "Size") == .options(["large"]))
            #expect(model.value(of: "Location") == .geolocation(Geolocation(latitude: 43.5, longitude: -3.8)))
            form.press(.ctrl("s"))
            try await form.settle(until: "the submit") { $0.note?.kind == .success }
            let recordId = try #require(form.model.form.model?.recordId)
            #expect(form.model.note?.text == "Record \(recordId) submitted (approved)")
            #expect(!form.model.form.isDirty)
            // What reached the screenlet: one publish of the values typed, as a new record.
            let submitted = await form.screenlet.submitted
            #expect(submitted.count == 1 && submitted.first?.draft == false)
            #expect(submitted.first?.values.recordId == nil, "an add")
            #expect(submitted.first?.values.value(of: "Title") == .string("Screen test"))
            #expect(submitted.first?.values.value(of: "Location") == .geolocation(Geolocation(latitude: 43.5, longitude: -3.8)))
        }
    }

    /// A chosen document's upload, as the screenlet reports it: progress, then its outcome.
    @Test func aChosenDocumentShowsItsUploadAndItsOutcome() async throws {
        try await withFormScreen(uploads: [.uploaded(bytes: 300_000), .failed(reason: "too large for the portal")],
                                 files: ["report.pdf", "notes.txt"]) { form in
            try form.focus("Attachment")
            form.press(.enter)
            form.type("rep")
            form.press(.tab)   // completes to report.pdf
            try await form.settle(until: "the completion") {
                if let prompt = $0.editor?.state as? PathPrompt { return prompt.input.text == "report.pdf" }
                return false
            }
            form.press(.enter)
            try await form.settle(until: "the upload") { $0.note?.text == "Attachment: uploaded" }
            if case .uploaded? = form.model.form.uploads[FormFieldKey(field: "Attachment")] {} else {
                Issue.record("the upload is not shown as done: \(String(describing: form.model.form.uploads))")
            }
            #expect(GridText.text(form.grid).contains("████████████████████ uploaded"), "the progress bar, full")
            let chosen = await form.screenlet.chosenDocuments
            #expect(chosen.map(\.key) == [FormFieldKey(field: "Attachment")])
            #expect(chosen.first?.path.hasSuffix("report.pdf") == true, "\(chosen)")

            // Another file in its place: this upload fails.
            form.press(.enter, .ctrl("u"))
            form.type("notes.txt")
            form.press(.enter)
            try await form.settle(until: "the failed upload") { $0.note?.kind == .error }
            #expect(form.model.note?.text == "Attachment: too large for the portal")
            if case .failed? = form.model.form.uploads[FormFieldKey(field: "Attachment")] {} else {
                Issue.record("the upload is not shown as failed: \(String(describing: form.model.form.uploads))")
            }
        }
    }

    /// A progress report the screenlet told before the upload was cancelled, handled after the
    /// cancel (the event stream and the cancel's answer are two paths to `update`), does not bring
    /// the upload back: no bar, no `x cancel upload` (the tmux test `aRunningUploadIsCancelledWithX`
    /// saw both come back once in a while).
    @Test func aProgressReportHandledAfterTheCancelIsDropped() async throws {
        try await withFormScreen(size: Size(width: 80, height: 18)) { form in
            let key = FormFieldKey(field: "Attachment")
            try form.focus("Attachment")
            form.runtime.send(.upload(.documentUploadStarted(key), value: .document(.localFile(path: "/in-memory/big.pdf")), status: .pending, shapeVersion: 0))
            form.runtime.send(.upload(.documentUploadProgress(key, bytesSent: 1_000, totalBytes: 40_000), value: nil, status: nil, shapeVersion: 0))
            #expect(GridText.text(form.grid).contains("x cancel upload"))
            form.runtime.send(.uploadCancelled(key, shapeVersion: 0, cancelled: true))
            form.runtime.send(.upload(.documentUploadProgress(key, bytesSent: 4_000, totalBytes: 40_000), value: nil, status: nil, shapeVersion: 0))
            #expect(form.model.form.uploads[key] == nil, "\(String(describing: form.model.form.uploads[key]))")
            let screen = GridText.text(form.grid)
            #expect(!screen.contains("x cancel upload"), "\(screen)")
            #expect(!screen.contains("░"), "no progress bar: \(screen)")
            #expect(form.model.note?.text.hasPrefix("Upload cancelled") == true)
        }
    }

    @Test func invalidNumbersAreRefusedInlineAndNothingIsSent() async throws {
        try await withFormScreen { form in
            try form.focus("Price")
            form.press(.enter)
            form.type("12,3,4")
            form.press(.enter)
            #expect(form.model.editor?.error != nil)
            #expect(form.model.form.model?.value(of: "Price") == nil)
            form.press(.ctrl("u"))
            form.type("1,234.5")
            form.press(.enter)
            try await form.settle()
            #expect(form.model.form.model?.value(of: "Price") == .decimal(Decimal(string: "1234.5")!))
        }
    }

    @Test func repetitionsAreAddedAndRemoved() async throws {
        try await withFormScreen { form in
            try form.focus("Phone")
            form.press(.character("+"))
            try await form.settle(until: "a second phone") { $0.rows.index[FormFieldKey(field: "Phone", instance: 1)] != nil }
            #expect(form.model.focusedRow?.key == FormFieldKey(field: "Phone", instance: 1))
            form.press(.character("-"))
            try await form.settle(until: "one phone again") { $0.rows.index[FormFieldKey(field: "Phone", instance: 1)] == nil }
        }
    }

    @Test func theLocaleSwitchReRendersLabels() async throws {
        try await withFormScreen { form in
            form.press(.character("l"))
            try await form.settle(until: "Spanish") { $0.locale == .esES }
            let text = GridText.text(form.grid)
            #expect(text.contains("Título"))
            #expect(text.contains("Registro nuevo"))
            form.press(.end)
            #expect(GridText.text(form.grid).contains("[ Enviar ]"))
        }
    }

    @Test func discardRestoresTheLoadedValuesAndQuits() async throws {
        try await withFormScreen { form in
            try form.focus("Title")
            form.press(.enter, .ctrl("u"))
            form.type("Changed")
            form.press(.enter)
            try await form.settle(until: "the edit") { $0.form.isDirty }
            form.press(.ctrl("c"))
            #expect(form.model.overlay == .unsavedChanges)
            form.press(.character("d"))
            try await form.settle(until: "the quit") { [runtime = form.runtime] _ in runtime.isFinished }
            #expect(await form.screenlet.state.model?.value(of: "Title") == .string("Untitled"))
        }
    }

    @Test func quitWithoutChangesQuitsAtOnce() async throws {
        try await withFormScreen { form in
            form.press(.character("q"))
            #expect(form.runtime.isFinished)
        }
    }
}

/// Mouse clicks in the form screen (screen tests, in memory).
@MainActor
@Suite("Form screen mouse")
struct FormScreenMouseTests {
    /// With a radio's options open, a click on one chooses it and closes the editor; in a select's
    /// pop-up (multiple), a click toggles the option under it.
    @Test func aClickOnAnOptionChoosesIt() async throws {
        try await withFormScreen(size: Size(width: 80, height: 30)) { form in
            @MainActor func row(containing text: String) throws -> (x: Int, y: Int) {
                let lines = GridText.text(form.grid).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let y = try #require(lines.lastIndex { $0.contains(text) }, "\(text) on screen")
                let prefix = try #require(lines[y].range(of: text)).lowerBound
                return (lines[y][..<prefix].count, y)
            }
            try form.focus("Size")
            form.press(.enter)
            let large = try row(containing: "( ) Large")
            form.runtime.handle(.mouse(MouseEvent(.press(.left), at: Point(x: large.x + 4, y: large.y))))
            #expect(form.model.editor == nil, "a single choice closes the editor")
            try await form.settle(until: "Large chosen") {
                if case .options(let values)? = $0.form.model?.value(of: "Size", instance: 0) { return values.count == 1 && values[0].lowercased().contains("large") }
                return false
            }

            try form.focus("Colours")
            form.press(.enter)
            guard let before = form.model.editor?.state as? OptionPicker else { Issue.record("no pop-up"); return }
            let option = try #require(before.options.first { !before.selected.contains($0.value) }, "an option not chosen yet")
            let line = try row(containing: "[ ] " + option.label)
            form.runtime.handle(.mouse(MouseEvent(.press(.left), at: Point(x: line.x + 1, y: line.y))))
            guard let after = form.model.editor?.state as? OptionPicker else { Issue.record("the pop-up closed"); return }
            #expect(after.selected.contains(option.value), "the clicked option is toggled on")
            #expect(after.options[after.cursor].value == option.value)
        }
    }

    @Test func aClickFocusesTheRowAndASecondClickActivatesIt() async throws {
        try await withFormScreen(size: Size(width: 80, height: 24)) { form in
            let lines = GridText.text(form.grid).split(separator: "\n", omittingEmptySubsequences: false)
            let titleRow = try #require(lines.firstIndex { $0.contains("Untitled") })
            form.runtime.handle(.mouse(MouseEvent(.press(.left), at: Point(x: 30, y: titleRow))))
            #expect(form.model.focusedRow?.key?.field == "Title")
            form.runtime.handle(.mouse(MouseEvent(.press(.left), at: Point(x: 30, y: titleRow))))
            if let line = form.model.editor?.state as? LineEditor { #expect(line.input.text == "Untitled") } else {
                Issue.record("no editor open: \(String(describing: form.model.editor))")
            }
        }
    }
}
