/// Text forms of key events: a stable one for configuration files and tests (`ctrl+s`, `shift+tab`,
/// `pgdn`, `f5`, `?`), a compact one for help lines (`↑`, `^S`), and the parser for both spellings
/// users write (`ctrl-s`, `C-s`, `Ctrl+S`, `page-down`, `return`).
extension KeyEvent: CustomStringConvertible {
    /// The stable name, e.g. `ctrl+s`, `alt+x`, `shift+up`, `space`, `?`.
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("ctrl") }
        if modifiers.contains(.alt) { parts.append("alt") }
        if modifiers.contains(.shift) { parts.append("shift") }
        parts.append(KeyEvent.name(of: key))
        return parts.joined(separator: "+")
    }

    /// A short name for help lines: arrows as `↑↓←→`, otherwise the stable name.
    public var displayName: String {
        guard modifiers.isEmpty else { return description }
        switch key {
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        default: return description
        }
    }

    static func name(of key: Key) -> String {
        switch key {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .enter: return "enter"
        case .tab: return "tab"
        case .backTab: return "shift+tab"
        case .backspace: return "backspace"
        case .escape: return "esc"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        case .insert: return "insert"
        case .delete: return "delete"
        case .function(let number): return "f\(number)"
        }
    }

    private static let namedKeys: [String: Key] = [
        "space": .character(" "), "spc": .character(" "),
        "enter": .enter, "return": .enter, "ret": .enter,
        "tab": .tab, "backtab": .backTab, "btab": .backTab,
        "backspace": .backspace, "bs": .backspace, "bksp": .backspace,
        "esc": .escape, "escape": .escape,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "home": .home, "end": .end,
        "pgup": .pageUp, "pageup": .pageUp, "page-up": .pageUp, "prior": .pageUp,
        "pgdn": .pageDown, "pgdown": .pageDown, "pagedown": .pageDown, "page-down": .pageDown, "next": .pageDown,
        "insert": .insert, "ins": .insert, "delete": .delete, "del": .delete,
        "minus": .character("-"), "plus": .character("+"), "comma": .character(","), "equals": .character("="),
    ]

    private static let modifierNames: [String: KeyModifiers] = [
        "ctrl": .control, "control": .control, "c": .control,
        "alt": .alt, "meta": .alt, "option": .alt, "m": .alt,
        "shift": .shift, "s": .shift,
    ]

    /// Parses a key name: optional modifiers joined by `+` or `-` (`ctrl`, `control`, `C`, `alt`,
    /// `meta`, `M`, `shift`), then a key: a single character (case kept: `N` is not `n`), a named key
    /// (`enter`, `tab`, `esc`, `up`, `pgdn`/`page-down`, `space`, `f1`…`f24`, …, case-insensitive).
    /// Returns nil for anything else. `shift+tab` gives Shift-Tab; `ctrl+S` is `ctrl+s`.
    public init?(parsing text: String) {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { return nil }
        if trimmed.count == 1, let only = trimmed.first {
            self.init(.character(only))
            return
        }
        var modifiers: KeyModifiers = []
        var rest = Substring(trimmed)
        // Peel modifiers: "<mod>+" or "<mod>-" prefixes, as long as something follows.
        while let separator = rest.firstIndex(where: { $0 == "+" || $0 == "-" }), separator != rest.startIndex {
            let name = rest[..<separator].lowercased()
            let afterSeparator = rest.index(after: separator)
            guard let modifier = KeyEvent.modifierNames[name], afterSeparator < rest.endIndex else { break }
            modifiers.insert(modifier)
            rest = rest[afterSeparator...]
        }
        let keyName = String(rest)
        if keyName.count == 1, let only = keyName.first {
            self.init(.character(only), modifiers: modifiers)
            return
        }
        let lowered = keyName.lowercased()
        if lowered == "shift+tab" || lowered == "shift-tab" { self.init(.backTab, modifiers: modifiers); return }
        if let key = KeyEvent.namedKeys[lowered] {
            self.init(key, modifiers: modifiers)
            return
        }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...24).contains(number) {
            self.init(.function(number), modifiers: modifiers)
            return
        }
        return nil
    }
}

extension String {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
