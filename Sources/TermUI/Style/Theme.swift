/// Named component styles per state, with fallback, e.g. `"field.label"` focused.
///
/// `style(for:states:)` resolves, first match wins:
/// 1. for each state given (in order), the component then its parents (`"field.label"` → `"field"`)
///    with that state;
/// 2. the component then its parents without a state;
/// 3. the theme's `base` style.
/// So a theme defines broad looks (`"field" focused`) and refines where it wants
/// (`"field.error"`). Constructible in code; a theme file format comes with the form screen.
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
    public var base: Style
    /// The entries, as set with `set(_:for:state:)`.
    public private(set) var styles: [Key: Style]

    public init(name: String, base: Style = .plain, styles: [Key: Style] = [:]) {
        self.name = name
        self.base = base
        self.styles = styles
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

extension Theme {
    /// Component names the core widgets use.
    public enum Component {
        public static let title = "title"
        public static let border = "border"
        public static let statusLine = "status"
        public static let helpKey = "help.key"
        public static let helpLabel = "help.label"
        public static let fieldLabel = "field.label"
        public static let fieldValue = "field.value"
        public static let fieldError = "field.error"
        public static let listRow = "list.row"
        public static let listHeader = "list.header"
        public static let overlay = "overlay"
    }

    /// The default theme: 16 standard colours plus a 256-colour accent; adapt it to the terminal.
    public static let standard: Theme = {
        var theme = Theme(name: "default")
        theme.set(Style(foreground: .brightWhite, attributes: .bold), for: Component.title)
        theme.set(Style(foreground: .brightBlack), for: Component.border)
        theme.set(Style(foreground: .cyan), for: Component.border, state: .focused)
        theme.set(Style(foreground: .black, background: .white), for: Component.statusLine)
        theme.set(Style(foreground: .cyan, attributes: .bold), for: Component.helpKey)
        theme.set(Style(foreground: .brightBlack), for: Component.helpLabel)
        theme.set(Style(attributes: .bold), for: "field")
        theme.set(Style(foreground: .black, background: .indexed(117)), for: "field", state: .focused)
        theme.set(Style(foreground: .brightBlack), for: "field", state: .disabled)
        theme.set(Style(foreground: .yellow), for: "field", state: .dirty)
        theme.set(Style(foreground: .red), for: Component.fieldError)
        theme.set(Style(foreground: .red, attributes: .bold), for: "field", state: .error)
        theme.set(Style(), for: Component.fieldValue)
        theme.set(Style(foreground: .black, background: .indexed(117)), for: Component.listRow, state: .focused)
        theme.set(Style(foreground: .brightBlack, attributes: .italic), for: Component.listRow, state: .stale)
        theme.set(Style(foreground: .yellow), for: Component.listRow, state: .dirty)
        theme.set(Style(attributes: [.bold, .underline]), for: Component.listHeader)
        theme.set(Style(foreground: .white, background: .black), for: Component.overlay)
        return theme
    }()

    /// A theme for terminals without colour (and `NO_COLOR`): attributes only.
    public static let monochrome: Theme = {
        var theme = Theme(name: "monochrome")
        theme.set(Style(attributes: .bold), for: Component.title)
        theme.set(Style(attributes: .reverse), for: Component.statusLine)
        theme.set(Style(attributes: .bold), for: Component.helpKey)
        theme.set(Style(), for: Component.helpLabel)
        theme.set(Style(attributes: .bold), for: "field")
        theme.set(Style(attributes: .reverse), for: "field", state: .focused)
        theme.set(Style(attributes: .dim), for: "field", state: .disabled)
        theme.set(Style(attributes: .underline), for: Component.fieldError)
        theme.set(Style(attributes: [.bold, .underline]), for: "field", state: .error)
        theme.set(Style(attributes: .italic), for: "field", state: .dirty)
        theme.set(Style(), for: Component.fieldValue)
        theme.set(Style(attributes: .reverse), for: Component.listRow, state: .focused)
        theme.set(Style(attributes: .dim), for: Component.listRow, state: .stale)
        theme.set(Style(attributes: .italic), for: Component.listRow, state: .dirty)
        theme.set(Style(attributes: [.bold, .underline]), for: Component.listHeader)
        return theme
    }()
}
