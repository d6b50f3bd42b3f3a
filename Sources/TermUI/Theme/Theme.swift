import Synchronization

/// Named component styles per state, with fallback, e.g. `"field.label"` focused.
///
/// `style(for:states:)` resolves, first match wins:
/// 1. for each state given (in order), the component then its parents (`"field.label"` → `"field"`)
///    with that state;
/// 2. the component then its parents without a state;
/// 3. the theme's `base` style.
/// So a theme defines broad looks (`"field" focused`) and refines where it wants
/// (`"field.error"`). Themes are usually read from theme files (`ThemeLibrary`, docs/themes.md);
/// they are also constructible in code.
public struct Theme: Sendable, Equatable {
    /// A component name and an optional state: what a theme entry styles.
    public struct Key: Hashable, Sendable {
        public var component: String
        public var state: ComponentState?
        public init(_ component: String, _ state: ComponentState? = nil) {
            self.component = component
            self.state = state
        }
    }

    public var name: String
    /// The style of anything the theme does not name.
    public var base: Style {
        didSet { resolved = ResolvedStyles() }
    }
    /// The entries, as set with `set(_:for:state:)`.
    public private(set) var styles: [Key: Style] {
        didSet { resolved = ResolvedStyles() }
    }
    /// Styles already resolved (screens ask for the same few every frame); emptied whenever
    /// `base` or `styles` change, and never part of equality.
    private var resolved = ResolvedStyles()

    /// The memo of `key`, when resolved already (for lookups defined elsewhere in TermUI).
    func memoized(_ key: ResolvedStyles.Key) -> Style?? { resolved.lookup(key) }

    /// Remembers what `key` resolved to.
    func remember(_ style: Style?, for key: ResolvedStyles.Key) { resolved.store(style, for: key) }
    /// Named glyphs (`"checkbox.on"`: `"[x]"`); see `glyph(_:fallback:)` and `Theme.Glyph`.
    public var glyphs: [String: String]

    public init(name: String, base: Style = .plain, styles: [Key: Style] = [:], glyphs: [String: String] = [:]) {
        self.name = name
        self.base = base
        self.styles = styles
        self.glyphs = glyphs
    }

    /// Sets the style of `component` in `state` (nil: in any state).
    public mutating func set(_ style: Style, for component: String, state: ComponentState? = nil) {
        styles[Key(component, state)] = style
    }

    /// A copy with the style of `component` in `state` set.
    public func setting(_ style: Style, for component: String, state: ComponentState? = nil) -> Theme {
        var copy = self
        copy.set(style, for: component, state: state)
        return copy
    }

    /// The style for `component` drawn in `states` (most important first); see the type's doc.
    public func style(for component: String, states: [ComponentState] = []) -> Style {
        let key = ResolvedStyles.Key(component: component, states: states, explicit: false)
        if let known = resolved.lookup(key) { return known ?? base }
        let style = resolveStyle(for: component, states: states)
        resolved.store(style, for: key)
        return style
    }

    private func resolveStyle(for component: String, states: [ComponentState]) -> Style {
        for state in states {
            var name = Substring(component)
            while true {
                if let style = styles[Key(String(name), state)] { return style }
                guard let dot = name.lastIndex(of: ".") else { break }
                name = name[..<dot]
            }
        }
        var name = Substring(component)
        while true {
            if let style = styles[Key(String(name))] { return style }
            guard let dot = name.lastIndex(of: ".") else { break }
            name = name[..<dot]
        }
        return base
    }

    /// The style for `component` in one state.
    public func style(for component: String, state: ComponentState) -> Style {
        style(for: component, states: [state])
    }

    /// This theme with every colour mapped to what a terminal of `depth` can show.
    public func adapted(to depth: ColorDepth) -> Theme {
        guard depth != .trueColor else { return self }
        var copy = self
        copy.base = base.downgraded(to: depth)
        copy.styles = styles.mapValues { $0.downgraded(to: depth) }
        return copy
    }
}


/// A theme's memo of resolved styles: a reference shared by copies of the theme until one of
/// them changes its styles (then that copy gets a new, empty memo).
final class ResolvedStyles: Sendable, Equatable {
    struct Key: Hashable, Sendable {
        var component: String
        var states: [ComponentState]
        /// `explicitStyle(for:state:)` (no parents without state, no base) rather than `style(for:states:)`.
        var explicit: Bool
    }

    private let table = Mutex<[Key: Style?]>([:])

    /// The memo of a lookup: nil when not resolved yet; `.some(nil)` when resolved to nothing.
    func lookup(_ key: Key) -> Style?? {
        table.withLock { $0[key] }
    }

    func store(_ style: Style?, for key: Key) {
        table.withLock { table in
            // A theme asks for a bounded set of names; the cap keeps a misuse from growing it forever.
            if table.count >= 4096 { table.removeAll(keepingCapacity: true) }
            table[key] = .some(style)
        }
    }

    /// Memos never make two themes differ.
    static func == (lhs: ResolvedStyles, rhs: ResolvedStyles) -> Bool { true }
}
