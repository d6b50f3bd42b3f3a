import Synchronization

/// One entry of a help line: a key and what it does.
public struct HelpItem: Hashable, Sendable {
    public var key: String
    public var label: String
    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }
    /// Columns the item takes: key, a space, label.
    public var width: Int { key.displayWidth + 1 + label.displayWidth }
}

/// One line of the `?` overlay: every key of a command, its help text and the command's name
/// (what a keys file rebinds: `activate = enter, f2`).
public struct HelpEntry: Hashable, Sendable {
    /// The keys, e.g. `tab, ↓`.
    public var keys: String
    public var help: String
    /// The command's name, e.g. `next-field`; `nil` when not shown.
    public var command: String?
    public init(keys: String, help: String, command: String? = nil) {
        self.keys = keys
        self.help = help
        self.command = command
    }

    /// The help text, followed by the command's name in brackets when it says something else
    /// (`edit/toggle [activate]`; `submit` alone when the name is the help).
    public var text: String {
        guard let command, command != help else { return help }
        return help + " [" + command + "]"
    }
}

/// A heading of the `?` overlay with its entries.
public struct HelpSection: Hashable, Sendable {
    public var title: String
    public var entries: [HelpEntry]
    public init(title: String, entries: [HelpEntry]) {
        self.title = title
        self.entries = entries
    }
}

extension KeyMap {
    /// Separator between help line items.
    public static let helpSeparator = "  "

    /// The most important commands of `contexts` that fit in `width` columns, by help priority.
    /// The help command (`?`), when bound, is kept at the end whenever it fits, so users can always
    /// find the full list. A command shadowed by a more specific context is listed once.
    public func helpLine(for contexts: [KeyContext], width: Int) -> [HelpItem] {
        let key = HelpLineMemo.Key(contexts: contexts, width: width)
        if let known = helpLines.lookup(key) { return known }
        let line = computeHelpLine(for: contexts, width: width)
        helpLines.store(line, for: key)
        return line
    }

    private func computeHelpLine(for contexts: [KeyContext], width: Int) -> [HelpItem] {
        var seen = Set<CommandName>()
        var candidates: [(priority: Int, order: Int, binding: KeyBinding)] = []
        var order = 0
        for context in contexts {
            for binding in bindings where binding.context == context && !binding.keys.isEmpty {
                guard let priority = binding.helpPriority, !seen.contains(binding.command) else { continue }
                // Skip when the first key is taken by a more specific context.
                guard command(for: binding.keys[0], in: contexts) == binding.command else { continue }
                seen.insert(binding.command)
                candidates.append((priority, order, binding))
                order += 1
            }
        }
        candidates.sort { ($0.priority, $0.order) < ($1.priority, $1.order) }
        let items = candidates.map { HelpItem(key: $0.binding.keys[0].displayName, label: $0.binding.help) }
        let helpItem = candidates.first { $0.binding.command == .help }.map { HelpItem(key: $0.binding.keys[0].displayName, label: $0.binding.help) }
        let separator = KeyMap.helpSeparator.displayWidth
        let helpRoom = helpItem.map { separator + $0.width } ?? 0
        var chosen: [HelpItem] = []
        var used = 0
        for item in items where item != helpItem {
            let cost = (chosen.isEmpty ? 0 : separator) + item.width
            if used + cost + helpRoom > width { break }
            chosen.append(item)
            used += cost
        }
        if let helpItem {
            let cost = (chosen.isEmpty ? 0 : separator) + helpItem.width
            if used + cost <= width { chosen.append(helpItem) }
        }
        return chosen
    }

    /// The help line as plain text (items joined by two spaces).
    public func helpLineText(for contexts: [KeyContext], width: Int) -> String {
        helpLine(for: contexts, width: width).map { "\($0.key) \($0.label)" }.joined(separator: KeyMap.helpSeparator)
    }

    /// Every bound command of `contexts`, grouped by category in first-seen order, each entry with
    /// all its keys (`tab, ↓`). Commands shadowed in a more specific context are listed once.
    public func helpSections(for contexts: [KeyContext]) -> [HelpSection] {
        var sections: [HelpSection] = []
        var seen = Set<CommandName>()
        for context in contexts {
            for binding in bindings where binding.context == context && !binding.keys.isEmpty && !seen.contains(binding.command) {
                let reachable = binding.keys.filter { command(for: $0, in: contexts) == binding.command }
                guard !reachable.isEmpty else { continue }
                seen.insert(binding.command)
                let entry = HelpEntry(
                    keys: reachable.map(\.displayName).joined(separator: ", "), help: binding.help, command: binding.command.rawValue)
                if let index = sections.firstIndex(where: { $0.title == binding.category }) {
                    sections[index].entries.append(entry)
                } else {
                    sections.append(HelpSection(title: binding.category, entries: [entry]))
                }
            }
        }
        return sections
    }
}

/// A key map's memo of help lines by contexts and width: a reference shared by copies of the map
/// until one of them changes its bindings (then that copy gets a new, empty memo).
final class HelpLineMemo: Sendable {
    struct Key: Hashable, Sendable {
        var contexts: [KeyContext]
        var width: Int
    }

    private let table = Mutex<[Key: [HelpItem]]>([:])

    func lookup(_ key: Key) -> [HelpItem]? {
        table.withLock { $0[key] }
    }

    func store(_ line: [HelpItem], for key: Key) {
        table.withLock { table in
            // Screens ask for a handful of context lists and widths; the cap bounds a misuse.
            if table.count >= 256 { table.removeAll(keepingCapacity: true) }
            table[key] = line
        }
    }
}
