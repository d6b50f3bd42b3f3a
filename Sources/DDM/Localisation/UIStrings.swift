/// The language of Termlets' own words, and the month names dates are read and written with
/// (the words themselves are in ``ValueText``'s catalog).
public enum UIStrings {
    /// The language of Termlets' own strings for `locale`: Spanish for `es*`, else English.
    public enum Language: Sendable, Hashable {
        case english, spanish

        public init(_ locale: PortalLocale) {
            // An ASCII comparison: screens ask this for every text of every frame.
            let code = locale.language.utf8
            self = code.count == 2 && code.first.map({ $0 | 0x20 }) == UInt8(ascii: "e")
                && code.last.map({ $0 | 0x20 }) == UInt8(ascii: "s") ? .spanish : .english
        }
    }

    static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let spanishMonths = [
        "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
        "noviembre", "diciembre",
    ]

    /// The month (1–12) a word names in English or Spanish, full or abbreviated to three or more
    /// letters (`jun`, `sept`, `setiembre`); `nil` otherwise. `word` must be folded.
    static func month(named word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        if word == "setiembre" || word == "set" { return 9 }
        for names in [englishMonths, spanishMonths] {
            if let index = names.firstIndex(where: { folded($0).hasPrefix(word) }) { return index + 1 }
        }
        return nil
    }

    /// The name of `month` (1–12) in the language of `locale` (`June`, `junio`).
    public static func monthName(_ month: Int, _ locale: PortalLocale) -> String {
        (Language(locale) == .spanish ? spanishMonths : englishMonths)[month - 1]
    }

    /// "Yes"/"No" in the language of `locale`.
    public static func yes(_ locale: PortalLocale) -> String { ValueText.text(.yes, locale) }
    public static func no(_ locale: PortalLocale) -> String { ValueText.text(.no, locale) }

    /// Lower-cased with the Spanish accents removed, for lenient matching of typed words.
    static func folded(_ text: String) -> String {
        var out = ""
        for character in text.lowercased() {
            switch character {
            case "á", "à", "â", "ä": out.append("a")
            case "é", "è", "ê", "ë": out.append("e")
            case "í", "ì", "î", "ï": out.append("i")
            case "ó", "ò", "ô", "ö": out.append("o")
            case "ú", "ù", "û", "ü": out.append("u")
            default: out.append(character)
            }
        }
        return out
    }
}
