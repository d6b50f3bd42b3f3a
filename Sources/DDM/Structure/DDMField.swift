/// One field of a structure, with everything the definition says about it in every locale.
///
/// A value type whose properties live in one shared, immutable box: screens copy fields into every
/// row, cell and frame, and a copy is one reference count rather than one per string, array and
/// table of the definition.
public struct DDMField: Sendable, Hashable {
    /// What the definition says, compared and hashed as a whole.
    struct Definition: Sendable, Hashable {
        let name: String
        let kind: FieldKind
        let editor: String
        let dataType: String
        let rawType: String
        let required: Bool
        let readOnly: Bool
        let repeatable: Bool
        let showLabel: Bool
        let multiple: Bool
        let labels: Localized<String>
        let tips: Localized<String>
        let predefinedValues: Localized<JSONValue>
        let options: [DDMOption]
        let nestedFields: [DDMField]
        let attributes: [String: JSONValue]
        let defaultLocale: PortalLocale
    }

    final class Box: Sendable {
        let definition: Definition
        init(_ definition: Definition) { self.definition = definition }
    }

    private let box: Box

    public var name: String { box.definition.name }
    /// What the field holds (chosen by `dataType` first, then by the editor).
    public var kind: FieldKind { box.definition.kind }
    /// The normalised editor (`checkbox`, `text`, `textarea`, `select`, `radio`, `date`, `number`,
    /// `documentlibrary`, `geolocation`, `image`), or the raw `type` when it is not one of them.
    public var editor: String { box.definition.editor }
    /// The `dataType` exactly as the definition gives it (`""` when missing).
    public var dataType: String { box.definition.dataType }
    /// The `type` exactly as the definition gives it (`""` when missing).
    public var rawType: String { box.definition.rawType }
    /// A missing `required` means not required, as in the portal.
    public var required: Bool { box.definition.required }
    /// `readOnly` as the definition gives it (see ``isEditable`` for what Termlets allows).
    public var readOnly: Bool { box.definition.readOnly }
    public var repeatable: Bool { box.definition.repeatable }
    public var showLabel: Bool { box.definition.showLabel }
    /// Whether several options may be selected (options fields).
    public var multiple: Bool { box.definition.multiple }
    public var labels: Localized<String> { box.definition.labels }
    public var tips: Localized<String> { box.definition.tips }
    /// The predefined value in every locale, as the definition gives it: a string in 6.2, any
    /// JSON value in 7.x (`.null` where a 6.2 locale has no entry).
    public var predefinedValues: Localized<JSONValue> { box.definition.predefinedValues }
    public var options: [DDMOption] { box.definition.options }
    public var nestedFields: [DDMField] { box.definition.nestedFields }
    /// The definition's other properties (`indexType`, `width`, `fieldNamespace`, ...).
    public var attributes: [String: JSONValue] { box.definition.attributes }
    /// The structure's default locale, the fallback of every localised property.
    public var defaultLocale: PortalLocale { box.definition.defaultLocale }

    public init(
        name: String, kind: FieldKind, editor: String, dataType: String, rawType: String,
        required: Bool = false, readOnly: Bool = false, repeatable: Bool = false, showLabel: Bool = true,
        multiple: Bool = false, labels: Localized<String> = .none, tips: Localized<String> = .none,
        predefinedValues: Localized<JSONValue> = .none, options: [DDMOption] = [], nestedFields: [DDMField] = [],
        attributes: [String: JSONValue] = [:], defaultLocale: PortalLocale = .enUS
    ) {
        box = Box(Definition(
            name: name, kind: kind, editor: editor, dataType: dataType, rawType: rawType, required: required,
            readOnly: readOnly, repeatable: repeatable, showLabel: showLabel, multiple: multiple, labels: labels, tips: tips,
            predefinedValues: predefinedValues, options: options, nestedFields: nestedFields, attributes: attributes,
            defaultLocale: defaultLocale))
    }

    /// Names this field's definition: two fields with the same identity have the same definition
    /// (copies of one field share it). Fields with equal definitions may still differ in identity,
    /// and an identity can be reused once no copy of its field is left.
    public var definitionIdentity: ObjectIdentifier { ObjectIdentifier(box) }

    public static func == (lhs: DDMField, rhs: DDMField) -> Bool {
        lhs.box === rhs.box || lhs.box.definition == rhs.box.definition
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.definition) }

    /// Whether a user may change the value: not when the definition says `readOnly`, and never for
    /// ``FieldKind/unsupported`` fields, which are shown read-only with their raw value.
    public var isEditable: Bool { !readOnly && kind != .unsupported }

    /// The label for `locale` (`""` when none applies).
    public func label(in locale: PortalLocale) -> String {
        labels.resolve(locale, defaultLocale: defaultLocale) ?? ""
    }

    /// The tip for `locale` (`""` when none applies).
    public func tip(in locale: PortalLocale) -> String {
        tips.resolve(locale, defaultLocale: defaultLocale) ?? ""
    }

    /// The predefined value for `locale` as the definition gives it, or `nil` (also for `null`
    /// and `""`).
    public func rawPredefinedValue(in locale: PortalLocale) -> JSONValue? {
        guard let value = predefinedValues.resolve(locale, defaultLocale: defaultLocale) else { return nil }
        switch value {
        case .null: return nil
        case .string(let s) where s.isEmpty: return nil
        default: return value
        }
    }

    /// The option whose value is `value`, or `nil`.
    public func option(withValue value: String) -> DDMOption? {
        options.first(where: { $0.value == value })
    }

    /// This field and its nested fields, depth first.
    public var flattened: [DDMField] {
        [self] + nestedFields.flatMap(\.flattened)
    }
}
