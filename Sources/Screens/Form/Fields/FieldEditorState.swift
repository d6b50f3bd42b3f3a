import DDM
import Screenlets
import TermUI

/// The state of an open field editor (a ``FieldEditor``'s): what its keys are called in, how it
/// is drawn (in the field's rows, or as a pop-up next to them) and what a key does to it. The
/// built-in ones are ``LineEditor``, ``TextBoxEditor``, ``OptionPicker``, ``CalendarPicker`` and
/// ``PathPrompt``; a custom ``FieldComponent`` may bring its own.
///
/// A state only reports what a key asked for (``FieldEditorInput``); the field's component turns
/// that into a value, so one state serves several kinds (the line editor types text, numbers,
/// dates and locations).
public protocol FieldEditorState: Equatable, Sendable {
    /// The key contexts while it is open, most specific first (e.g. `[.editor, .global]`).
    var contexts: [KeyContext] { get }
    /// Whether it is drawn in place of the value (else as a pop-up; the value stays visible).
    var isDrawnInPlace: Bool { get }
    /// Rows it takes in the field's value area when drawn in place; nil: the cell's own height.
    var rowsInPlace: Int? { get }
    /// A line for the message area while it is open (e.g. path completion candidates).
    var noteLine: String? { get }
    /// Handles a key: `command` is what the form's key map made of it in ``contexts``.
    mutating func handle(_ command: CommandName?, _ key: KeyEvent, _ context: FieldEditContext) -> FieldEditorInput
    /// Takes pasted text; false when it takes none (pickers).
    mutating func paste(_ text: String) -> Bool
    /// Draws it in place of the value (called when ``isDrawnInPlace``).
    func drawInPlace(_ drawing: FieldEditorDrawing, into grid: inout Grid)
    /// Draws it as a pop-up over the form (called when not ``isDrawnInPlace``).
    func drawPopup(_ popup: FieldPopupDrawing, into grid: inout Grid)
}

extension FieldEditorState {
    public var isDrawnInPlace: Bool { true }
    public var rowsInPlace: Int? { nil }
    public var noteLine: String? { nil }
    public mutating func paste(_ text: String) -> Bool { false }
    public func drawInPlace(_ drawing: FieldEditorDrawing, into grid: inout Grid) {}
    public func drawPopup(_ popup: FieldPopupDrawing, into grid: inout Grid) {}

    /// Whether `other` is the same state (the form's model compares editors).
    public func isEqual(to other: any FieldEditorState) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// What a key asked of an editor's state, for its field's component to decide.
public enum FieldEditorInput: Equatable, Sendable {
    /// Not a key for this editor: nothing changed.
    case ignored
    /// The state changed (typing, moving a cursor); `clearsError` drops the refused text's message.
    case changed(clearsError: Bool)
    /// Text was confirmed (Enter, Tab, Shift-Tab, Ctrl-S): the component reads it.
    case typed(String, then: FieldEditorExit)
    /// A value was chosen in a picker (Enter).
    case chosen(FieldValue?)
    /// The picker key on typed text (a date field opens its calendar on it).
    case pickerAsked(String)
    /// Completion of the typed path (Tab in the path prompt).
    case completionAsked(String)
}

/// What a field's editor decided after a key (``FieldComponent/handleEditorKey(_:_:editor:_:)``).
public enum FieldEditOutcome: Equatable, Sendable {
    /// Not a key for this editor: nothing changes.
    case ignored
    /// The editor stays open, as the component left it (typed text, a refusal message, another state).
    case keepEditing
    /// The editor closes and the field takes `value` (the screen sends it to the screenlet), then `then`.
    case commit(FieldValue?, then: FieldEditorExit)
    /// The editor closes and the value stays as it was, then `then`.
    case cancel(then: FieldEditorExit)
    /// The screen's own work (it needs I/O); the editor stays open.
    case request(FieldEditorRequest)
}

/// Where the focus goes once an editor closes.
public enum FieldEditorExit: Equatable, Sendable {
    case stay
    case nextField
    case previousField
    /// The form is submitted.
    case submit
}

/// Work only the screen can do for an editor.
public enum FieldEditorRequest: Equatable, Sendable {
    /// Search the related object for these words (a relationship field).
    case searchRelated(String)
    /// Complete this path on the file system (a document field).
    case completePath(String)
}

/// What an open editor is told about its field when a key comes.
public struct FieldEditContext: Sendable {
    public let field: DDMField
    public let key: FormFieldKey
    /// The field's value in the form now (before this editor's).
    public let value: FieldValue?
    public let locale: PortalLocale
    /// Today, for calendars.
    public let today: CalendarDate
    /// Where relative document paths start.
    public let workingDirectory: String
    /// The columns a multi-line editor wraps at.
    public let width: Int

    public init(field: DDMField, key: FormFieldKey, value: FieldValue?, locale: PortalLocale, today: CalendarDate,
                workingDirectory: String = "/", width: Int = 40) {
        self.field = field
        self.key = key
        self.value = value
        self.locale = locale
        self.today = today
        self.workingDirectory = workingDirectory
        self.width = width
    }
}

/// Where and how an editor is drawn in place of a field's value.
public struct FieldEditorDrawing: Sendable {
    public let field: DDMField
    public let look: FormCellLook
    public let locale: PortalLocale
    /// The value area (its first row is the field's value line).
    public let rect: Rect
    /// What may be drawn on (the form's body).
    public let clip: Rect
    /// What an empty line editor shows (the component's ``FieldComponent/editorPlaceholder(_:locale:)``).
    public let placeholder: String

    public init(field: DDMField, look: FormCellLook, locale: PortalLocale, rect: Rect, clip: Rect, placeholder: String) {
        self.field = field
        self.look = look
        self.locale = locale
        self.rect = rect
        self.clip = clip
        self.placeholder = placeholder
    }

    /// The style of the value being edited.
    public var style: Style { look.style("value", states: [.focused]) }
}

/// Where a pop-up editor goes: next to the focused row, inside the screen.
public struct FieldPopupDrawing: Sendable {
    public let theme: Theme
    public let locale: PortalLocale
    public let screen: Size
    /// The focused row's top line.
    public let rowY: Int
    /// The pop-up's preferred left column.
    public let x: Int

    public init(theme: Theme, locale: PortalLocale, screen: Size, rowY: Int, x: Int) {
        self.theme = theme
        self.locale = locale
        self.screen = screen
        self.rowY = rowY
        self.x = x
    }

    /// A rectangle of `size` under the row when it fits, else above it, inside the screen.
    public func placed(_ size: Size) -> Rect {
        let width = min(size.width, screen.width)
        let height = min(size.height, screen.height)
        var y = rowY + 1
        if y + height > screen.height { y = max(0, rowY - height) }
        if y + height > screen.height { y = max(0, screen.height - height) }
        return Rect(x: min(x, max(0, screen.width - width)), y: y, width: width, height: height)
    }
}
