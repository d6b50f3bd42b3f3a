/// One choice of a select or radio field.
public struct DDMOption: Sendable, Hashable {
    /// The option's `name`, when the definition gives one (6.2 usually does, 7.x rarely).
    public let name: String?
    /// The value stored and sent to the portal.
    public let value: String
    /// The label in every locale the definition gives.
    public let labels: Localized<String>

    public init(name: String?, value: String, labels: Localized<String>) {
        self.name = name
        self.value = value
        self.labels = labels
    }

    /// The label for `locale`, falling back to the value when no label applies or it is empty.
    public func label(in locale: PortalLocale, defaultLocale: PortalLocale) -> String {
        let label = labels.resolve(locale, defaultLocale: defaultLocale) ?? ""
        return label.isEmpty ? value : label
    }
}
