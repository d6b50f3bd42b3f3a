import DDM
import Screenlets
import TermUI

/// One line of text (`text`).
public struct TextFieldComponent: FieldComponent {
    public init() {}
    public var cell: any FormCellRenderer { TextCell() }
    public func kindName(_ field: DDMField) -> String { "Text" }

    /// The text as typed; empty clears the value. Text not in the field's form (a date and time
    /// that is not ISO-8601) is refused, the editor kept open.
    public func value(fromTyped text: String, _ context: FieldEditContext) -> Result<FieldValue?, FieldInputError> {
        if let issue = context.field.textIssue(text) { return .failure(FieldInputError(message: issue.message(in: context.locale))) }
        return .success(text.isEmpty ? nil : .string(text))
    }
}

/// A multi-line text box (`textarea`): wrapped up to three rows, edited in a four-row box.
public struct TextBoxFieldComponent: FieldComponent {
    public init() {}
    public var cell: any FormCellRenderer { TextBoxCell() }
    public func kindName(_ field: DDMField) -> String { "TextBox" }

    /// The text as typed, new lines and all; empty clears the value.
    public func value(fromTyped text: String, _ context: FieldEditContext) -> Result<FieldValue?, FieldInputError> {
        .success(text.isEmpty ? nil : .string(text))
    }

    public func activate(_ how: FieldActivationKey, _ context: FieldEditContext) -> FieldActivation {
        guard how == .activate else { return .none }
        var area = TextArea(context.value.map { FieldInput.editingText($0, field: context.field, locale: context.locale) } ?? "")
        area.moveToEnd()
        return .edit(TextBoxEditor(area))
    }
}

/// A whole number, typed in the locale's form.
public struct IntegerFieldComponent: FieldComponent {
    public init() {}
    public var cell: any FormCellRenderer { TextCell() }
    public func kindName(_ field: DDMField) -> String { "Integer" }
    public func editorPlaceholder(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.editorInteger, locale) }
    public func plainHint(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.hintInteger, locale) }
    public func listColumnWidth(_ field: DDMField, locale: PortalLocale) -> Int? { 8 }
}

/// A decimal number, typed in the locale's form.
public struct DecimalFieldComponent: FieldComponent {
    public init() {}
    public var cell: any FormCellRenderer { TextCell() }
    public func kindName(_ field: DDMField) -> String { "Decimal" }
    public func editorPlaceholder(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.editorDecimal, locale) }
    public func plainHint(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.hintDecimal, locale) }
    public func listColumnWidth(_ field: DDMField, locale: PortalLocale) -> Int? { 10 }
}

/// A date: typed (Enter) or picked in a calendar (Space, or the picker key while typing).
public struct DateFieldComponent: FieldComponent {
    public init() {}
    public var cell: any FormCellRenderer { DateCell() }
    public func kindName(_ field: DDMField) -> String { "Date" }

    /// `yyyy-MM-dd`, else the locale's forms.
    public func value(fromTyped text: String, _ context: FieldEditContext) -> Result<FieldValue?, FieldInputError> {
        FieldInput.value(from: text, field: context.field, locale: context.locale, canonicalFirst: true)
    }

    public func activate(_ how: FieldActivationKey, _ context: FieldEditContext) -> FieldActivation {
        guard how == .toggle else {
            return .edit(LineEditor(TextInput(context.value.map { FieldInput.editingText($0, field: context.field, locale: context.locale) } ?? "")))
        }
        return .edit(Self.calendar(on: context.value, today: context.today))
    }

    public func handleEditorInput(_ input: FieldEditorInput, editor: inout FieldEditor, _ context: FieldEditContext) -> FieldEditOutcome {
        guard case .pickerAsked(let text) = input else { return outcome(of: input, editor: &editor, context) }
        // The calendar opens on the typed date when it reads as one, else on the field's value.
        var day = context.value
        if case .success(let typed?) = value(fromTyped: text, context) { day = typed }
        editor.state = Self.calendar(on: day, today: context.today)
        editor.error = nil
        return .keepEditing
    }

    /// The calendar on a date value, else on `today`.
    static func calendar(on value: FieldValue?, today: CalendarDate) -> CalendarPicker {
        if case .date(let date)? = value { return CalendarPicker(day: date) }
        return CalendarPicker(day: today)
    }

