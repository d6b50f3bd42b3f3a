import Foundation
import DDM
import Screenlets
import TermUI

/// The editor open on one field instance. Only one is open at a time; its state (typed text, a
/// picker's cursor …) lives here until it is confirmed, then the value goes to the screenlet
/// (edits never live in cells). Which state a field opens, and what its keys do, is the field's
/// ``FieldComponent``'s business; the state draws itself (``FieldEditorState``).
public struct FieldEditor: Equatable, Sendable {
    public let key: FormFieldKey
    /// What is being edited: a ``LineEditor``, ``TextBoxEditor``, ``OptionPicker``,
    /// ``CalendarPicker``, ``PathPrompt`` or a custom component's own state.
    public var state: any FieldEditorState {
        get { box.state }
        set { box = StateBox(newValue) }
    }
    /// Why the typed text was refused (shown under the field; nothing was sent).
    public var error: String?

    /// The state behind one reference, replaced (never changed) when the state changes. An
    /// existential held inline would make the editor, and the screen's model around it, a type
    /// that every copy and every `model.editor?.key` goes through the runtime's generic value
    /// witnesses for; the views look at the editor for every row of every frame.
    private final class StateBox: Sendable {
        let state: any FieldEditorState
        init(_ state: any FieldEditorState) { self.state = state }
    }

    private var box: StateBox

    public init(key: FormFieldKey, state: any FieldEditorState, error: String? = nil) {
        self.key = key
        self.box = StateBox(state)
        self.error = error
    }

    public static func == (lhs: FieldEditor, rhs: FieldEditor) -> Bool {
        lhs.key == rhs.key && lhs.error == rhs.error && lhs.state.isEqual(to: rhs.state)
    }

    /// Whether the editor replaces the value in the row (pop-ups leave the value visible).
    public var isDrawnInPlace: Bool { state.isDrawnInPlace }

    /// Whether the form's rows are as tall with `other` open as with this editor: the same field,
    /// drawn the same way over as many lines, with or without a message under it. A key that
    /// keeps them so (a typed character) cannot move the form's scroll position.
    public func occupiesTheSameLines(as other: FieldEditor) -> Bool {
        key == other.key && isDrawnInPlace == other.isDrawnInPlace && state.rowsInPlace == other.state.rowsInPlace
            && (error == nil) == (other.error == nil)
    }

    /// The key contexts while this editor is open, most specific first.
    public var contexts: [KeyContext] { state.contexts }
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

    /// Reads typed text: the locale's numbers (or the canonical dot form), `LAT, LON`, option
    /// labels — or, with `canonicalFirst`, the canonical form first (`yyyy-MM-dd` dates, then the
    /// locale's forms). Blank text clears the value. The error is in `locale`. (Text fields take
    /// the text as typed: ``TextFieldComponent``.)
    public static func value(from text: String, field: DDMField, locale: PortalLocale,
                             canonicalFirst: Bool = false) -> Result<FieldValue?, FieldInputError> {
        if text.allSatisfy(\.isWhitespace) { return .success(nil) }
        let first: (String) throws(FieldIssue) -> FieldValue?
        let second: (String) throws(FieldIssue) -> FieldValue?
        if canonicalFirst {
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

/// Typed text a field cannot take, with the message to show under it (or, in plain mode, after
/// the prompt).
public struct FieldInputError: Error, Equatable, Sendable {
    public let message: String
    public init(message: String) { self.message = message }
}
