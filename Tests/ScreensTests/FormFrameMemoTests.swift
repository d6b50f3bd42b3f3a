import DDM
import PortalEmulator
@testable import Screens
import TermUI
import TermUITesting
import Testing

/// Frames built on the last one (``FormFrameMemo``, issue 17): a key that changes only the open
/// editor draws the editor's row, the note and the help line into the last frame; a field move
/// copies the rows it did not change. These tests edit every field of the every-field form in
/// place and move through it, at several sizes (labels beside and above the values, rows
/// scrolled, the editor's row last on the screen), and after every key compare what the terminal
/// shows with the frame a fresh screen draws whole from the same model.
@MainActor
@Suite("Form frame memo")
struct FormFrameMemoTests {
    /// The keys typed into each editor: characters (digits and letters, so a number field refuses
    /// some and shows its error, then clears it), cursor moves, deletions, a new line in a text box.
    static let editingKeys: [KeyEvent] = [
        .character("a"), .character("b"), .character("1"), .left, .backspace, .end, .character("9"),
        .home, .delete, .right, .character("x"), .backspace, .backspace, .backspace, .character("7"),
    ]

    /// The frame a screen with no memory of earlier frames draws for `model`.
    static func wholeFrame(_ form: FormScreenTestbed) -> Grid {
        let fresh = FormScreen(screenlet: form.screenlet, configuration: form.screen.configuration, locale: .enUS)
        return fresh.view(form.model, size: form.backend.size)
    }

    /// Edits every field in place with `editingKeys`; after every key the terminal (the headless
    /// backend, which applies each diff) shows exactly the whole frame. Returns how many frames
    /// were made from the last one.
    static func editEveryField(_ form: FormScreenTestbed, extraKeys: [KeyEvent] = []) throws -> Int {
        let before = form.screen.frames.editorRedraws.load(ordering: .relaxed)
        var edited = 0
        for row in 0..<form.model.rows.count {
            guard let key = form.model.rows[row].key else { continue }
            try form.focus(key.field, instance: key.instance)
            form.press(.enter)
            guard let editor = form.model.editor, editor.isDrawnInPlace else {
                if form.model.editor != nil { form.press(.escape) }
                continue
            }
            edited += 1
            for (step, keyEvent) in (editingKeys + extraKeys).enumerated() {
                form.press(keyEvent)
                let whole = wholeFrame(form)
                let shownWhole = form.backend.screen == whole
                #expect(shownWhole,
                        "\(key.field), key \(step) (\(keyEvent)):\n\(GridText.text(form.backend.screen))\n---\n\(GridText.text(whole))")
                if form.model.editor == nil { break }
            }
            if form.model.editor != nil { form.press(.escape) }
            let shownWhole = form.backend.screen == wholeFrame(form)
            #expect(shownWhole, "\(key.field) after the editor closed")
        }
        #expect(edited >= 4, "the every-field form has several fields edited in place")
        return form.screen.frames.editorRedraws.load(ordering: .relaxed) - before
    }

    @Test func everyKeyInAnEditorShowsTheWholeFrame() async throws {
        try await withFormScreen(size: Size(width: 80, height: 24)) { form in
            let reused = try Self.editEveryField(form)
            #expect(reused > 20, "typed characters took the editor-only way (\(reused) frames)")
        }
    }

    /// Labels above the values, and a short screen: the body scrolls, and the editor's row is
    /// often the last one shown, or cut by the body's edge (drawn whole then).
    @Test func narrowAndShortScreensShowTheWholeFrame() async throws {
        for size in [Size(width: 50, height: 24), Size(width: 80, height: 9), Size(width: 40, height: 7)] {
            try await withFormScreen(size: size) { form in
                _ = try Self.editEveryField(form, extraKeys: [.enter, .character("z"), .enter])
            }
        }
    }

    /// A record's values (and, where Enter commits, the record marked modified in the title): the
    /// frames made from the last one keep what the rest of the screen says.
    @Test func aRecordBeingEditedShowsTheWholeFrame() async throws {
        try await withFormScreen(recordId: DemoIDs.firstEveryFieldRecordId) { form in
            let reused = try Self.editEveryField(form, extraKeys: [.enter])
            #expect(reused > 20, "\(reused) frames")
        }
    }

    /// A resize while typing draws the whole frame at the new size.
    @Test func aResizeWhileEditingDrawsTheWholeFrame() async throws {
        try await withFormScreen(size: Size(width: 80, height: 24)) { form in
            form.press(.enter)
            form.type("abc")
            form.resize(Size(width: 60, height: 20))
            form.type("d")
            let shownWhole = form.backend.screen == Self.wholeFrame(form)
            #expect(shownWhole, "\(GridText.text(form.backend.screen))")
            #expect(form.backend.screen.size == Size(width: 60, height: 20))
        }
    }

    /// Moves through the form: down and up a row, by Tab, by pages, to the ends.
    static let movingKeys: [KeyEvent] =
        Array(repeating: .down, count: 12) + [.tab, .tab, .pageDown, .up, .up, .pageDown, .end, .up, .pageUp, .backTab, .home]
        + Array(repeating: .down, count: 5) + Array(repeating: .up, count: 3)

    /// After every key of `movingKeys` the terminal shows exactly the whole frame; returns the rows
    /// copied from the last frame meanwhile.
    static func moveAround(_ form: FormScreenTestbed) -> Int {
        let before = form.screen.frames.rowCopies.load(ordering: .relaxed)
        for (step, keyEvent) in movingKeys.enumerated() {
            form.press(keyEvent)
            let whole = wholeFrame(form)
            let shownWhole = form.backend.screen == whole
            #expect(shownWhole, "key \(step) (\(keyEvent)), focus \(form.model.focus):\n\(GridText.text(form.backend.screen))\n---\n\(GridText.text(whole))")
        }
        return form.screen.frames.rowCopies.load(ordering: .relaxed) - before
    }

    @Test func everyMoveShowsTheWholeFrame() async throws {
        for size in [Size(width: 80, height: 24), Size(width: 50, height: 24), Size(width: 80, height: 9), Size(width: 40, height: 7)] {
            try await withFormScreen(size: size) { form in
                let copied = Self.moveAround(form)
                // At 40×7 the body has 3 lines: a row (2 lines, its label above) is never shown
                // whole and unfocused in two frames running, so every row is drawn.
                if size.height > 7 {
                    #expect(copied > Self.movingKeys.count, "rows were copied at \(size) (\(copied))")
                }
            }
            try await withFormScreen(recordId: DemoIDs.firstEveryFieldRecordId, size: size) { form in
                _ = Self.moveAround(form)
            }
        }
    }

    /// Moves after an edit: the record marked modified, a field's message shown (leaving a field
    /// validates it), then moves on.
    @Test func movesAfterAnEditShowTheWholeFrame() async throws {
        try await withFormScreen(recordId: DemoIDs.firstEveryFieldRecordId, size: Size(width: 80, height: 12)) { form in
            for row in 0..<min(6, form.model.rows.count) {
                guard let key = form.model.rows[row].key else { continue }
                try form.focus(key.field, instance: key.instance)
                form.press(.enter)
                if form.model.editor?.isDrawnInPlace == true {
                    form.press(.ctrl("u"), .character("x"), .enter)
                } else if form.model.editor != nil {
                    form.press(.escape)
                }
            }
            _ = Self.moveAround(form)
        }
    }
}
