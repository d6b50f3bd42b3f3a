import DDM
import TermUI

/// Cell renderers by cell name. Swift code registers renderers under the theme's names
/// (`DDLCustomField<FieldName>Cell`, `DDLField<Kind>Cell`); the most specific registered name
/// draws the field, else the built-in renderer of its kind. The cell's look (label position,
/// glyphs, styles) always comes from the theme's own resolution.
public struct FormCellRegistry: Sendable {
    private var renderers: [String: any FormCellRenderer] = [:]

    public init() {}

    /// Draws every cell named `name` with `renderer` from now on.
    public mutating func register(_ renderer: any FormCellRenderer, as name: String) {
        renderers[name] = renderer
    }

    /// Whether a renderer was registered under `name`.
    public func hasRenderer(named name: String) -> Bool { renderers[name] != nil }

    /// The renderer for `field`: registered under its custom name, then under its kind's name, then
    /// the built-in one.
    public func renderer(for field: DDMField) -> any FormCellRenderer {
        registered(for: field) ?? Self.builtIn(field)
    }

    /// The registered renderer for `field` (custom name first), or nil when the built-in one draws.
    public func registered(for field: DDMField) -> (any FormCellRenderer)? {
        guard !renderers.isEmpty else { return nil }
        return renderers[Self.customCellName(field.name)] ?? renderers[Self.kindCellName(field)]
    }

    /// `DDLCustomField<FieldName>Cell`.
    public static func customCellName(_ fieldName: String) -> String { "DDLCustomField\(fieldName)Cell" }

    /// `DDLField<Kind>Cell`: Boolean, Text, TextBox, Integer, Decimal, Date, Radio, Select,
    /// Document, Image, Geolocation, Unsupported.
    public static func kindCellName(_ field: DDMField) -> String { "DDLField\(kindName(field))Cell" }

    /// The kind part of a cell name (its built-in component's ``FieldComponent/kindName(_:)``).
    public static func kindName(_ field: DDMField) -> String {
        FieldComponentRegistry.builtIn(field).kindName(field)
    }

    /// The built-in renderer of a field's kind (its built-in component's cell).
    public static func builtIn(_ field: DDMField) -> any FormCellRenderer {
        FieldComponentRegistry.builtIn(field).cell
    }
}
