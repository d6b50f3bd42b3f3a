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

    /// The kind part of a cell name.
    public static func kindName(_ field: DDMField) -> String {
        switch field.kind {
        case .boolean: return "Boolean"
        case .string: return field.editor == "textarea" ? "TextBox" : "Text"
        case .options: return field.editor == "radio" ? "Radio" : "Select"
        case .date: return "Date"
        case .integer: return "Integer"
        case .decimal: return "Decimal"
        case .document: return "Document"
        case .image: return "Image"
        case .geolocation: return "Geolocation"
        case .unsupported: return "Unsupported"
        }
    }

    private static let boolean = BooleanCell()
    private static let text = TextCell()
    private static let textBox = TextBoxCell()
    private static let date = DateCell()
    private static let radio = RadioCell()
    private static let select = SelectCell()
    private static let document = DocumentCell()
    private static let unsupported = UnsupportedCell()

    /// The built-in renderer of a field's kind.
    public static func builtIn(_ field: DDMField) -> any FormCellRenderer {
        switch field.kind {
        case .boolean: return boolean
        case .string: return field.editor == "textarea" ? textBox : text
        case .options: return field.editor == "radio" ? radio : select
        case .date: return date
        case .integer, .decimal, .geolocation: return text
        case .document, .image: return document
        case .unsupported: return unsupported
        }
    }
}
