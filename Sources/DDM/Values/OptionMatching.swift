/// Reading selections of options from text, by value or by label.
enum OptionMatching {
    /// The tokens of a server selection: a JSON array (`["a", "b"]`), or Liferay Screens' loose
    /// form (`[a, b]`, `"a"`, `a, b`).
    static func serverTokens(_ text: String) -> [String] {
        let t = text.trimmingASCIIWhitespace()
        if t.hasPrefix("["), let elements = (try? JSONValue.parse(t))?.arrayValue {
            return elements.compactMap(\.textValue)
        }
        var inner = Substring(t)
        if inner.hasPrefix("["), inner.hasSuffix("]") { inner = inner.dropFirst().dropLast() }
        return inner.split(separator: ",").map { unquote($0.trimmingASCIIWhitespace()) }.filter { !$0.isEmpty }
    }

    static func unquote(_ token: String) -> String {
        guard token.count >= 2, token.hasPrefix("\""), token.hasSuffix("\"") else { return token }
        return String(token.dropFirst().dropLast())
    }

    /// How a token is matched against the options.
    enum Preference {
        /// By value first, then by a label in any locale (server and command-line input).
        case valueFirst
        /// By the label in the given locale first, then by value, then by a label in any locale
        /// (what a user types).
        case labelFirst(PortalLocale)
    }

    /// The value of the option `token` names, or `nil`.
    /// A field without options (its choices come from a data provider) takes any token as a value.
    static func match(_ token: String, in field: DDMField, preference: Preference) -> String? {
        if field.options.isEmpty { return token }
        let byValue = field.options.first(where: { $0.value == token })?.value
        let byAnyLabel = field.options.first(where: { $0.labels.translations.contains { $0.value == token } })?.value
        switch preference {
        case .valueFirst:
            return byValue ?? byAnyLabel
        case .labelFirst(let locale):
            let folded = UIStrings.folded(token)
            let byLabel = field.options.first(where: {
                UIStrings.folded($0.label(in: locale, defaultLocale: field.defaultLocale)) == folded
            })?.value
            return byLabel ?? byValue ?? byAnyLabel
        }
    }

    /// Reads a selection typed as one option or several separated by commas. The whole text is
    /// tried as a single option first, so labels and values containing commas still work. The
    /// values come back in the field's option order.
    static func selection(_ text: String, in field: DDMField, preference: Preference) throws(FieldIssue) -> [String] {
        let t = text.trimmingASCIIWhitespace()
        if t.isEmpty { return [] }
        if let single = match(t, in: field, preference: preference) { return [single] }
        var values: [String] = []
        for token in t.split(separator: ",").map({ $0.trimmingASCIIWhitespace() }) where !token.isEmpty {
            guard let value = match(token, in: field, preference: preference) else { throw .unknownOption(token) }
            if !values.contains(value) { values.append(value) }
        }
        return field.inOptionOrder(values)
    }

    /// The server form of a selection: `["v1", "v2"]`, each value a JSON string.
    static func serverString(_ values: [String]) -> String {
        var out = "["
        for (index, value) in values.enumerated() {
            if index > 0 { out += ", " }
            JSONValue.writeString(value, to: &out)
        }
        return out + "]"
    }
}