    public func editorPlaceholder(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.editorDate, locale) }
    public func plainHint(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.hintDate, locale) }

    /// As wide as the longest month's date in the locale.
    public func listColumnWidth(_ field: DDMField, locale: PortalLocale) -> Int? {
        let days = (1...12).compactMap { CalendarDate(year: 2026, month: $0, day: 28) }
        return days.map { field.label(of: .date($0), in: locale).displayWidth }.max()
    }
}

/// A checkbox: Enter and Space toggle it at once.
public struct BooleanFieldComponent: FieldComponent {
    public init() {}
    public var cell: any FormCellRenderer { BooleanCell() }
    public func kindName(_ field: DDMField) -> String { "Boolean" }

    public func activate(_ how: FieldActivationKey, _ context: FieldEditContext) -> FieldActivation {
        if case .boolean(true)? = context.value { return .set(.boolean(false)) }
        return .set(.boolean(true))
    }

    public func plainHint(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.hintYesNo, locale) }

    /// Also y/n (s in Spanish).
    public func plainValue(_ answer: String, _ field: DDMField, locale: PortalLocale, fileIsReadable: (String) -> Bool) throws -> FieldValue? {
        let word = answer.trimmingCharacters(in: .whitespaces)
        if PlainStrings.isYes(word) { return .boolean(true) }
        if PlainStrings.isNo(word) { return .boolean(false) }
        return try field.value(fromLabel: answer, in: locale)
    }

    public func listColumnWidth(_ field: DDMField, locale: PortalLocale) -> Int? {
        [true, false].map { field.label(of: .boolean($0), in: locale).displayWidth }.max()
    }
}

/// A choice among options: a radio group chosen in its rows (`inline`), or a select chosen in a
/// pop-up. Enter and Space open the options.
public struct ChoiceFieldComponent: FieldComponent {
    /// Drawn and chosen in the field's rows (radio) rather than in a pop-up (select).
    public let inline: Bool

    public init(inline: Bool) { self.inline = inline }

    public var cell: any FormCellRenderer { inline ? RadioCell() as any FormCellRenderer : SelectCell() }
    public func kindName(_ field: DDMField) -> String { inline ? "Radio" : "Select" }

    public func activate(_ how: FieldActivationKey, _ context: FieldEditContext) -> FieldActivation {
        .edit(OptionPicker(field: context.field, value: context.value, locale: context.locale, inline: inline))
    }

    public func plainHint(_ field: DDMField, locale: PortalLocale) -> String {
        UIText.text(field.multiple ? .hintOptions : .hintOption, locale)
    }

    /// `1) value — label`, one per option.
    public func plainChoices(_ field: DDMField, locale: PortalLocale) -> [String] {
        field.options.enumerated().map { number, option in
            "\(number + 1)) \(option.value) — \(option.label(in: locale, defaultLocale: field.defaultLocale))"
        }
    }

    /// Also by the options' numbers in the list (`1,3`).
    public func plainValue(_ answer: String, _ field: DDMField, locale: PortalLocale, fileIsReadable: (String) -> Bool) throws -> FieldValue? {
        let parts = answer.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if !parts.isEmpty, parts.allSatisfy({ Int($0) != nil }) {
            var values: [String] = []
            for part in parts {
                let number = Int(part) ?? 0
                guard field.options.indices.contains(number - 1) else {
                    throw FieldInputError(message: PlainStrings.noOption(number, locale))
                }
                values.append(field.options[number - 1].value)
            }
            if values.count > 1, !field.multiple { throw FieldIssue.tooManyOptions }
            return .options(values)
        }
        return try field.value(fromLabel: answer, in: locale)
    }

    /// A single choice: its longest label, up to a point (long labels share like text).
    public func listColumnWidth(_ field: DDMField, locale: PortalLocale) -> Int? {
        guard !field.multiple, !field.options.isEmpty else { return nil }
        let longest = field.options.map { $0.label(in: locale, defaultLocale: field.defaultLocale).displayWidth }.max() ?? 0
        return longest <= 24 ? longest : nil
    }
}

/// A document or an image: a local path typed (Tab completes it) and uploaded when confirmed.
public struct DocumentFieldComponent: FieldComponent {
    /// `Image` rather than `Document` in cell names.
    public let image: Bool

    public init(image: Bool) { self.image = image }

    public var cell: any FormCellRenderer { DocumentCell() }
    public func kindName(_ field: DDMField) -> String { image ? "Image" : "Document" }

    public func activate(_ how: FieldActivationKey, _ context: FieldEditContext) -> FieldActivation {
        guard how == .activate else { return .none }
        var path = ""
        if case .document(.localFile(let file))? = context.value { path = file }
        if case .document(.uploadFailed(let file, _))? = context.value { path = file }
        return .edit(PathPrompt(TextInput(path)))
    }

