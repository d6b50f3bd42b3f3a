/// The label form: the value as a user reads it and types it, in a locale.
extension DDMField {
    /// The attribute (`true`) of an integer field whose values are identifiers (e.g. the related
    /// entry of an Objects relationship): shown as digits, never grouped ("74011", not "74,011").
    public static let identifierAttribute = "identifier"

    /// Whether the field's integers are identifiers (see ``identifierAttribute``).
    public var isIdentifier: Bool { attributes[Self.identifierAttribute] == .bool(true) }

    /// The value as shown to a user in `locale`: "Yes"/"Sí", "June 19, 2004"/"19 de junio de
    /// 2004", "1,234.50"/"1234,50", option labels in option order joined by ", ", a file's title.
    public func label(of value: FieldValue, in locale: PortalLocale) -> String {
        switch value {
        case .boolean(let b): return b ? UIStrings.yes(locale) : UIStrings.no(locale)
        case .string(let s), .raw(let s): return s
        case .options(let values):
            return inOptionOrder(values).map { value in
                option(withValue: value)?.label(in: locale, defaultLocale: defaultLocale) ?? value
            }.joined(separator: ", ")
        case .date(let date): return DateText.longLabel(date, locale: locale)
        case .integer(let i): return isIdentifier ? String(i) : NumberText.label(i, locale: locale)
        case .decimal(let d): return NumberText.label(d, locale: locale)
        case .geolocation(let location):
            let separator = NumberText.symbols(for: locale).decimal == "," ? "; " : ", "
            return NumberText.label(location.latitude, locale: locale) + separator
                + NumberText.label(location.longitude, locale: locale)
        case .document(let document):
            switch document {
            case .uploaded(let reference):
                return reference.title
                    ?? ValueText.text(.documentUploaded, locale)
            case .localFile(let path):
                return ValueText.text(.documentNotUploadedYet, locale, path)
            case .uploadFailed(let path, _):
                return ValueText.text(.documentUploadFailed, locale, path)
            case .other(let text): return text
            }
        }
    }

    /// Reads a value as a user types it in `locale`. Blank text means no value (for text fields
    /// only the empty string does). Options are matched by their label in `locale`, then by value;
    /// decimals are rounded half-up to two places; a document label is a local file path.
    public func value(fromLabel text: String, in locale: PortalLocale) throws(FieldIssue) -> FieldValue? {
        if kind == .string { return text.isEmpty ? nil : .string(text) }
        let t = text.trimmingASCIIWhitespace()
        if t.isEmpty { return nil }
        switch kind {
        case .string: return .string(text)
        case .unsupported: return .raw(text)
        case .boolean:
            let folded = UIStrings.folded(t)
            if folded == UIStrings.folded(UIStrings.yes(locale)) || ["true", "yes", "si"].contains(folded) { return .boolean(true) }
            if folded == UIStrings.folded(UIStrings.no(locale)) || folded == "false" { return .boolean(false) }
            throw .invalidBoolean(text)
        case .options:
            let values = try OptionMatching.selection(t, in: self, preference: .labelFirst(locale))
            if values.count > 1, !multiple { throw .tooManyOptions }
            return .options(values)
        case .date: return .date(try DateText.parseLabel(t, locale: locale))
        case .integer: return .integer(try NumberText.parseLabelInteger(t, locale: locale))
        case .decimal: return .decimal(try NumberText.parseLabelDecimal(t, locale: locale))
        case .geolocation: return .geolocation(try GeolocationText.geolocation(label: t, locale: locale))
        case .document, .image: return .document(.localFile(path: t))
        }
    }
}
