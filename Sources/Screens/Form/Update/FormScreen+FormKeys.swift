import DDM
import Screenlets
import TermUI

extension FormScreen {
    /// The key contexts now, most specific first.
    func contexts(_ model: Model) -> [KeyContext] {
        if model.overlay == .unsavedChanges { return [.quitPrompt, .global] }
        if let editor = model.editor { return editor.contexts }
        if let key = model.focusedRow?.key, model.form.uploads[key]?.isRunning == true { return [.formUpload, .form, .global] }
        return [.form, .global]
    }

    func handleKey(_ key: KeyEvent, _ model: inout Model) -> [Effect<Message>] {
        switch model.overlay {
        case .help(let scroll)?:
            switch key.key {
            case .down, .pageDown: model.overlay = .help(scroll: scroll + (key.key == .down ? 1 : 10))
            case .up, .pageUp: model.overlay = .help(scroll: max(0, scroll - (key.key == .up ? 1 : 10)))
            default:
                if keyMap.command(for: key, in: [.global]) == .forceQuit {
                    model.overlay = nil
                    return requestQuit(quitsProgram: true, &model)
                }
                model.overlay = nil
            }
            return []
        case .unsavedChanges?:
            switch keyMap.command(for: key, in: [.quitPrompt, .global]) {
            case .discardAndQuit?: return discardAndQuit(&model)
            case .forceQuit?:
                model.quitsProgram = true
                return discardAndQuit(&model)
            case .keepEditing?:
                model.overlay = nil
                model.quitsProgram = false
            default: break
            }
            return []
        case nil:
            break
        }
        if model.editor != nil { return handleEditorKey(key, &model) }
        model.note = nil
        guard let command = keyMap.command(for: key, in: contexts(model)) else { return [] }
        return perform(command, &model)
    }

    /// `x` while the focused field's file uploads: the upload stops, nothing of it is kept, and
    /// the field's value as loaded comes back.
    func cancelUpload(_ model: inout Model) -> [Effect<Message>] {
        guard let key = model.focusedRow?.key, model.form.uploads[key]?.isRunning == true else { return [] }
        let note = FormScreenModel.Note(UIText.text(.uploadCancelled, model.locale), .info)
        let tooLate = UploadAlreadyDone(description: UIText.text(.uploadAlreadyDone, model.locale))
        return [call(success: note) { screenlet in
            if await !screenlet.cancelUpload(of: key.field, instance: key.instance) { throw tooLate }
        }]
    }

    /// A command with no editor open.
    func perform(_ command: CommandName, _ model: inout Model) -> [Effect<Message>] {
        let layout = layout(model)
        switch command {
        case .nextField: return moveFocus(to: model.focus + 1, &model)
        case .previousField: return moveFocus(to: model.focus - 1, &model)
        case .pageDown: return moveFocus(to: pageTarget(from: model.focus, direction: 1, model: model, layout: layout), &model)
        case .pageUp: return moveFocus(to: pageTarget(from: model.focus, direction: -1, model: model, layout: layout), &model)
        case .first: return moveFocus(to: 0, &model)
        case .last: return moveFocus(to: model.rows.count - 1, &model)
        case .activate: return activate(toggleOnly: false, &model)
        case .toggle: return activate(toggleOnly: true, &model)
        case .submit: return submit(draft: false, &model)
        case .saveDraft: return submit(draft: true, &model)
        case .help:
            model.overlay = .help(scroll: 0)
            return []
        case .back, .quit: return requestQuit(quitsProgram: false, &model)
        case .forceQuit: return requestQuit(quitsProgram: true, &model)
        case .addInstance: return addInstance(&model)
        case .removeInstance: return removeInstance(&model)
        case .switchLocale: return switchLocale(&model)
        case .cancelUpload: return cancelUpload(&model)
        default: return []
        }
    }

    /// Enter (edit or toggle) and Space (toggle; opens pickers) on the focused row.
    func activate(toggleOnly: Bool, _ model: inout Model) -> [Effect<Message>] {
        guard let row = model.focusedRow else { return [] }
        guard let field = row.field, let key = row.key else {
            return toggleOnly ? [] : submit(draft: false, &model)
        }
        guard model.form.editable else {
            model.note = FormScreenModel.Note(FormText.formReadOnly(model.locale), .error)
            return []
        }
        guard field.isEditable else {
            model.note = FormScreenModel.Note(FormText.notEditable(model.locale), .error)
            return []
        }
        let context = editContext(field, key: key, model)
        switch configuration.components.component(for: field).activate(toggleOnly ? .toggle : .activate, context) {
        case .none:
            return []
        case .set(let value):
            // A checkbox: set at once, the focus stays (it is validated when left).
            return [setValue(value, key, leavingField: false)]
        case .edit(let state):
            model.editor = FieldEditor(key: key, state: state)
        }
        rescroll(&model)
        return []
    }

    func addInstance(_ model: inout Model) -> [Effect<Message>] {
        guard let row = model.focusedRow, let field = row.field, let key = row.key else { return [] }
        guard field.repeatable else {
            model.note = FormScreenModel.Note(FormText.notRepeatable(model.locale), .error)
            return []
        }
        let name = key.field
        let after = key.instance
        let label = FormRows.labelText(field, locale: model.locale, instance: after + 1, count: row.instanceCount + 1)
        return [call(rebuildRows: true, focus: FormFieldKey(field: name, instance: after + 1),
                     success: FormScreenModel.Note(FormText.added(label, model.locale))) { screenlet in
            try await screenlet.addInstance(of: name, after: after)
        }]
    }

    func removeInstance(_ model: inout Model) -> [Effect<Message>] {
        guard let row = model.focusedRow, let field = row.field, let key = row.key else { return [] }
        guard field.repeatable else {
            model.note = FormScreenModel.Note(FormText.notRepeatable(model.locale), .error)
            return []
        }
        let name = key.field
        let index = key.instance
        let label = FormRows.labelText(field, locale: model.locale, instance: index, count: row.instanceCount)
        return [call(rebuildRows: true, focus: FormFieldKey(field: name, instance: max(0, index - 1)),
                     success: FormScreenModel.Note(FormText.removed(label, model.locale))) { screenlet in
            try await screenlet.removeInstance(of: name, at: index)
        }]
    }

    /// Cycles en_US → es_ES → the structure's other locales.
    func switchLocale(_ model: inout Model) -> [Effect<Message>] {
        var locales = configuration.locales
        for identifier in model.form.model?.structure.availableLocales ?? [] {
            if let locale = PortalLocale(identifier), !locales.contains(locale) { locales.append(locale) }
        }
        let position = locales.firstIndex(of: model.locale) ?? -1
        let next = locales[(position + 1) % locales.count]
        return [call(rebuildRows: true, success: FormScreenModel.Note(FormText.language(next.identifier, next))) { screenlet in
            await screenlet.switchLocale(next)
        }]
    }
}

/// `x` came after the upload ended (uploaded, failed or queued): there was nothing to cancel.
struct UploadAlreadyDone: Error, CustomStringConvertible {
    let description: String
}
