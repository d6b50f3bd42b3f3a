/// Command names bound to keys per context, with help text: the single source for key lookup, the
/// help line and the `?` overlay. Defaults in `KeyMap.defaults`; user overrides via
/// `applying(configuration:)`.
public struct KeyMap: Sendable, Equatable {
    public private(set) var bindings: [KeyBinding]
    private var lookup: [KeyContext: [KeyEvent: CommandName]] = [:]
    /// Help lines already computed for these bindings (screens ask for the same one every frame).
    var helpLines = HelpLineMemo()

    /// The key that always quits, whatever the configuration says.
    public static let alwaysQuitKey = KeyEvent.ctrl("c")

    public init(bindings: [KeyBinding]) {
        self.bindings = bindings
        rebuildLookup()
    }

    public static func == (lhs: KeyMap, rhs: KeyMap) -> Bool { lhs.bindings == rhs.bindings }

    /// This map plus the bindings of `other` for the (command, context) pairs it lacks: several
    /// screens' maps as one, so one user configuration overrides them all.
    public func merging(_ other: KeyMap) -> KeyMap {
        var seen = Set(bindings.map { "\($0.context.rawValue)\u{0}\($0.command.rawValue)" })
        var merged = bindings
        for binding in other.bindings where seen.insert("\(binding.context.rawValue)\u{0}\(binding.command.rawValue)").inserted {
            merged.append(binding)
        }
        return KeyMap(bindings: merged)
    }

    private mutating func rebuildLookup() {
        var table: [KeyContext: [KeyEvent: CommandName]] = [:]
        for binding in bindings {
            for key in binding.keys where table[binding.context]?[key] == nil {
                table[binding.context, default: [:]][key] = binding.command
            }
        }
        lookup = table
        helpLines = HelpLineMemo()
    }

    /// The command `event` triggers, searching `contexts` in order (most specific first).
    public func command(for event: KeyEvent, in contexts: [KeyContext]) -> CommandName? {
        for context in contexts {
            if let command = lookup[context]?[event] { return command }
        }
        return nil
    }

    /// The binding of `command` in `context`, if any.
    public func binding(_ command: CommandName, in context: KeyContext) -> KeyBinding? {
        bindings.first { $0.command == command && $0.context == context }
    }

    /// The keys of `command` in `context` (empty when unbound).
    public func keys(for command: CommandName, in context: KeyContext) -> [KeyEvent] {
        binding(command, in: context)?.keys ?? []
    }

    /// Every command name that has a binding somewhere.
    public var commands: Set<CommandName> { Set(bindings.map(\.command)) }

    /// Binds `command` to `keys` in `context`, or in every context where it is bound when `context`
    /// is nil. Throws (changing nothing) when the command is unknown there or a key is taken by
    /// another command in the same context, or when Ctrl-C would stop quitting.
    public mutating func rebind(_ command: CommandName, in context: KeyContext? = nil, to keys: [KeyEvent]) throws(KeyMapError) {
        let targets = bindings.indices.filter { bindings[$0].command == command && (context == nil || bindings[$0].context == context) }
        guard !targets.isEmpty else {
            if let context, commands.contains(command) { throw .notInContext(command, context) }
            throw .unknownCommand(command.rawValue)
        }
        var keys = keys
        if command == .forceQuit && !keys.contains(KeyMap.alwaysQuitKey) { keys.insert(KeyMap.alwaysQuitKey, at: 0) }
        if command != .forceQuit && keys.contains(KeyMap.alwaysQuitKey) { throw .reservedKey(KeyMap.alwaysQuitKey) }
        for target in targets {
            let targetContext = bindings[target].context
            for key in keys {
                if let other = bindings.first(where: { $0.context == targetContext && $0.command != command && $0.keys.contains(key) }) {
                    throw .keyTaken(key, by: other.command, in: targetContext)
                }
            }
        }
        for target in targets { bindings[target].keys = keys }
        rebuildLookup()
    }
}

/// Why a key map change was refused.
public enum KeyMapError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownCommand(String)
    case notInContext(CommandName, KeyContext)
    case unknownContext(String)
    case unknownKey(String)
    case keyTaken(KeyEvent, by: CommandName, in: KeyContext)
    case reservedKey(KeyEvent)
    case syntax(String)

    public var description: String {
        switch self {
        case .unknownCommand(let name): return "unknown command \"\(name)\""
        case .notInContext(let command, let context): return "command \"\(command)\" has no binding in \(context)"
        case .unknownContext(let name): return "unknown context \"\(name)\" (use global, form, editor or list)"
        case .unknownKey(let name): return "unknown key \"\(name)\""
        case .keyTaken(let key, let command, let context):
            return "\(key) is already bound to \"\(command)\" in \(context); unbind it first (\(command) = none)"
        case .reservedKey(let key): return "\(key) always quits and cannot be bound to anything else"
        case .syntax(let message): return message
        }
    }
}
