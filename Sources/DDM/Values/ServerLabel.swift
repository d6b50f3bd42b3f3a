extension DDMField {
    /// A value as the portal sent it, as a user reads it in `locale` (``label(of:in:)``): `""` for
    /// no value, the portal's text as it is when it does not read as this field's kind.
    public func label(ofServer raw: JSONValue, in locale: PortalLocale) -> String {
        do {
            guard let value = try value(fromServer: raw) else { return "" }
            return label(of: value, in: locale)
        } catch {
            return raw.textValue ?? ""
        }
    }
}
