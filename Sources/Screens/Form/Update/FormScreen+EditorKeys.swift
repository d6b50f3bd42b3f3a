import DDM
import Screenlets
import TermUI

extension FormScreen {
    /// A key while an editor is open: Esc closes it and Ctrl-C quits; every other key goes to the
    /// field's component (``FieldComponent/handleEditorKey(_:_:editor:_:)``), whose outcome the
    /// screen carries out.
    func handleEditorKey(_ key: KeyEvent, _ model: inout Model) -> [Effect<Message>] {
        guard var editor = model.editor else { return [] }
        let command = keyMap.command(for: key, in: editor.contexts)
        if command == .forceQuit { return requestQuit(quitsProgram: true, &model) }
        if command == .leaveEditor {
            model.editor = nil
            rescroll(&model)
            return []
        }
        guard let field = model.rows.index[editor.key].map({ model.rows[$0] })?.field else {
            model.editor = nil
            return []
        }
        let context = editContext(field, key: editor.key, model)
        let outcome = configuration.components.component(for: field).handleEditorKey(command, key, editor: &editor, context)
        return carryOut(outcome, editor, &model)
    }

    /// Carries out what a field's component made of a key or a click in its open editor.
    func carryOut(_ outcome: FieldEditOutcome, _ editor: FieldEditor, _ model: inout Model) -> [Effect<Message>] {
        switch outcome {
        case .ignored:
            return []
        case .keepEditing:
            let sameLines = model.editor?.occupiesTheSameLines(as: editor) ?? false
            model.editor = editor
            if !sameLines { rescroll(&model) }
            return []
        case .commit(let value, let exit):
            return applyEdit(value, to: editor.key, then: exit, &model)
        case .cancel(let exit):
            return closeEditor(then: exit, &model)
        case .request(.searchRelated(let query)):
            return searchRelated(query, key: editor.key, &model)
        case .request(.completePath(let text)):
            let (directory, listPaths) = (configuration.workingDirectory, configuration.listPaths)
            return [.task { .completed(original: text, completion: PathCompletion.complete(text, matches: listPaths(text, directory))) }]
        }
    }

    /// What a field's component is told about it when it is activated or edited.
    func editContext(_ field: DDMField, key: FormFieldKey, _ model: Model) -> FieldEditContext {
        FieldEditContext(field: field, key: key, value: model.form.model?.value(of: key.field, instance: key.instance),
                         locale: model.locale, today: configuration.today, workingDirectory: configuration.workingDirectory,
                         width: editorWidth(model))
    }

    /// The one place a value committed by an editor is applied: the editor closes, the value goes
    /// into the engine at once and the field is validated (a local document is handed to the
    /// screenlet instead, which uploads it and reports back), then the focus moves or the form is
    /// submitted — with this value in.
    func applyEdit(_ value: FieldValue?, to key: FormFieldKey, then exit: FieldEditorExit, _ model: inout Model) -> [Effect<Message>] {
        model.editor = nil
        var effects: [Effect<Message>] = []
        if case .document(.localFile(let path))? = value {
            model.note = FormScreenModel.Note(FormText.uploadStarted(path.lastComponent, model.locale))
            let shape = model.form.model
            effects = [call { screenlet in
                // The screenlet's copy of the form takes the repetitions added or removed here first.
                if let shape { await screenlet.followShape(of: shape) }
                try await screenlet.chooseDocument(path, for: key.field, instance: key.instance)
            }]
        } else {
            setValue(value, key, &model)
        }
        return effects + closeEditor(then: exit, &model)
    }

    /// Closes the editor, then moves the focus (without validating: the value was just set) or submits.
    func closeEditor(then exit: FieldEditorExit, _ model: inout Model) -> [Effect<Message>] {
        model.editor = nil
        var effects: [Effect<Message>] = []
        switch exit {
        case .nextField: effects += moveFocus(to: model.focus + 1, &model, validate: false)
        case .previousField: effects += moveFocus(to: model.focus - 1, &model, validate: false)
        case .stay, .submit: break
        }
        rescroll(&model)
        if exit == .submit { effects += submit(draft: false, &model) }
        return effects
    }

    /// Sets a field instance's value in the engine, and validates it unless `leavingField` is
    /// false (a checkbox toggled in place); a refusal shows in the message area.
    func setValue(_ value: FieldValue?, _ key: FormFieldKey, leavingField: Bool = true, _ model: inout Model) {
        do {
            try model.form.setValue(value, of: key, leavingField: leavingField)
        } catch {
            model.note = FormScreenModel.Note(error.description, .error)
        }
    }

    func pasteIntoEditor(_ text: String, _ model: inout Model) {
        guard var editor = model.editor else { return }
        guard editor.state.paste(text) else { return }
        model.editor = editor
    }

    func applyCompletion(original: String, _ completion: PathCompletion.Result, _ model: inout Model) {
        guard var editor = model.editor, var prompt = editor.state as? PathPrompt, prompt.input.text == original else { return }
        prompt.input.setText(completion.text)
        prompt.input.moveToEnd()
        prompt.candidates = completion.candidates
        editor.state = prompt
        model.note = completion.candidates.isEmpty && completion.text == original
            ? FormScreenModel.Note(FormText.noMatches(model.locale)) : nil
        model.editor = editor
        rescroll(&model)
    }

    /// The width the text box editor wraps at.
    func editorWidth(_ model: Model) -> Int {
        guard let row = model.focusedRow, let field = row.field else { return max(1, model.size.width - 4) }
        return layout(model).valueWidth(row, look: look(field))
    }
}

extension String {
    /// The last path component (a plain split: no file system).
    var lastComponent: String { split(separator: "/").last.map(String.init) ?? self }
}
