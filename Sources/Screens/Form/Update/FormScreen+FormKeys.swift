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
        let screenlet = self.screenlet
        let shape = model.form.model
        let version = model.form.shapeVersion
        return [.task {
            if let shape { await screenlet.followShape(of: shape) }
            return .uploadCancelled(key, shapeVersion: version, cancelled: await screenlet.cancelUpload(of: key.field, instance: key.instance))
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
            setValue(value, key, leavingField: false, &model)
            return []
        case .edit(let state):
            model.editor = FieldEditor(key: key, state: state)
        }
        rescroll(&model)
        return []
    }

    /// Adds an instance of the focused repeatable field after it, and focuses the new one.
    func addInstance(_ model: inout Model) -> [Effect<Message>] {
        guard let row = model.focusedRow, let field = row.field, let key = row.key else { return [] }
        guard field.repeatable else {
            model.note = FormScreenModel.Note(FormText.notRepeatable(model.locale), .error)
            return []
        }
        let label = FormRows.labelText(field, locale: model.locale, instance: key.instance + 1, count: row.instanceCount + 1)
        return changeShape(focus: FormFieldKey(field: key.field, instance: key.instance + 1),
                           success: FormText.added(label, model.locale), &model) { form throws(FormScreenletError) in
            try form.addInstance(of: key.field, after: key.instance)
        }
    }

    /// Removes the focused instance of a repeatable field; the focus goes to the one before.
    func removeInstance(_ model: inout Model) -> [Effect<Message>] {
        guard let row = model.focusedRow, let field = row.field, let key = row.key else { return [] }
        guard field.repeatable else {
            model.note = FormScreenModel.Note(FormText.notRepeatable(model.locale), .error)
            return []
        }
        let label = FormRows.labelText(field, locale: model.locale, instance: key.instance, count: row.instanceCount)
        return changeShape(focus: FormFieldKey(field: key.field, instance: max(0, key.instance - 1)),
                                     success: FormText.removed(label, model.locale), &model) { form throws(FormScreenletError) in
            try form.removeInstance(of: key.field, at: key.instance)
        }
    }

    /// Applies a repetition to the engine, rebuilds the rows and focuses `focus`; a refusal shows
    /// in the message area. The screenlet's copy of the form follows at once: the upload of an
    /// instance removed stops there (nothing of it is kept), the others follow their instances.
    private func changeShape(focus: FormFieldKey, success: String, _ model: inout Model,
                             _ change: (inout FormEngine) throws(FormScreenletError) -> Void) -> [Effect<Message>] {
        do {
            try change(&model.form)
        } catch {
            model.note = FormScreenModel.Note(error.description, .error)
            return []
        }
        rebuildRows(always: true, &model)
        if let row = model.rows.index[focus] { moveFocus(to: row, &model, validate: false) }
        model.note = FormScreenModel.Note(success)
        guard let shape = model.form.model else { return [] }
        let screenlet = self.screenlet
        return [.task {
            await screenlet.followShape(of: shape)
            return nil
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
        model.form.switchLocale(next)
        rebuildRows(always: true, &model)
        model.note = FormScreenModel.Note(FormText.language(next.identifier, next))
        // Records load in the new locale too (the screenlet's own locale).
        let screenlet = self.screenlet
        return [.task {
            await screenlet.switchLocale(next)
            return nil
        }]
    }
}
