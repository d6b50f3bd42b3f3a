import DDM
import Screenlets
import TermUI

extension FormScreen {
    func handleEditorKey(_ key: KeyEvent, _ model: inout Model) -> [Effect<Message>] {
        guard var editor = model.editor else { return [] }
        let command = keyMap.command(for: key, in: editor.contexts)
        if command == .forceQuit { return requestQuit(quitsProgram: true, &model) }
        if command == .leaveEditor {
            model.editor = nil
            rescroll(&model)
            return []
        }
        switch editor.kind {
        case .line(var input):
            switch command {
            case .confirmEdit?: return commit(&model)
            case .nextField?: return commit(&model, then: 1)
            case .previousField?: return commit(&model, then: -1)
            case .submit?: return commit(&model, submitAfter: true)
            case .openPicker?:
                guard let field = model.focusedRow?.field, field.kind == .date else { return [] }
                let typed = FieldInput.value(from: input.text, field: field, locale: model.locale)
                var value = model.form.model?.value(of: editor.key.field, instance: editor.key.instance)
                if case .success(let parsed?) = typed { value = parsed }
                model.editor = FieldEditor.calendar(key: editor.key, value: value, today: configuration.today)
                return []
            default:
                input.handle(key)
                editor.kind = .line(input)
                editor.error = nil
            }
        case .box(var area):
            switch command {
            case .insertNewline?: area.insertNewline()
            case .confirmEdit?: return commit(&model)
            case .nextField?: return commit(&model, then: 1)
            case .previousField?: return commit(&model, then: -1)
            case .submit?: return commit(&model, submitAfter: true)
            default: area.handle(key, width: editorWidth(model))
            }
            editor.kind = .box(area)
        case .options(var picker):
            switch command {
            case .cursorDown?: picker.move(by: 1)
            case .cursorUp?: picker.move(by: -1)
            case .toggle?: picker.toggle()
            case .confirmEdit?:
                let value = RelatedEntryPicker.value(picker.confirm(), field: model.focusedRow?.field)
                model.editor = nil
                rescroll(&model)
                return [setValue(value, editor.key)]
            default: return []
            }
            editor.kind = .options(picker)
        case .calendar(var picker):
            switch command {
            case .dayPrevious?: picker.move(days: -1)
            case .dayNext?: picker.move(days: 1)
            case .weekPrevious?: picker.move(days: -7)
            case .weekNext?: picker.move(days: 7)
            case .monthPrevious?: picker.move(months: -1)
            case .monthNext?: picker.move(months: 1)
            case .confirmEdit?:
                model.editor = nil
                rescroll(&model)
                return [setValue(.date(picker.day), editor.key)]
            default: return []
            }
            editor.kind = .calendar(picker)
        case .path(var input, _):
            switch command {
            case .complete?:
                let text = input.text
                let directory = configuration.workingDirectory
                return [.task { .completed(original: text, completion: PathCompletion.complete(text, directory: directory)) }]
            case .confirmEdit?, .nextField?, .previousField?:
                model.editor = nil
                let path = input.text
                let key = editor.key
                var effects: [Effect<Message>] = []
                if !path.isEmpty {
                    let absolute = path.hasPrefix("/") || path.hasPrefix("~") ? path : configuration.workingDirectory + "/" + path
                    model.note = FormScreenModel.Note(FormText.uploadStarted(path.lastComponent, model.locale))
                    effects.append(call { screenlet in try await screenlet.chooseDocument(absolute, for: key.field, instance: key.instance) })
                }
                if command == .nextField { effects += moveFocus(to: model.focus + 1, &model, validate: false) }
                if command == .previousField { effects += moveFocus(to: model.focus - 1, &model, validate: false) }
                rescroll(&model)
                return effects
            default:
                input.handle(key)
                editor.kind = .path(input, candidates: [])
                editor.error = nil
            }
        }
        model.editor = editor
        rescroll(&model)
        return []
    }

    /// Reads the open line or box editor's text; refused text stays in the editor with a message
    /// (nothing is sent). Accepted text is set, the field validated, then the focus moves by
    /// `then` rows, or the form is submitted.
    func commit(_ model: inout Model, then move: Int = 0, submitAfter: Bool = false) -> [Effect<Message>] {
        guard let editor = model.editor, let field = model.rows.index[editor.key].map({ model.rows[$0] })?.field else {
            model.editor = nil
            return []
        }
        let text: String
        switch editor.kind {
        case .line(let input): text = input.text
        case .box(let area): text = area.text
        default: return []
        }
        if let search = searchRelated(text, field: field, key: editor.key, &model) { return search }
        switch FieldInput.value(from: text, field: field, locale: model.locale) {
        case .failure(let error):
            model.editor?.error = error.message
            rescroll(&model)
            return []
        case .success(let value):
            model.editor = nil
            let key = editor.key
            var effects: [Effect<Message>] = [call { screenlet in
                try await screenlet.setValue(value, of: key.field, instance: key.instance)
                await screenlet.leaveField(key.field, instance: key.instance)
            }]
            if move != 0 { effects += moveFocus(to: model.focus + move, &model, validate: false) }
            rescroll(&model)
            if submitAfter { effects += submit(draft: false, &model) }
            return effects
        }
    }

    func setValue(_ value: FieldValue?, _ key: FormFieldKey) -> Effect<Message> {
        call { screenlet in
            try await screenlet.setValue(value, of: key.field, instance: key.instance)
            await screenlet.leaveField(key.field, instance: key.instance)
        }
    }

    func pasteIntoEditor(_ text: String, _ model: inout Model) {
        guard var editor = model.editor else { return }
        switch editor.kind {
        case .line(var input):
            input.paste(text)
            editor.kind = .line(input)
        case .box(var area):
            area.insert(text)
            editor.kind = .box(area)
        case .path(var input, _):
            input.paste(text)
            editor.kind = .path(input, candidates: [])
        default: return
        }
        model.editor = editor
    }

    func applyCompletion(original: String, _ completion: PathCompletion.Result, _ model: inout Model) {
        guard var editor = model.editor, case .path(let input, _) = editor.kind, input.text == original else { return }
        var completed = input
        completed.setText(completion.text)
        completed.moveToEnd()
        editor.kind = .path(completed, candidates: completion.candidates)
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