    /// A confirmed path commits the local file (relative to the working directory); an empty one
    /// leaves the value as it was.
    public func handleEditorInput(_ input: FieldEditorInput, editor: inout FieldEditor, _ context: FieldEditContext) -> FieldEditOutcome {
        switch input {
        case .completionAsked(let text):
            return .request(.completePath(text))
        case .typed(let path, let then):
            guard !path.isEmpty else { return .cancel(then: then) }
            let absolute = path.hasPrefix("/") || path.hasPrefix("~") ? path : context.workingDirectory + "/" + path
            return .commit(.document(.localFile(path: absolute)), then: then)
        case let input:
            return outcome(of: input, editor: &editor, context)
        }
    }

    public func editorPlaceholder(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.editorPath, locale) }
    public func plainHint(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.hintFile, locale) }

    /// A readable local file.
    public func plainValue(_ answer: String, _ field: DDMField, locale: PortalLocale, fileIsReadable: (String) -> Bool) throws -> FieldValue? {
        let path = answer.trimmingCharacters(in: .whitespaces)
        guard fileIsReadable(path) else { throw FieldInputError(message: PlainStrings.noFile(path, locale)) }
        return .document(.localFile(path: path))
    }

    public var isListedByDefault: Bool { false }
}

/// A location, typed as `LAT, LON`.
public struct GeolocationFieldComponent: FieldComponent {
    public init() {}
    public var cell: any FormCellRenderer { GeolocationCell() }
    public func kindName(_ field: DDMField) -> String { "Geolocation" }
    public func editorPlaceholder(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.editorGeolocation, locale) }
    public func plainHint(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.hintGeolocation, locale) }
    public var isListedByDefault: Bool { false }
}

/// A field Termlets cannot edit (paragraphs, separators, unknown types): its raw value, read only.
public struct UnsupportedFieldComponent: FieldComponent {
    public init() {}
    public var cell: any FormCellRenderer { UnsupportedCell() }
    public func kindName(_ field: DDMField) -> String { "Unsupported" }
    public func activate(_ how: FieldActivationKey, _ context: FieldEditContext) -> FieldActivation { .none }
    public func plainHint(_ field: DDMField, locale: PortalLocale) -> String { UIText.text(.readOnly, locale) }
    public var isListedByDefault: Bool { false }
}

/// An Objects entry's relationship field: its kind's component, but words typed are searched in
/// the related object (the matches open in a pop-up) and the chosen match sets its ID.
public struct RelationshipFieldComponent: FieldComponent {
    public let base: any FieldComponent

    public init(base: any FieldComponent) { self.base = base }

    public var cell: any FormCellRenderer { base.cell }
    public func kindName(_ field: DDMField) -> String { base.kindName(field) }
    public func activate(_ how: FieldActivationKey, _ context: FieldEditContext) -> FieldActivation { base.activate(how, context) }

    public func handleEditorInput(_ input: FieldEditorInput, editor: inout FieldEditor, _ context: FieldEditContext) -> FieldEditOutcome {
        switch input {
        case .typed(let text, _) where RelatedEntryPicker.isSearch(text):
            return .request(.searchRelated(text.trimmingCharacters(in: .whitespaces)))
        case .chosen(let chosen):
            return .commit(RelatedEntryPicker.value(chosen, field: context.field), then: .stay)
        case let input:
            return outcome(of: input, editor: &editor, context)
        }
    }

    public func value(fromTyped text: String, _ context: FieldEditContext) -> Result<FieldValue?, FieldInputError> {
        base.value(fromTyped: text, context)
    }

    public func editorPlaceholder(_ field: DDMField, locale: PortalLocale) -> String { base.editorPlaceholder(field, locale: locale) }
    public func plainHint(_ field: DDMField, locale: PortalLocale) -> String { base.plainHint(field, locale: locale) }
    public func plainChoices(_ field: DDMField, locale: PortalLocale) -> [String] { base.plainChoices(field, locale: locale) }
    public func plainValue(_ answer: String, _ field: DDMField, locale: PortalLocale, fileIsReadable: (String) -> Bool) throws -> FieldValue? {
        try base.plainValue(answer, field, locale: locale, fileIsReadable: fileIsReadable)
    }
    public func listColumnWidth(_ field: DDMField, locale: PortalLocale) -> Int? { base.listColumnWidth(field, locale: locale) }
    public var isListedByDefault: Bool { base.isListedByDefault }
}
