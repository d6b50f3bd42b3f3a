import DDM

/// Plain mode's words, looked up in the screens' catalog (``UIText``) in the locale's language.
enum PlainStrings {
    private static func t(_ key: UIText, _ locale: PortalLocale, _ arguments: String...) -> String {
        UIText.catalog.text(key, locale, arguments: arguments)
    }

    static func intro(_ locale: PortalLocale) -> String { t(.plainIntro, locale) }

    static func readOnly(_ locale: PortalLocale) -> String { t(.readOnly, locale) }
    static func required(_ locale: PortalLocale) -> String { t(.required, locale) }
    static func addAnother(_ label: String, _ locale: PortalLocale) -> String { t(.addAnother, locale, label) }
    static func submit(_ locale: PortalLocale) -> String { t(.submitPrompt, locale) }
    static func summary(_ locale: PortalLocale) -> String { t(.summary, locale) }
    static func noFile(_ path: String, _ locale: PortalLocale) -> String { t(.noFile, locale, path) }
    static func answerYesNo(_ locale: PortalLocale) -> String { t(.answerYesNo, locale) }
    static func answerSubmit(_ locale: PortalLocale) -> String { t(.answerSubmit, locale) }
    static func noOption(_ number: Int, _ locale: PortalLocale) -> String { t(.noOption, locale, "\(number)") }

    /// Whether an answer means yes (`y`, `yes`, `s`, `sí`, `si`).
    static func isYes(_ answer: String) -> Bool {
        ["y", "yes", "s", "si", "sí"].contains(answer.lowercased())
    }

    static func isNo(_ answer: String) -> Bool {
        ["n", "no"].contains(answer.lowercased())
    }
}
