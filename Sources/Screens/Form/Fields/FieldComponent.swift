import DDM
import Screenlets
import TermUI

/// Everything Termlets does with one kind of form field, in one place (as huh's `Field`): how its
/// value is drawn and how tall it is (``cell``), what Enter and Space do on it (``activate(_:_:)``),
/// what its editor's keys do (``handleEditorKey(_:_:editor:_:)``, ending in an outcome: keep
/// editing, commit a value, cancel), its plain-mode prompt and parsing, and its width as a record
/// list column.
///
/// The built-in components (one per kind DDM has) are in ``FieldComponentRegistry``; register
/// your own there by kind (`DDLField<Kind>`) or by field name (`DDLCustomField<Name>`, the theme
/// cells' naming), so a custom field brings its own editor, not only a look. Every requirement
/// but ``cell`` has a default: a field drawn by `cell` and edited as one line of text.
public protocol FieldComponent: Sendable {
    /// Draws the field's value in the form, and says its height.
    var cell: any FormCellRenderer { get }
    /// The kind part of the theme's cell names (`Text` in `DDLFieldTextCell`) for the fields it is
    /// the built-in component of. A field's look and its `DDLField<Kind>` registrations always go
    /// by its built-in component's name, so a custom component need not say one.
    func kindName(_ field: DDMField) -> String
    /// Enter (`.activate`) or Space (`.toggle`) on the field: nothing, a new value at once, or an
    /// editor opened on it.
    func activate(_ how: FieldActivationKey, _ context: FieldEditContext) -> FieldActivation
    /// A key while the field's editor is open: `command` is the form's key map's reading of it in
    /// the editor's contexts (Esc and Ctrl-C never come here). The component may change `editor`
    /// (its state, its refusal message) and says what happens next.
    func handleEditorKey(_ command: CommandName?, _ key: KeyEvent, editor: inout FieldEditor, _ context: FieldEditContext) -> FieldEditOutcome
    /// What the editor's state made of a key, or of a click on a pop-up's option (`.chosen`): the
    /// outcome. The default reads typed text with ``value(fromTyped:_:)`` and commits a chosen
    /// value as it is (``outcome(of:editor:_:)``).
    func handleEditorInput(_ input: FieldEditorInput, editor: inout FieldEditor, _ context: FieldEditContext) -> FieldEditOutcome
    /// The value of text typed into its editor, or why it cannot be one.
    func value(fromTyped text: String, _ context: FieldEditContext) -> Result<FieldValue?, FieldInputError>
    /// What its empty line editor shows (the form a value is typed in).
    func editorPlaceholder(_ field: DDMField, locale: PortalLocale) -> String
    /// Plain mode: what the prompt says it takes (`yes/no`, `yyyy-MM-dd` …).
    func plainHint(_ field: DDMField, locale: PortalLocale) -> String
    /// Plain mode: lines listed before the prompt (the numbered options of a choice).
    func plainChoices(_ field: DDMField, locale: PortalLocale) -> [String]
    /// Plain mode: the value of an answer (not empty, not `-`); throws ``FieldInputError`` or
    /// `FieldIssue` with the reason.
    func plainValue(_ answer: String, _ field: DDMField, locale: PortalLocale, fileIsReadable: (String) -> Bool) throws -> FieldValue?
    /// The record list column's width for its values in `locale`; nil: it shares the rest.
    func listColumnWidth(_ field: DDMField, locale: PortalLocale) -> Int?
    /// Whether a record list shows it when no label fields are asked for.
    var isListedByDefault: Bool { get }
}

/// The key that activated a field.
public enum FieldActivationKey: Equatable, Sendable {
    /// Enter: edit (or toggle a checkbox).
    case activate
    /// Space: toggle; opens pickers.
    case toggle
}

/// What activating a field does.
public enum FieldActivation: Sendable {
    /// Nothing.
    case none
    /// The field takes this value at once (a checkbox).
    case set(FieldValue?)
    /// This editor opens on the field.
    case edit(any FieldEditorState)
}

extension FieldComponent {
    public func kindName(_ field: DDMField) -> String { "Text" }

    /// Enter opens a line editor on the value's text; Space does nothing.
    public func activate(_ how: FieldActivationKey, _ context: FieldEditContext) -> FieldActivation {
        guard how == .activate else { return .none }
        return .edit(LineEditor(TextInput(context.value.map { FieldInput.editingText($0, field: context.field, locale: context.locale) } ?? "")))
    }

    public func handleEditorKey(_ command: CommandName?, _ key: KeyEvent, editor: inout FieldEditor, _ context: FieldEditContext) -> FieldEditOutcome {
        let input = editor.state.handle(command, key, context)
        return handleEditorInput(input, editor: &editor, context)
    }

    public func handleEditorInput(_ input: FieldEditorInput, editor: inout FieldEditor, _ context: FieldEditContext) -> FieldEditOutcome {
        outcome(of: input, editor: &editor, context)
    }

    /// The usual meaning of what a key asked of the editor: typed text is read with
    /// ``value(fromTyped:_:)`` (refused text stays, with the message), a chosen value commits,
    /// picker and completion keys do nothing.
    public func outcome(of input: FieldEditorInput, editor: inout FieldEditor, _ context: FieldEditContext) -> FieldEditOutcome {
        switch input {
        case .ignored, .pickerAsked, .completionAsked:
            return .ignored
        case .changed(let clearsError):
            if clearsError { editor.error = nil }
            return .keepEditing
        case .typed(let text, let then):
            switch value(fromTyped: text, context) {
            case .success(let value): return .commit(value, then: then)
            case .failure(let error):
                editor.error = error.message
                return .keepEditing
            }
        case .chosen(let value):
            return .commit(value, then: .stay)
        }
    }

    public func value(fromTyped text: String, _ context: FieldEditContext) -> Result<FieldValue?, FieldInputError> {
        FieldInput.value(from: text, field: context.field, locale: context.locale)
    }

    public func editorPlaceholder(_ field: DDMField, locale: PortalLocale) -> String { "" }
    public func plainHint(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.hintText, locale) }
    public func plainChoices(_ field: DDMField, locale: PortalLocale) -> [String] { [] }

    public func plainValue(_ answer: String, _ field: DDMField, locale: PortalLocale, fileIsReadable: (String) -> Bool) throws -> FieldValue? {
        try field.value(fromLabel: answer, in: locale)
    }

    public func listColumnWidth(_ field: DDMField, locale: PortalLocale) -> Int? { nil }
    public var isListedByDefault: Bool { true }
}
