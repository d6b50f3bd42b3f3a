extension KeyMap {
    /// The built-in keys (see docs/tui.md for the table).
    public static let defaults: KeyMap = {
        let navigation = "Navigation"
        let editing = "Editing"
        let actions = "Actions"
        let general = "General"
        return KeyMap(bindings: [
            // Everywhere.
            KeyBinding(.forceQuit, in: .global, keys: [.ctrl("c")], help: "quit now", category: general),
            // Forms.
            KeyBinding(.nextField, in: .form, keys: [.tab, .down], help: "next field", category: navigation, helpPriority: 3),
            KeyBinding(.previousField, in: .form, keys: [.backTab, .up], help: "previous field", category: navigation, helpPriority: 8),
            KeyBinding(.activate, in: .form, keys: [.enter], help: "edit/toggle", category: editing, helpPriority: 2),
            KeyBinding(.toggle, in: .form, keys: [.space], help: "toggle", category: editing),
            KeyBinding(.pageDown, in: .form, keys: [.pageDown], help: "page down", category: navigation),
            KeyBinding(.pageUp, in: .form, keys: [.pageUp], help: "page up", category: navigation),
            KeyBinding(.first, in: .form, keys: [.home], help: "first field", category: navigation),
            KeyBinding(.last, in: .form, keys: [.end], help: "last field", category: navigation),
            KeyBinding(.submit, in: .form, keys: [.ctrl("s")], help: "submit", category: actions, helpPriority: 1),
            KeyBinding(.saveDraft, in: .form, keys: [.ctrl("d")], help: "save draft", category: actions, helpPriority: 5),
            KeyBinding(.back, in: .form, keys: [.escape], help: "back", category: navigation, helpPriority: 6),
            KeyBinding(.help, in: .form, keys: [.character("?")], help: "help", category: general, helpPriority: 0),
            KeyBinding(.quit, in: .form, keys: [.character("q")], help: "quit", category: general, helpPriority: 7),
            // A field editor is open.
            KeyBinding(.leaveEditor, in: .editor, keys: [.escape], help: "cancel edit", category: editing, helpPriority: 2),
            KeyBinding(.confirmEdit, in: .editor, keys: [.enter], help: "done", category: editing, helpPriority: 1),
            KeyBinding(.nextField, in: .editor, keys: [.tab], help: "next field", category: navigation, helpPriority: 4),
            KeyBinding(.previousField, in: .editor, keys: [.backTab], help: "previous field", category: navigation),
            KeyBinding(.submit, in: .editor, keys: [.ctrl("s")], help: "submit", category: actions, helpPriority: 3),
            // Lists and galleries.
            KeyBinding(.cursorDown, in: .list, keys: [.down], help: "down", category: navigation),
            KeyBinding(.cursorUp, in: .list, keys: [.up], help: "up", category: navigation),
            KeyBinding(.pageDown, in: .list, keys: [.pageDown], help: "page down", category: navigation),
            KeyBinding(.pageUp, in: .list, keys: [.pageUp], help: "page up", category: navigation),
            KeyBinding(.first, in: .list, keys: [.home], help: "first row", category: navigation),
            KeyBinding(.last, in: .list, keys: [.end], help: "last row", category: navigation),
            KeyBinding(.open, in: .list, keys: [.enter], help: "open", category: actions, helpPriority: 1),
            KeyBinding(.new, in: .list, keys: [.character("n")], help: "new", category: actions, helpPriority: 2),
            KeyBinding(.search, in: .list, keys: [.character("/")], help: "search", category: actions, helpPriority: 4),
            KeyBinding(.refresh, in: .list, keys: [.character("r"), .function(5), .ctrl("r")], help: "refresh", category: actions, helpPriority: 3),
            KeyBinding(.back, in: .list, keys: [.escape], help: "back", category: navigation, helpPriority: 7),
            KeyBinding(.upload, in: .list, keys: [.character("u")], help: "upload", category: actions, helpPriority: 5),
            KeyBinding(.delete, in: .list, keys: [.character("d")], help: "delete", category: actions, helpPriority: 6),
            KeyBinding(.help, in: .list, keys: [.character("?")], help: "help", category: general, helpPriority: 0),
            KeyBinding(.quit, in: .list, keys: [.character("q")], help: "quit", category: general, helpPriority: 8),
        ])
    }()
}
