import DDM
import PortalEmulator
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// Esc, `q` and Ctrl-C in a form say what they do (issue 15 "Consistency"; docs/screens.md "Keys"):
/// from a list they go back ("q back", "…and go back?"); Ctrl-C always quits the program, after
/// the discard prompt ("…and quit?") when there are changes. Screen tests, in memory
/// (``FormScreenTestbed``).
@MainActor
@Suite("Form screen: leaving")
struct FormScreenLeavingTests {
    private func edit(_ form: FormScreenTestbed) async throws {
        try form.focus("Title")
        form.press(.enter, .ctrl("u"))
        form.type("Changed")
        form.press(.enter)
        try await form.settle(until: "the edit") { $0.form.isDirty }
    }

    @Test func fromAListEscAndQGoBackAndCtrlCQuits() async throws {
        try await withFormScreen(size: Size(width: 100, height: 24), returnsToList: true) { form in
            #expect(GridText.text(form.grid).contains("q back"))
            #expect(!GridText.text(form.grid).contains("q quit"))
            try await edit(form)
            form.press(.escape)
            #expect(form.model.overlay == .unsavedChanges)
            #expect(GridText.text(form.grid).contains("Discard your changes and go back?"))
            #expect(GridText.text(form.grid).contains("d discard and go back"))
            #expect(!form.model.quitsProgram)
            form.press(.character("k"))
            #expect(form.model.overlay == nil)
            form.press(.ctrl("c"))
            #expect(form.model.overlay == .unsavedChanges)
            #expect(form.model.quitsProgram)
            #expect(GridText.text(form.grid).contains("Discard your changes and quit?"))
            form.press(.character("d"))
            try await form.settle(until: "the quit") { [runtime = form.runtime] _ in runtime.isFinished }
            #expect(form.model.quitsProgram, "the browser quits the whole program after this form")
        }
    }

    /// Text the field refused ("3 edited" in a number field) is still something to lose: Ctrl-C
    /// asks, "keep editing" finds the editor with the text, and discarding quits.
    @Test func refusedTypingIsAskedAboutAndKeptOnKeepEditing() async throws {
        try await withFormScreen(recordSetId: DemoIDs.issuesRecordSetId, recordId: 100_001, size: Size(width: 100, height: 24)) { form in
            try form.focus("Priority")
            form.press(.enter)
            form.type(" edited")
            form.press(.enter)
            try await form.settle(until: "the refusal") { $0.editor?.error != nil }
            #expect(!form.model.form.isDirty, "nothing was applied to the form")
            form.press(.ctrl("c"))
            #expect(form.model.overlay == .unsavedChanges)
            #expect(GridText.text(form.grid).contains("Discard your changes and quit?"))
            form.press(.character("k"))
            #expect(form.model.overlay == nil)
            let editor = try #require(form.model.editor, "the editor is still open")
            #expect(editor.key == FormFieldKey(field: "Priority"))
            #expect(GridText.text(form.grid).contains("3 edited"))
            form.press(.ctrl("c"))
            form.press(.character("d"))
            try await form.settle(until: "the quit") { [runtime = form.runtime] _ in runtime.isFinished }
        }
    }

    @Test func standaloneQSaysQuit() async throws {
        try await withFormScreen(size: Size(width: 100, height: 24)) { form in
            #expect(GridText.text(form.grid).contains("q quit"))
            try await edit(form)
            form.press(.character("q"))
            #expect(GridText.text(form.grid).contains("Discard your changes and quit?"))
            #expect(!form.model.quitsProgram)
        }
    }

    @Test func spanishPromptAndHelp() async throws {
        try await withFormScreen(size: Size(width: 100, height: 24), locale: .esES, returnsToList: true) { form in
            #expect(GridText.text(form.grid).contains("ctrl+s enviar"))
            form.press(.character("?"))
            let help = GridText.text(form.grid)
            #expect(help.contains("Teclas") && help.contains("Navegación") && help.contains("q             volver"), "\(help)")
            #expect(!help.contains("next field") && !help.contains("q             quit"))
            form.press(.escape)
            try await edit(form)
            form.press(.escape)
            #expect(GridText.text(form.grid).contains("¿Descartar los cambios y volver?"))
        }
    }
}
