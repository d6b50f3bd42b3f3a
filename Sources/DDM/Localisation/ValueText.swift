/// DDM's own words around values (validation problems, yes/no, document states), by typed key.
/// The tables are ``ValueText+English`` and ``ValueText+Spanish``; screens keep theirs elsewhere.
public enum ValueText: String, CatalogKey {
    case yes, no
    case fieldProblem
    case required, invalidNumber, notWholeNumber, numberOutOfRange, invalidDate, nonexistentDate, invalidDateTime
    case invalidBoolean, invalidGeolocation, latitudeOutOfRange, longitudeOutOfRange
    case unknownOption, tooManyOptions, uploadFailed
    case documentUploaded, documentNotUploadedYet, documentUploadFailed

    /// English and Spanish.
    public static let catalog = StringCatalog<ValueText>(english: english, spanish: spanish)

    /// The text of `key` in `locale`'s language.
    static func text(_ key: ValueText, _ locale: PortalLocale, _ arguments: String...) -> String {
        catalog.text(key, locale, arguments: arguments)
    }
}
