import TermUI

/// How one field cell looks: the theme's cell file for the field (`CellLayout`: label position
/// and width, text around the value, placeholder, value format, glyphs, part styles) with the
/// theme it belongs to. Resolved per field (see docs/form-screen.md).
public struct FormCellLook: Equatable, Sendable {
    public enum LabelPosition: String, Equatable, Sendable { case left, above, hidden }

    /// The cell's name as resolved (`DDLCustomFieldTitleCell`, `DDLFieldTextCell`, …).
    public var name: String {
        get { storage.name }
        set { storage = Storage(name: newValue, layout: layout, theme: theme) }
    }
    public var layout: CellLayout {
        get { storage.layout }
        set { storage = Storage(name: name, layout: newValue, theme: theme) }
    }
    public var theme: Theme {
        get { storage.theme }
        set { storage = Storage(name: name, layout: layout, theme: newValue) }
    }

    /// What the look is, behind one reference that a change replaces: views copy a row's look
    /// several times per frame, and inline (a name, a cell file's tables, a theme) a copy was a
    /// dozen reference counts through the runtime's generic value witnesses. The storage also
    /// keeps the part styles resolved so far (see `style(_:states:)`), which a change starts afresh.
    private final class Storage: Sendable {
        let name: String
        let layout: CellLayout
        let theme: Theme
        let styles = PartStyleMemo()

        init(name: String, layout: CellLayout, theme: Theme) {
            self.name = name
            self.layout = layout
            self.theme = theme
        }
    }

    private var storage: Storage

    public init(name: String, layout: CellLayout = CellLayout(), theme: Theme) {
        storage = Storage(name: name, layout: layout, theme: theme)
    }

    public static func == (lhs: FormCellLook, rhs: FormCellLook) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.name == rhs.name && lhs.layout == rhs.layout && lhs.theme == rhs.theme)
    }

    public var labelPosition: LabelPosition? {
        switch layout.labelPosition {
        case .left?: return .left
        case .above?: return .above
        case .hidden?: return .hidden
        case nil: return nil
        }
    }

    public var labelWidth: Int? { layout.labelWidth }
    public var labelSuffix: String { layout.labelSuffix ?? "" }
    public var prefix: String { layout.prefix ?? "" }
    public var suffix: String { layout.suffix ?? "" }
    public var placeholder: String { layout.placeholder ?? "" }

    /// The style of `part` (`label`, `value`, `placeholder`, `hint`, `error`, `marker`) in `states`:
    /// the cell's own, then the theme's `field.<part>` and `field` (see `CellLayout.style`).
    /// Resolved once per look and (part, states).
    public func style(_ part: String, states: [ComponentState]) -> Style {
        let storage = storage
        return storage.styles.style(part, states: states) { storage.layout.style(part, states: states, theme: storage.theme) }
    }

    /// The glyph `name`: the cell's, else the theme's, else `fallback`.
    public func glyph(_ name: String, fallback: String) -> String {
        layout.glyph(name, theme: theme, fallback: fallback)
    }

    /// The glyph `name` as a prefix, followed by one space (`✗ Name`, `▦ June`, `▤ A file`) in
    /// every theme; empty when the glyph is.
    public func prefix(_ name: String, fallback: String = "") -> String {
        let mark = glyph(name, fallback: fallback)
        return mark.isEmpty || mark.hasSuffix(" ") ? mark : mark + " "
    }

    /// The value text in the cell's value format (masked, upper case, …).
    public func formatted(_ value: String) -> String {
        (layout.valueFormat ?? .asIs).apply(to: value, mask: glyph("mask", fallback: "•"))
    }
}

/// Glyph names the form cells use (the theme's `[glyphs]`).
public enum FormGlyph {
    public static let checkboxOn = Theme.Glyph.checkboxOn
    public static let checkboxOff = Theme.Glyph.checkboxOff
    public static let radioOn = Theme.Glyph.radioOn
    public static let radioOff = Theme.Glyph.radioOff
    public static let selectArrow = Theme.Glyph.selectArrow
    public static let optionSelected = Theme.Glyph.optionSelected
    public static let optionUnselected = Theme.Glyph.optionUnselected
    public static let focusMarker = Theme.Glyph.focusMarker
    public static let dirtyMarker = Theme.Glyph.dirtyMarker
    public static let errorMarker = Theme.Glyph.errorMarker
    public static let requiredMarker = Theme.Glyph.requiredMarker
    public static let progressFull = Theme.Glyph.progressFull
    public static let progressEmpty = Theme.Glyph.progressEmpty
    public static let calendarIcon = Theme.Glyph.calendarIcon
    public static let documentIcon = Theme.Glyph.documentIcon
    public static let locationIcon = Theme.Glyph.locationIcon
    public static let readOnlyMarker = Theme.Glyph.readOnlyMarker
}
