/// Per-kind validation of a field's value (reference §4, with Termlets' additions).
extension DDMField {
    /// The first problem with `value` for this field, or `nil` when it is valid: a required value
    /// missing (text that is only whitespace counts as missing; a checkbox left false does not),
    /// an option not among the options or too many of them, a latitude or longitude out of range,
    /// a failed upload, a server value that could not be read for the field's kind, or text that
    /// is not in the field's form (``textIssue(_:)``).
    public func validate(_ value: FieldValue?) -> FieldIssue? {
        guard let value else { return required ? .required : nil }
        switch value {
        case .string(let text):
            if required, text.trimmingASCIIWhitespace().isEmpty { return .required }
            if let issue = textIssue(text) { return issue }
        case .options(let values):
            if required, values.isEmpty { return .required }
            if !options.isEmpty, let unknown = values.first(where: { option(withValue: $0) == nil }) {
                return .unknownOption(unknown)
            }
            if values.count > 1, !multiple { return .tooManyOptions }
        case .geolocation(let location):
            if !(-90...90).contains(location.latitude) { return .latitudeOutOfRange(location.latitude) }
            if !(-180...180).contains(location.longitude) { return .longitudeOutOfRange(location.longitude) }
        case .document(.uploadFailed(_, let reason)):
            return .uploadFailed(reason)
        case .raw(let text):
            if required, text.isEmpty { return .required }
            if kind != .unsupported {
                do {
                    _ = try self.value(fromServerString: text)
                } catch {
                    return error
                }
            }
        case .boolean, .date, .integer, .decimal, .document:
            break
        }
        return nil
    }
}
