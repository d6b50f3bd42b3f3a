/// Why a value cannot be read for a field, or why a field's value is not valid, with a message for
/// the user in English or Spanish.
public enum FieldIssue: Error, Sendable, Hashable {
    /// A required field has no value (text counts as empty when only whitespace).
    case required
    /// The text is not a number.
    case invalidNumber(String)
    /// The text is a number but not a whole one (integer fields).
    case notWholeNumber(String)
    /// The number is too large for the field.
    case numberOutOfRange(String)
    /// The text is not a date in any accepted form.
    case invalidDate(String)
    /// The text is not an ISO-8601 date and time (a field marked ``DDMField/dateTimeTextAttribute``).
    case invalidDateTime(String)
    /// The text names a date that does not exist, such as February 30.
    case nonexistentDate(String)
    /// The text is neither yes nor no.
    case invalidBoolean(String)
    /// The text is not a latitude and a longitude.
    case invalidGeolocation(String)
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    /// The text or value is not one of the field's options.
    case unknownOption(String)
    /// Several options were chosen for a field that allows one.
    case tooManyOptions
    /// The document's upload failed.
    case uploadFailed(String)

    /// The message to show the user, in the language of `locale` (Spanish for `es*`, else English).
    public func message(in locale: PortalLocale = .enUS) -> String {
        func say(_ key: ValueText, _ arguments: String...) -> String { ValueText.catalog.text(key, locale, arguments: arguments) }
        switch self {
        case .required: return say(.required)
        case .invalidNumber(let text): return say(.invalidNumber, text)
        case .notWholeNumber(let text): return say(.notWholeNumber, text)
        case .numberOutOfRange(let text): return say(.numberOutOfRange, text)
        case .invalidDate(let text): return say(.invalidDate, text)
        case .invalidDateTime(let text): return say(.invalidDateTime, text)
        case .nonexistentDate(let text): return say(.nonexistentDate, text)
        case .invalidBoolean(let text): return say(.invalidBoolean, text)
        case .invalidGeolocation(let text): return say(.invalidGeolocation, text)
        case .latitudeOutOfRange: return say(.latitudeOutOfRange)
        case .longitudeOutOfRange: return say(.longitudeOutOfRange)
        case .unknownOption(let text): return say(.unknownOption, text)
        case .tooManyOptions: return say(.tooManyOptions)
        case .uploadFailed(let reason): return say(.uploadFailed, reason)
        }
    }

    /// The one wording of a field's problem everywhere (leaving the field, submitting, the
    /// command line): `<label>: <message>`.
    public func message(for label: String, in locale: PortalLocale = .enUS) -> String {
        ValueText.text(.fieldProblem, locale, label, message(in: locale))
    }
}
