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
        let language = UIStrings.Language(locale)
        func say(_ english: String, _ spanish: String) -> String {
            UIStrings.text(language, english: english, spanish: spanish)
        }
        switch self {
        case .required:
            return say("This field is required.", "Este campo es obligatorio.")
        case .invalidNumber(let text):
            return say("“\(text)” is not a number.", "«\(text)» no es un número.")
        case .notWholeNumber(let text):
            return say("“\(text)” is not a whole number.", "«\(text)» no es un número entero.")
        case .numberOutOfRange(let text):
            return say("“\(text)” is too large a number.", "«\(text)» es un número demasiado grande.")
        case .invalidDate(let text):
            return say("“\(text)” is not a date.", "«\(text)» no es una fecha.")
        case .nonexistentDate(let text):
            return say("“\(text)” is not a date that exists.", "La fecha «\(text)» no existe.")
        case .invalidBoolean(let text):
            return say("“\(text)” is neither yes nor no.", "«\(text)» no es ni sí ni no.")
        case .invalidGeolocation(let text):
            return say("“\(text)” is not a latitude and a longitude.", "«\(text)» no es una latitud y una longitud.")
        case .latitudeOutOfRange:
            return say("The latitude must be between -90 and 90.", "La latitud debe estar entre -90 y 90.")
        case .longitudeOutOfRange:
            return say("The longitude must be between -180 and 180.", "La longitud debe estar entre -180 y 180.")
        case .unknownOption(let text):
            return say("“\(text)” is not one of the options.", "«\(text)» no es una de las opciones.")
        case .tooManyOptions:
            return say("Only one option may be chosen.", "Solo se puede elegir una opción.")
        case .uploadFailed(let reason):
            return say("The upload failed: \(reason)", "La subida ha fallado: \(reason)")
        }
    }
}
