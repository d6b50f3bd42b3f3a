import DDM
import Screenlets
import TermUI

/// Everything the form screen draws: the form's engine (its values, messages, uploads and
/// identity — the one truth for the screen, edited here synchronously), the rows, focus and scrolling,
/// the open editor or overlay, and the message area.
public struct FormScreenModel: Equatable, Sendable {
    /// What covers the form.
    public enum Overlay: Equatable, Sendable {
        case help(scroll: Int)
        /// Quit was asked with unsaved changes: keep editing or discard.
        case unsavedChanges
    }

    /// A line of the message area.
    public struct Note: Equatable, Sendable {
        public enum Kind: Equatable, Sendable { case info, success, error }
        public var text: String
        public var kind: Kind
        public init(_ text: String, _ kind: Kind = .info) {
            self.text = text
            self.kind = kind
        }
    }

    /// The focused row.
    public var focus = 0
    /// The first row shown.
    public var firstRow = 0
    /// The terminal's size as last known (the view re-checks with the real size).
    public var size: Size
    public var editor: FieldEditor?
    public var overlay: Overlay?
    public var note: Note?
    /// A line for the terminal once the screen has closed (what a discard did on the portal).
    public var farewell: String?
    /// The locale labels are shown in (follows the screenlet after a switch).
    public var locale: PortalLocale
    /// Writes waiting in the offline queue (status line).
    public var pendingWrites: Int
    public var online: Bool
    /// Set once the program asked to quit (the runtime stops).
    public var quitting = false
    /// Ctrl-C asked to leave: the whole program quits, not only this form (see docs/screens.md "Keys").
    public var quitsProgram = false
    /// A submit was asked for and has not answered yet.
    public var submitRequested = false

    // The engine and the rows come last: equality (the runtime's "did the model change?" after
    // every key) then looks at what a key usually changes first, and at the large values only
    // when the rest is the same.
    public var rows = FormRows()
    /// The form's engine (`model.form.model` is the form's values).
    public var form: FormEngine

    /// A save is on its way.
    public var isSaving: Bool { submitRequested || form.isSubmitting }

    public init(form: FormEngine, size: Size, pendingWrites: Int, online: Bool) {
        self.form = form
        self.size = size
        self.locale = form.locale
        self.pendingWrites = pendingWrites
        self.online = online
    }

    /// The focused row, when there are rows.
    public var focusedRow: FormRow? { rows.isEmpty ? nil : rows[min(focus, rows.count - 1)] }
}
