import Foundation

/// The server string form: what the portal stores and sends, and what a submit sends back.
extension DDMField {
    /// Reads a value as the portal sends it in a record or a definition: a JSON string in the
    /// field's server form, or a typed JSON scalar (6.2 sends booleans and numbers typed), or an
    /// array of option values. `null` and `""` mean no value.
    public func value(fromServer json: JSONValue) throws(FieldIssue) -> FieldValue? {
        switch (kind, json) {
        case (_, .null): return nil
        case (_, .string(let text)): return try value(fromServerString: text)
        case (.boolean, .bool(let b)): return .boolean(b)
        case (.boolean, .int(let i)): return .boolean(i != 0)
        case (.integer, .int(let i)): return .integer(i)
        case (.integer, .double(let d)):
            guard let decimal = NumberText.decimal(from: d) else { throw .invalidNumber(JSONValue.format(d)) }
            return .integer(try NumberText.integer(rounding: decimal, original: JSONValue.format(d)))
        case (.decimal, .int(let i)): return .decimal(Decimal(i))
        case (.decimal, .double(let d)):
            guard let decimal = NumberText.decimal(from: d) else { throw .invalidNumber(JSONValue.format(d)) }
            return .decimal(decimal)
        case (.date, .int(let milliseconds)):
            guard let date = CalendarDate(epochMilliseconds: milliseconds) else { throw .invalidDate(String(milliseconds)) }
            return .date(date)
        case (.options, .array(let elements)):
            var values: [String] = []
            for token in elements.compactMap(\.textValue) {
                guard let value = OptionMatching.match(token, in: self, preference: .valueFirst) else {
                    throw .unknownOption(token)
                }
                values.append(value)
            }
            return .options(inOptionOrder(values))
        case (.document, .object), (.image, .object):
            return .document(DocumentReference(json: json).map(DocumentValue.uploaded) ?? .other(json.serialized()))
        case (.geolocation, .object):
            return .geolocation(try GeolocationText.geolocation(json: json, original: json.serialized()))
        default:
            return try value(fromServerString: json.textValue ?? "")
        }
    }

    /// Reads the server string form for this field's kind. Every date form either portal writes is
    /// accepted (`yyyy-MM-dd`, `M/d/yyyy`, `M/d/yy`, epoch milliseconds), whatever the version.
    public func value(fromServerString text: String) throws(FieldIssue) -> FieldValue? {
        if text.isEmpty { return nil }
        switch kind {
        case .string: return .string(text)
        case .unsupported: return .raw(text)
        case .boolean:
            switch text.trimmingASCIIWhitespace().lowercased() {
            case "true", "1": return .boolean(true)
            case "false", "0": return .boolean(false)
            case "": return nil
            default: throw .invalidBoolean(text)
            }
        case .options:
            var values: [String] = []
            let t = text.trimmingASCIIWhitespace()
            if !t.hasPrefix("["), let whole = OptionMatching.match(OptionMatching.unquote(t), in: self, preference: .valueFirst) {
                return .options([whole])
            }
            for token in OptionMatching.serverTokens(text) {
                guard let value = OptionMatching.match(token, in: self, preference: .valueFirst) else {
                    throw .unknownOption(token)
                }
                values.append(value)
            }
            return .options(inOptionOrder(values))
        case .date: return .date(try DateText.parseServer(text))
        case .integer:
            if text.trimmingASCIIWhitespace().isEmpty { return nil }
            return .integer(try NumberText.integer(server: text))
        case .decimal:
            if text.trimmingASCIIWhitespace().isEmpty { return nil }
            return .decimal(try NumberText.decimal(server: text))
        case .document, .image:
            return .document(DocumentText.document(server: text))
        case .geolocation:
            return .geolocation(try GeolocationText.geolocation(server: text))
        }
    }

    /// The predefined value for `locale`, typed; `nil` when there is none or it cannot be read.
    public func predefinedValue(in locale: PortalLocale) -> FieldValue? {
        guard let raw = rawPredefinedValue(in: locale) else { return nil }
        return try? value(fromServer: raw)
    }
}

extension FieldValue {
    /// The server string form for `version`; `nil` when the value has none (a document not
    /// uploaded yet). Dates are epoch milliseconds (UTC midnight) for 6.2 and `yyyy-MM-dd` for 7.x;
    /// numbers use a dot and no grouping; selections are `["v1", "v2"]`.
    public func serverString(for version: PortalVersion) -> String? {
        switch self {
        case .boolean(let b): return b ? "true" : "false"
        case .string(let s), .raw(let s): return s
        case .options(let values): return OptionMatching.serverString(values)
        case .date(let date):
            return version == .v62 ? String(date.epochMilliseconds) : date.isoString
        case .integer(let i): return String(i)
        case .decimal(let d): return NumberText.serverString(d)
        case .geolocation(let location): return GeolocationText.serverString(location)
        case .document(let document):
            switch document {
            case .uploaded(let reference): return DocumentText.serverString(reference)
            case .other(let text): return text
            case .localFile, .uploadFailed: return nil
            }
        }
    }
}
