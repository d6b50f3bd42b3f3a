/// Where a field cell draws its label.
public enum CellLabelPosition: String, Sendable, CaseIterable {
    /// On the same row, left of the value (in `labelWidth` columns).
    case left
    /// On its own row above the value.
    case above
    /// Not drawn.
    case hidden
}

/// How a cell shows its value text.
public enum CellValueFormat: String, Sendable, CaseIterable {
    /// Unchanged.
    case asIs = "as-is"
    case uppercase
    case lowercase
    /// Each word's first letter in upper case.
    case capitalized
    /// Every character drawn as the `mask` glyph (`•` when no theme names one): for secrets.
    case masked

    /// `value` in this format; `mask` replaces each character when masked.
    public func apply(to value: String, mask: String = "•") -> String {
        switch self {
        case .asIs: return value
        case .uppercase: return value.uppercased()
        case .lowercase: return value.lowercased()
        case .capitalized: return value.capitalizedWords()
        case .masked: return String(repeating: mask, count: value.count)
        }
    }
}

extension String {
    fileprivate func capitalizedWords() -> String {
        var result = ""
        var atWordStart = true
        for character in self {
            if character.isWhitespace {
                atWordStart = true
                result.append(character)
            } else if atWordStart {
                result += character.uppercased()
                atWordStart = false
            } else {
                result += character.lowercased()
            }
        }
        return result
    }
}

/// How one field cell looks, read from a cell file (docs/themes.md); nil properties mean
/// "the theme's default" (the form screen decides).
public struct CellLayout: Sendable, Equatable {
    public var labelPosition: CellLabelPosition?
    /// Columns for a left label; nil: the form decides.
    public var labelWidth: Int?
    /// Drawn right after the label, e.g. `":"`.
    public var labelSuffix: String?
    /// Drawn before the value, e.g. `"[ "`.
    public var prefix: String?
    /// Drawn after the value, e.g. `" ]"`.
    public var suffix: String?
    /// Shown (in the `placeholder` part's style) when the value is empty.
    public var placeholder: String?
    public var valueFormat: CellValueFormat?
    /// Overrides of theme glyphs inside this cell.
    public var glyphs: [String: String]
    /// Styles of the cell's parts (`label`, `value`, `placeholder`, `hint`, `error`, `marker`, …),
    /// each with or without a state.
    public var styles: [Theme.Key: Style]

    public init(labelPosition: CellLabelPosition? = nil, labelWidth: Int? = nil, labelSuffix: String? = nil,
                prefix: String? = nil, suffix: String? = nil, placeholder: String? = nil,
                valueFormat: CellValueFormat? = nil, glyphs: [String: String] = [:], styles: [Theme.Key: Style] = [:]) {
        self.labelPosition = labelPosition
        self.labelWidth = labelWidth
        self.labelSuffix = labelSuffix
        self.prefix = prefix
        self.suffix = suffix
        self.placeholder = placeholder
        self.valueFormat = valueFormat
        self.glyphs = glyphs
        self.styles = styles
    }

    /// Part names the shipped renderers style.
    public enum Part {
        public static let label = "label"
        public static let value = "value"
        public static let placeholder = "placeholder"
        public static let hint = "hint"
        public static let error = "error"
        public static let marker = "marker"
    }

    /// The style of `part` in `states` (most important first). The cell's parts act as children of
    /// the theme's `field.<part>`: for each state in order, the cell's `part:state`, then the theme's
    /// `field.<part>` and `field` in that state; then the same without state; then the theme's base.
    public func style(_ part: String, states: [ComponentState], theme: Theme) -> Style {
        for state in states {
            if let style = styles[Theme.Key(part, state)] { return style }
            if let style = theme.explicitStyle(for: "field.\(part)", state: state) { return style }
        }
        if let style = styles[Theme.Key(part)] { return style }
        return theme.style(for: "field.\(part)")
    }

    /// The glyph `name`: the cell's own, else the theme's, else `fallback`.
    public func glyph(_ name: String, theme: Theme, fallback: String) -> String {
        glyphs[name] ?? theme.glyph(name, fallback: fallback)
    }

    /// The text to draw for `value`: formatted, or the placeholder when empty (`isPlaceholder`).
    public func displayText(for value: String, theme: Theme) -> (text: String, isPlaceholder: Bool) {
        if value.isEmpty { return (placeholder ?? "", true) }
        let format = valueFormat ?? .asIs
        return (format.apply(to: value, mask: glyph(Theme.Glyph.mask, theme: theme, fallback: "•")), false)
    }

    /// A copy with every colour mapped to what a terminal of `depth` can show.
    public func adapted(to depth: ColorDepth) -> CellLayout {
        guard depth != .trueColor else { return self }
        var copy = self
        copy.styles = styles.mapValues { $0.downgraded(to: depth) }
        return copy
    }
}

extension Theme {
    /// The style set for `component` or a parent in exactly `state`, nil when none is.
    func explicitStyle(for component: String, state: ComponentState) -> Style? {
        let key = ResolvedStyles.Key(component: component, states: [state], explicit: true)
        if let known = memoized(key) { return known }
        let style = resolveExplicitStyle(for: component, state: state)
        remember(style, for: key)
        return style
    }

    private func resolveExplicitStyle(for component: String, state: ComponentState) -> Style? {
        var name = Substring(component)
        while true {
            if let style = styles[Key(String(name), state)] { return style }
            guard let dot = name.lastIndex(of: ".") else { return nil }
            name = name[..<dot]
        }
    }
}
