import DDM

/// Plain mode's own words in English and Spanish.
enum PlainStrings {
    static func text(_ locale: PortalLocale, _ english: String, _ spanish: String) -> String {
        UIStrings.Language(locale) == .spanish ? spanish : english
    }

    static func intro(_ locale: PortalLocale) -> String {
        text(locale, "Enter keeps the value in brackets; - clears it.", "Intro conserva el valor entre corchetes; - lo borra.")
    }

    static func hint(for field: DDMField, _ locale: PortalLocale) -> String {
        switch field.kind {
        case .boolean: return text(locale, "yes/no", "sí/no")
        case .string: return text(locale, "text", "texto")
        case .options:
            return field.multiple
                ? text(locale, "numbers or values, comma-separated", "números o valores, separados por comas")
                : text(locale, "number or value", "número o valor")
        case .date: return text(locale, "date, e.g. 2024-06-19", "fecha, p. ej. 2024-06-19")
        case .integer: return text(locale, "whole number", "número entero")
        case .decimal: return text(locale, "number", "número")
        case .geolocation: return text(locale, "latitude, longitude", "latitud, longitud")
        case .document, .image: return text(locale, "file path", "ruta de archivo")
        case .unsupported: return text(locale, "read-only", "solo lectura")
        }
    }

    static func readOnly(_ locale: PortalLocale) -> String { text(locale, "read-only", "solo lectura") }
    static func required(_ locale: PortalLocale) -> String { text(locale, "required", "obligatorio") }
    static func addAnother(_ label: String, _ locale: PortalLocale) -> String {
        text(locale, "Add another \(label)? [y/N] ", "¿Añadir otro valor de \(label)? [s/N] ")
    }
    static func submit(_ locale: PortalLocale) -> String {
        text(locale, "Submit? [Y/n/d(raft)] ", "¿Enviar? [S/n/b(orrador)] ")
    }
    static func summary(_ locale: PortalLocale) -> String { text(locale, "Summary", "Resumen") }
    static func noFile(_ path: String, _ locale: PortalLocale) -> String {
        text(locale, "cannot read the file \(path)", "no se puede leer el archivo \(path)")
    }
    static func answerYesNo(_ locale: PortalLocale) -> String {
        text(locale, "answer y or n", "responde s o n")
    }
    static func answerSubmit(_ locale: PortalLocale) -> String {
        text(locale, "answer y, n or d", "responde s, n o b")
    }
    static func noOption(_ number: Int, _ locale: PortalLocale) -> String {
        text(locale, "there is no option \(number)", "no hay opción \(number)")
    }

    /// Whether an answer means yes (`y`, `yes`, `s`, `sí`, `si`).
    static func isYes(_ answer: String) -> Bool {
        ["y", "yes", "s", "si", "sí"].contains(answer.lowercased())
    }

    static func isNo(_ answer: String) -> Bool {
        ["n", "no"].contains(answer.lowercased())
    }
}
