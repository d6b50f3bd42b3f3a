import TermUI

/// How one field cell looks: where its label goes, the text around its value, its glyphs and the
/// styles of its parts. Resolved per field from the theme (see docs/form-screen.md).
public struct FormCellLook: Equatable, Sendable {
    public enum LabelPosition: String, Equatable, Sendable { case left, above, hidden }

    /// The cell's name as resolved (`DDLCustomFieldTitleCell`, `DDLFieldTextCell`, …).
    public var name: String
    public var labelPosition: LabelPosition?
    public var labelWidth: Int?
    public var labelSuffix: String
    public var prefix: String
    public var suffix: String
    public var placeholder: String
    public var glyphs: [String: String]
    /// The cell's own part styles (`value`, `label`, …, optionally per state).
    public var styles: [Theme.Key: Style]
    public var theme: Theme

    public init(name: String, theme: Theme, labelPosition: LabelPosition? = nil, labelWidth: Int? = nil,
                labelSuffix: String = "", prefix: String = "", suffix: String = "", placeholder: String = "",
                glyphs: [String: String] = [:], styles: [Theme.Key: Style] = [:]) {
        self.name = name
        self.theme = theme
        self.labelPosition = labelPosition
        self.labelWidth = labelWidth
        self.labelSuffix = labelSuffix
        self.prefix = prefix
        self.suffix = suffix
        self.placeholder = placeholder
        self.glyphs = glyphs
        self.styles = styles
    }

    /// The style of `part` (`label`, `value`, `placeholder`, `hint`, `error`, `marker`) in `states`:
    /// the cell's own `part` in each state, then the theme's `field.<part>` in that state; then
    /// without state; then the theme's base.
    public func style(_ part: String, states: [ComponentState]) -> Style {
        for state in states {
            if let style = styles[Theme.Key(part, state)] { return style }
            if let style = theme.styles[Theme.Key("field.\(part)", state)] ?? theme.styles[Theme.Key("field", state)] { return style }
        }
        if let style = styles[Theme.Key(part)] { return style }
        return theme.style(for: "field.\(part)")
    }

    /// The glyph `name`: the cell's, else `fallback`.
    public func glyph(_ name: String, fallback: String) -> String {
        glyphs[name] ?? fallback
    }
}

/// Glyph names the form cells use.
public enum FormGlyph {
    public static let checkboxOn = "checkbox.on"
    public static let checkboxOff = "checkbox.off"
    public static let radioOn = "radio.on"
    public static let radioOff = "radio.off"
    public static let selectArrow = "select.arrow"
    public static let optionSelected = "option.selected"
    public static let optionUnselected = "option.unselected"
    public static let focusMarker = "focus.marker"
    public static let dirtyMarker = "dirty.marker"
    public static let errorMarker = "error.marker"
    public static let requiredMarker = "required.marker"
    public static let progressFull = "progress.full"
    public static let progressEmpty = "progress.empty"
    public static let calendarIcon = "date.icon"
    public static let documentIcon = "document.icon"
    public static let locationIcon = "geolocation.icon"
    public static let readOnlyMarker = "readonly.marker"
}
