/// The canonical command-line form (`termlets form --set FIELD=VALUE`), the same for both
/// portal versions: dates `yyyy-MM-dd`, numbers with a dot, booleans `true`/`false`, options by
/// value or label separated by commas, geolocations `LAT,LON`, documents a local file path.
extension DDMField {
    /// Reads the canonical form. The empty string means no value.
    public func value(fromCanonical text: String) throws(FieldIssue) -> FieldValue? {
        if text.isEmpty { return nil }
        switch kind {
        case .string: return .string(text)
        case .unsupported: return .raw(text)
        case .boolean:
            switch text.trimmingASCIIWhitespace().lowercased() {
            case "true", "1", "yes": return .boolean(true)
            case "false", "0", "no": return .boolean(false)
            default: throw .invalidBoolean(text)
            }
        case .options:
            let values = try OptionMatching.selection(text, in: self, preference: .valueFirst)
            if values.count > 1, !multiple { throw .tooManyOptions }
            return .options(values)
        case .date: return .date(try DateText.parseCanonical(text))
        case .integer: return .integer(try NumberText.integer(canonical: text))
        case .decimal: return .decimal(try NumberText.decimal(canonical: text))
        case .geolocation: return .geolocation(try GeolocationText.geolocation(canonical: text))
        case .document, .image:
            let t = text.trimmingASCIIWhitespace()
            if t.hasPrefix("{") { return .document(DocumentText.document(server: t)) }
            return .document(.localFile(path: t))
        }
    }
}

extension FieldValue {
    /// The canonical command-line form of the value (what `--set` accepts back).
    public var canonicalString: String {
        switch self {
        case .boolean(let b): return b ? "true" : "false"
        case .string(let s), .raw(let s): return s
        case .options(let values): return values.joined(separator: ",")
        case .date(let date): return date.isoString
        case .integer(let i): return String(i)
        case .decimal(let d): return NumberText.plainString(d)
        case .geolocation(let location): return "\(JSONValue.format(location.latitude)),\(JSONValue.format(location.longitude))"
        case .document(let document):
            switch document {
            case .uploaded(let reference): return DocumentText.serverString(reference)
            case .localFile(let path), .uploadFailed(let path, _): return path
            case .other(let text): return text
            }
        }
    }
}
