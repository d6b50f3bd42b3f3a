/// One field of a structure, with everything the definition says about it in every locale.
public struct DDMField: Sendable, Hashable {
    public let name: String
    /// What the field holds (chosen by `dataType` first, then by the editor).
    public let kind: FieldKind
    /// The normalised editor (`checkbox`, `text`, `textarea`, `select`, `radio`, `date`, `number`,
    /// `documentlibrary`, `geolocation`, `image`), or the raw `type` when it is not one of them.
    public let editor: String
    /// The `dataType` exactly as the definition gives it (`""` when missing).
    public let dataType: String
    /// The `type` exactly as the definition gives it (`""` when missing).
    public let rawType: String
    /// A missing `required` means not required, as in the portal.
    public let required: Bool
    /// `readOnly` as the definition gives it (see ``isEditable`` for what Termlets allows).
    public let readOnly: Bool
    public let repeatable: Bool
    public let showLabel: Bool
    /// Whether several options may be selected (options fields).
    public let multiple: Bool
    public let labels: Localized<String>
    public let tips: Localized<String>
    /// The predefined value in every locale, as the definition gives it: a string in 6.2, any
    /// JSON value in 7.x (`.null` where a 6.2 locale has no entry).
    public let predefinedValues: Localized<JSONValue>
    public let options: [DDMOption]
    public let nestedFields: [DDMField]
    /// The definition's other properties (`indexType`, `width`, `fieldNamespace`, ...).
    public let attributes: [String: JSONValue]
    /// The structure's default locale, the fallback of every localised property.
    public let defaultLocale: PortalLocale

    public init(
        name: String, kind: FieldKind, editor: String, dataType: String, rawType: String,
        required: Bool = false, readOnly: Bool = false, repeatable: Bool = false, showLabel: Bool = true,
        multiple: Bool = false, labels: Localized<String> = .none, tips: Localized<String> = .none,
        predefinedValues: Localized<JSONValue> = .none, options: [DDMOption] = [], nestedFields: [DDMField] = [],
        attributes: [String: JSONValue] = [:], defaultLocale: PortalLocale = .enUS
    ) {
        self.name = name
        self.kind = kind
        self.editor = editor
        self.dataType = dataType
        self.rawType = rawType
        self.required = required
        self.readOnly = readOnly
        self.repeatable = repeatable
        self.showLabel = showLabel
        self.multiple = multiple
        self.labels = labels
        self.tips = tips
        self.predefinedValues = predefinedValues
        self.options = options
        self.nestedFields = nestedFields
        self.attributes = attributes
        self.defaultLocale = defaultLocale
    }

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
