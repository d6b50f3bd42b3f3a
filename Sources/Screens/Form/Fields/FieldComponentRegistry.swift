import DDM
import Screenlets

/// The field components by name: each kind's built-in one (``builtIn(_:)``), replaced by one
/// registered for the kind (`DDLField<Kind>`, e.g. `DDLFieldDate`) or, before that, for a field
/// by its name (`DDLCustomField<Name>`, e.g. `DDLCustomFieldRating`) — the names of the theme's
/// cells without `Cell`. The screen asks it for the component of every field it draws or edits;
/// plain mode and record lists use the standard one.
public struct FieldComponentRegistry: Sendable {
    private var components: [String: any FieldComponent] = [:]

    /// The built-in components only.
    public static let standard = FieldComponentRegistry()

    public init() {}

    /// Uses `component` for every field named by `name` (`DDLCustomField<Name>` or `DDLField<Kind>`).
    public mutating func register(_ component: any FieldComponent, as name: String) {
        components[name] = component
    }

    /// Uses `component` for the field called `fieldName` (as `DDLCustomField<FieldName>`).
    public mutating func register(_ component: any FieldComponent, forField fieldName: String) {
        register(component, as: Self.customName(fieldName))
    }

    /// The component of `field`: registered under its custom name, then under its kind's name,
    /// else the built-in one.
    public func component(for field: DDMField) -> any FieldComponent {
        registered(for: field) ?? Self.builtIn(field)
    }

    /// The registered component of `field` (custom name first), or nil when the built-in one serves.
    public func registered(for field: DDMField) -> (any FieldComponent)? {
        guard !components.isEmpty else { return nil }
        return components[Self.customName(field.name)] ?? components["DDLField" + Self.builtIn(field).kindName(field)]
    }

    /// `DDLCustomField<FieldName>`.
    public static func customName(_ fieldName: String) -> String { "DDLCustomField\(fieldName)" }

    private static let text = TextFieldComponent()
    private static let textBox = TextBoxFieldComponent()
    private static let integer = IntegerFieldComponent()
    private static let decimal = DecimalFieldComponent()
    private static let date = DateFieldComponent()
    private static let boolean = BooleanFieldComponent()
    private static let radio = ChoiceFieldComponent(inline: true)
    private static let select = ChoiceFieldComponent(inline: false)
    private static let document = DocumentFieldComponent(image: false)
    private static let image = DocumentFieldComponent(image: true)
    private static let geolocation = GeolocationFieldComponent()
    private static let unsupported = UnsupportedFieldComponent()

    /// The built-in component of a field's kind (and editor: a text box, a radio group); an
    /// Objects relationship field searches its related object.
    public static func builtIn(_ field: DDMField) -> any FieldComponent {
        let component: any FieldComponent
        switch field.kind {
        case .boolean: component = boolean
        case .string: component = field.editor == "textarea" ? textBox : text
        case .options: component = field.editor == "radio" ? radio : select
        case .date: component = date
        case .integer: component = integer
        case .decimal: component = decimal
        case .document: component = document
        case .image: component = image
        case .geolocation: component = geolocation
        case .unsupported: component = unsupported
        }
        return field.isRelationship ? RelationshipFieldComponent(base: component) : component
    }
}
