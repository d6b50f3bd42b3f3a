import Foundation
import DDM
import Screenlets
import TermUI

/// The editor open on one field instance. Only one is open at a time; its text lives here until
/// it is confirmed, then the value goes to the screenlet (edits never live in cells).
public struct FieldEditor: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// One-line text: text, integer, decimal, date (typed), geolocation.
        case line(TextInput)
        /// The multi-line text box.
        case box(TextArea)
        /// A select pop-up or an inline radio group.
        case options(OptionPicker)
        /// The calendar pop-up of a date field.
        case calendar(CalendarPicker)
        /// The document path prompt, with the last completion candidates.
        case path(TextInput, candidates: [String])
    }

    public let key: FormFieldKey
    public var kind: Kind
    /// Why the typed text was refused (shown under the field; nothing was sent).
    public var error: String?

    public init(key: FormFieldKey, kind: Kind, error: String? = nil) {
        self.key = key
        self.kind = kind
        self.error = error
    }

    /// Whether the editor replaces the value in the row (pop-ups leave the value visible).
    public var isDrawnInPlace: Bool {
        switch kind {
        case .options(let picker): return picker.inline
        case .calendar: return false
        default: return true
        }
    }

    /// The key contexts while this editor is open, most specific first.
    public var contexts: [KeyContext] {
        switch kind {
        case .line: return [.editor, .global]
        case .box: return [.textBox, .editor, .global]
        case .options: return [.popup, .global]
        case .calendar: return [.calendar, .global]
        case .path: return [.pathPrompt, .editor, .global]
        }
    }

    /// The editor for a field instance, or nil when the field is edited without one (checkbox).
    public static func open(_ field: DDMField, key: FormFieldKey, value: FieldValue?, locale: PortalLocale) -> FieldEditor? {
        switch field.kind {
        case .boolean, .unsupported:
            return nil
        case .options:
            return FieldEditor(key: key, kind: .options(OptionPicker(field: field, value: value, locale: locale, inline: field.editor == "radio")))
        case .document, .image:
            var path = ""
            if case .document(.localFile(let file))? = value { path = file }
            if case .document(.uploadFailed(let file, _))? = value { path = file }
            return FieldEditor(key: key, kind: .path(TextInput(path), candidates: []))
        case .string where field.editor == "textarea":
            var area = TextArea(value.map { FieldInput.editingText($0, field: field, locale: locale) } ?? "")
            area.moveToEnd()
            return FieldEditor(key: key, kind: .box(area))
        default:
            return FieldEditor(key: key, kind: .line(TextInput(value.map { FieldInput.editingText($0, field: field, locale: locale) } ?? "")))
        }
    }

    /// The calendar for a date field, on its value or `today`.
    public static func calendar(key: FormFieldKey, value: FieldValue?, today: CalendarDate) -> FieldEditor {
        if case .date(let date)? = value { return FieldEditor(key: key, kind: .calendar(CalendarPicker(day: date))) }
        return FieldEditor(key: key, kind: .calendar(CalendarPicker(day: today)))
    }
}

extension TextArea {
    /// Puts the cursor after the last character.
    mutating func moveToEnd() {
        for _ in 0..<(lines.count) { moveDown(width: Int.max / 4) }
        moveToLineEnd(width: Int.max / 4)
    }
}

/// Text typed into a field and back: what the editor starts with, and the value it gives.
public enum FieldInput {
    /// The text an editor starts with: dates as `yyyy-MM-dd`, numbers and locations in the locale.
    public static func editingText(_ value: FieldValue, field: DDMField, locale: PortalLocale) -> String {
        switch value {
        case .date(let date): return date.isoString
        case .string(let text), .raw(let text): return text
        default: return field.label(of: value, in: locale)
        }
    }

    /// Reads typed text: `yyyy-MM-dd` or the locale's forms for dates, the locale's numbers (or the
    /// canonical dot form), `LAT, LON`. Empty text clears the value. The error is in `locale`.
    public static func value(from text: String, field: DDMField, locale: PortalLocale) -> Result<FieldValue?, FieldInputError> {
        if field.kind == .string { return .success(text.isEmpty ? nil : .string(text)) }
        if text.allSatisfy(\.isWhitespace) { return .success(nil) }
        let first: (String) throws(FieldIssue) -> FieldValue?
        let second: (String) throws(FieldIssue) -> FieldValue?
        if field.kind == .date {
            first = { text throws(FieldIssue) in try field.value(fromCanonical: text) }
            second = { text throws(FieldIssue) in try field.value(fromLabel: text, in: locale) }
        } else {
            first = { text throws(FieldIssue) in try field.value(fromLabel: text, in: locale) }
            second = { text throws(FieldIssue) in try field.value(fromCanonical: text) }
        }
        do {
            return .success(try first(text))
        } catch let firstIssue {
            do {
                return .success(try second(text.trimmingCharacters(in: .whitespaces)))
            } catch {
                return .failure(FieldInputError(message: firstIssue.message(in: locale)))
            }
        }
    }
}

/// Typed text a field cannot take, with the message to show under it.
public struct FieldInputError: Error, Equatable, Sendable {
    public let message: String
}
