/// Where a key binding applies. Screens look keys up in a list of contexts, most specific first,
/// e.g. `[.editor, .global]` while a field editor is open, `[.form, .global]` otherwise.
public struct KeyContext: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Everywhere (e.g. Ctrl-C quits).
    public static let global: KeyContext = "global"
    /// A form, no editor open.
    public static let form: KeyContext = "form"
    /// A field editor (text input) is open.
    public static let editor: KeyContext = "editor"
    /// A record list or gallery.
    public static let list: KeyContext = "list"

    public var description: String { rawValue }
}

/// The name of something a key can do, e.g. `submit`. Screens act on commands, never on keys.
public struct CommandName: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public static func < (lhs: CommandName, rhs: CommandName) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }
}

extension CommandName {
    public static let nextField: CommandName = "next-field"
    public static let previousField: CommandName = "previous-field"
    public static let activate: CommandName = "activate"
    public static let toggle: CommandName = "toggle"
    public static let pageDown: CommandName = "page-down"
    public static let pageUp: CommandName = "page-up"
    public static let first: CommandName = "first"
    public static let last: CommandName = "last"
    public static let submit: CommandName = "submit"
    public static let saveDraft: CommandName = "save-draft"
    public static let back: CommandName = "back"
    public static let help: CommandName = "help"
    public static let quit: CommandName = "quit"
    public static let forceQuit: CommandName = "force-quit"
    public static let leaveEditor: CommandName = "leave-editor"
    public static let confirmEdit: CommandName = "confirm-edit"
    public static let cursorDown: CommandName = "cursor-down"
    public static let cursorUp: CommandName = "cursor-up"
    public static let open: CommandName = "open"
    public static let new: CommandName = "new"
    public static let search: CommandName = "search"
    public static let refresh: CommandName = "refresh"
    public static let upload: CommandName = "upload"
    public static let delete: CommandName = "delete"
}
