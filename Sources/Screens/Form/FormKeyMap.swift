import TermUI

extension KeyContext {
    /// The multi-line text box editor is open (Enter starts a new line).
    public static let textBox: KeyContext = "textbox"
    /// A pop-up list of options (select, radio) is open.
    public static let popup: KeyContext = "popup"
    /// The calendar picker is open.
    public static let calendar: KeyContext = "calendar"
    /// The document path prompt is open (Tab completes).
    public static let pathPrompt: KeyContext = "path"
    /// The unsaved-changes prompt is open.
    public static let quitPrompt: KeyContext = "quit-prompt"
    /// The focused field's file is being uploaded (its upload can be cancelled).
    public static let formUpload: KeyContext = "form-upload"
}

extension CommandName {
    public static let addInstance: CommandName = "add-instance"
    public static let removeInstance: CommandName = "remove-instance"
    public static let switchLocale: CommandName = "switch-locale"
    public static let openPicker: CommandName = "open-picker"
    public static let insertNewline: CommandName = "insert-newline"
    public static let complete: CommandName = "complete"
    public static let dayPrevious: CommandName = "day-previous"
    public static let dayNext: CommandName = "day-next"
    public static let weekPrevious: CommandName = "week-previous"
    public static let weekNext: CommandName = "week-next"
    public static let monthPrevious: CommandName = "month-previous"
    public static let monthNext: CommandName = "month-next"
    public static let keepEditing: CommandName = "keep-editing"
    public static let discardAndQuit: CommandName = "discard-and-quit"
    public static let cancelUpload: CommandName = "cancel-upload"
}

extension KeyMap {
    /// The form screen's keys: TermUI's defaults plus repetitions, the locale switch, the
    /// pickers, the text box, and the unsaved-changes prompt. Users override them like any other
    /// binding (`form.add-instance = ctrl+n`).
    public static let formScreen: KeyMap = {
        let editing = "Editing"
        let actions = "Actions"
        let general = "General"
        let picker = "Pickers"
        var bindings = KeyMap.defaults.bindings
        bindings += [
            KeyBinding(.addInstance, in: .form, keys: [.character("+")], help: "add a repetition", category: editing),
            KeyBinding(.removeInstance, in: .form, keys: [.character("-")], help: "remove this repetition", category: editing),
            KeyBinding(.switchLocale, in: .form, keys: [.character("l")], help: "switch language", category: general),
            KeyBinding(.openPicker, in: .editor, keys: [.ctrl("p")], help: "calendar (dates)", category: picker),
            KeyBinding(.insertNewline, in: .textBox, keys: [.enter], help: "new line", category: editing, helpPriority: 1),
            KeyBinding(.confirmEdit, in: .textBox, keys: [KeyEvent(.enter, modifiers: .alt), .ctrl("o")], help: "done", category: editing, helpPriority: 0),
            KeyBinding(.complete, in: .pathPrompt, keys: [.tab], help: "complete the path", category: editing, helpPriority: 0),
            KeyBinding(.cursorDown, in: .popup, keys: [.down, .tab], help: "next option", category: picker, helpPriority: 3),
            KeyBinding(.cursorUp, in: .popup, keys: [.up, .backTab], help: "previous option", category: picker),
            KeyBinding(.toggle, in: .popup, keys: [.space], help: "select/unselect", category: picker, helpPriority: 2),
            KeyBinding(.confirmEdit, in: .popup, keys: [.enter], help: "done", category: picker, helpPriority: 1),
            KeyBinding(.leaveEditor, in: .popup, keys: [.escape], help: "cancel", category: picker, helpPriority: 4),
            KeyBinding(.dayPrevious, in: .calendar, keys: [.left], help: "previous day", category: picker),
            KeyBinding(.dayNext, in: .calendar, keys: [.right], help: "next day", category: picker),
            KeyBinding(.weekPrevious, in: .calendar, keys: [.up], help: "previous week", category: picker),
            KeyBinding(.weekNext, in: .calendar, keys: [.down], help: "next week", category: picker),
            KeyBinding(.monthPrevious, in: .calendar, keys: [.pageUp], help: "previous month", category: picker, helpPriority: 3),
            KeyBinding(.monthNext, in: .calendar, keys: [.pageDown], help: "next month", category: picker, helpPriority: 2),
            KeyBinding(.confirmEdit, in: .calendar, keys: [.enter, .space], help: "choose", category: picker, helpPriority: 1),
            KeyBinding(.leaveEditor, in: .calendar, keys: [.escape], help: "cancel", category: picker, helpPriority: 4),
            KeyBinding(.discardAndQuit, in: .quitPrompt, keys: [.character("d")], help: "discard and quit", category: actions, helpPriority: 1),
            KeyBinding(.cancelUpload, in: .formUpload, keys: [.character("x")], help: "cancel upload", category: actions, helpPriority: 0),
            KeyBinding(.keepEditing, in: .quitPrompt, keys: [.character("k"), .escape], help: "keep editing", category: actions, helpPriority: 2),
        ]
        return KeyMap(bindings: bindings)
    }()
}

extension KeyMap {
    /// The keys of a local form (the settings): the same, but Ctrl-S "saves" and there are no drafts.
    public func forLocalForm() -> KeyMap {
        KeyMap(bindings: bindings.compactMap { binding in
            guard binding.command != .saveDraft else { return nil }
            var binding = binding
            if binding.command == .submit { binding.help = "save" }
            return binding
        })
    }
}
