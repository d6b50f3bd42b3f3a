import Foundation

/// Reading and writing numbers exactly: ``Decimal`` for decimals, `Int64` for integers, with a
/// dot and no grouping in the server and command-line forms and the locale's separators in labels.
enum NumberText {
    /// The most significant digits a decimal may have (what ``Decimal`` holds exactly).
    static let maximumDigits = 38

    /// The separators a locale writes numbers with.
    struct Symbols: Equatable {
        let decimal: Character
        let grouping: Character
        /// Grouping starts when the integer part has at least 3 + this many digits
        /// (Spanish writes 1234 but 12.345).
        let minimumGroupingDigits: Int
    }

    static func symbols(for locale: PortalLocale) -> Symbols {
        switch locale.language.lowercased() {
        case "es": return Symbols(decimal: ",", grouping: ".", minimumGroupingDigits: 2)
        case "pt", "de", "it", "nl", "ca", "id", "tr", "da": return Symbols(decimal: ",", grouping: ".", minimumGroupingDigits: 1)
        case "fr", "fi", "hu", "sv", "nb", "cs", "pl", "ru": return Symbols(decimal: ",", grouping: "\u{00A0}", minimumGroupingDigits: 1)
        default: return Symbols(decimal: ".", grouping: ",", minimumGroupingDigits: 1)
        }
    }

    // MARK: Canonical: a dot, no grouping

    /// Reads `[-+]digits[.digits][e[-+]digits]` exactly.
    static func decimal(canonical text: String, original: String? = nil) throws(FieldIssue) -> Decimal {
        let original = original ?? text
        let t = text.trimmingASCIIWhitespace()
        guard t.count <= 80 else { throw .numberOutOfRange(original) }
        var characters = Substring(t)
        if characters.first == "-" || characters.first == "+" { characters = characters.dropFirst() }
        let mantissaEnd = characters.firstIndex(where: { $0 == "e" || $0 == "E" }) ?? characters.endIndex
        let mantissa = characters[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            !(parts[0].isEmpty && (parts.count == 1 || parts[1].isEmpty)), parts.count == 1 || !parts[1].isEmpty
        else { throw .invalidNumber(original) }
        if mantissaEnd < characters.endIndex {
            var exponent = characters[characters.index(after: mantissaEnd)...]
            if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
            guard !exponent.isEmpty, exponent.allSatisfy(\.isASCIIDigit) else { throw .invalidNumber(original) }
            guard exponent.count <= 3, let value = Int(exponent), value <= 100 else { throw .numberOutOfRange(original) }
        }
        let significant = parts.joined().drop(while: { $0 == "0" })
        guard significant.count <= maximumDigits else { throw .numberOutOfRange(original) }
        guard let decimal = Decimal(string: t, locale: nil) else { throw .invalidNumber(original) }
        return decimal
    }

    /// Reads an integer with no fraction, exactly.
    static func integer(canonical text: String) throws(FieldIssue) -> Int64 {
        let t = text.trimmingASCIIWhitespace()
        if let value = Int64(t) { return value }
        let decimal = try decimal(canonical: t, original: text)
        guard decimal == decimal.rounded(0, .plain) else { throw .notWholeNumber(text) }
        return try integer(rounding: decimal, original: text)
    }

    // MARK: Server: tolerant of a comma decimal separator and grouping

    /// Reads a number as servers write it: a dot or a comma as the decimal separator, grouping
    /// tolerated when both appear (`1,234.50`, `1.234,50`).
    static func decimal(server text: String) throws(FieldIssue) -> Decimal {
        var t = text.trimmingASCIIWhitespace()
        let lastComma = t.lastIndex(of: ",")
        let lastDot = t.lastIndex(of: ".")
        switch (lastComma, lastDot) {
        case let (comma?, dot?):
            if comma > dot {
                t = t.replacingAll(".", with: "").replacingAll(",", with: ".")
            } else {
                t = t.replacingAll(",", with: "")
            }
        case (_?, nil):
            t = t.filter { $0 == "," }.count == 1 ? t.replacingAll(",", with: ".") : t.replacingAll(",", with: "")
        default: break
        }
        return try decimal(canonical: t, original: text)
    }

    /// Reads an integer as servers write it; a fraction is rounded half away from zero (`99.88` → 100).
    static func integer(server text: String) throws(FieldIssue) -> Int64 {
        if let value = Int64(text.trimmingASCIIWhitespace()) { return value }
        return try integer(rounding: decimal(server: text), original: text)
    }

    static func integer(rounding decimal: Decimal, original: String) throws(FieldIssue) -> Int64 {
        let rounded = decimal.rounded(0, .plain)
        guard let value = Int64(plainString(rounded)) else { throw .numberOutOfRange(original) }
        return value
    }

    /// A JSON double as the exact decimal its shortest text denotes (`16.05` → 16.05, not 16.0499…).
    static func decimal(from double: Double) -> Decimal? {
        guard double.isFinite else { return nil }
        return try? decimal(canonical: "\(double)")
    }

    // MARK: Writing

    /// Plain digits with a dot and no grouping or exponent: `1234.5`, `-0.001`.
    static func plainString(_ decimal: Decimal) -> String {
        var text = decimal.description
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { text.removeFirst() }
        return text
    }

    /// The server form of a decimal: a dot, no grouping, at least two fraction digits, and every
    /// further digit the value has (`16` → `16.00`, `1234.5` → `1234.50`, `16.0599` stays).
    static func serverString(_ decimal: Decimal) -> String {
        padFraction(plainString(decimal), to: 2)
    }

    /// The label of a decimal: rounded half-up to two fraction digits, with the locale's
    /// separators (`1,234.50` in English, `1234,50` and `12.345,50` in Spanish).
    static func label(_ decimal: Decimal, locale: PortalLocale) -> String {
        let plain = padFraction(plainString(decimal.rounded(2, .plain)), to: 2)
        return localise(plain, symbols: symbols(for: locale), group: true)
    }

    /// The label of an integer, grouped as decimals are (`12,345`; Spanish `12.345`, `1234`).
    static func label(_ integer: Int64, locale: PortalLocale) -> String {
        localise(String(integer), symbols: symbols(for: locale), group: true)
    }

    /// Reads a decimal as a user types it in `locale`, rounded half-up to two fraction digits.
    /// The canonical form (a dot, no grouping) is accepted too.
    static func parseLabelDecimal(_ text: String, locale: PortalLocale) throws(FieldIssue) -> Decimal {
        let decimal = try delocalise(text, locale: locale)
        return decimal.rounded(2, .plain)
    }

    /// Reads an integer as a user types it in `locale`; a fraction is an error.
    static func parseLabelInteger(_ text: String, locale: PortalLocale) throws(FieldIssue) -> Int64 {
        if let value = Int64(text.trimmingASCIIWhitespace()) { return value }
        let decimal = try delocalise(text, locale: locale)
        guard decimal == decimal.rounded(0, .plain) else { throw .notWholeNumber(text) }
        return try integer(rounding: decimal, original: text)
    }

    /// Locale text to a decimal: grouping separators only where groups of three allow them.
    static func delocalise(_ text: String, locale: PortalLocale) throws(FieldIssue) -> Decimal {
        let symbols = symbols(for: locale)
        let t = text.trimmingASCIIWhitespace()
        let groupings: Set<Character> = symbols.grouping == "\u{00A0}" ? ["\u{00A0}", " ", "\u{202F}"] : [symbols.grouping]
        let parts = t.split(separator: symbols.decimal, omittingEmptySubsequences: false)
        if parts.count <= 2 {
            var integerPart = Substring(parts[0])
            var sign = ""
            if let first = integerPart.first, first == "-" || first == "+" {
                sign = String(first)
                integerPart = integerPart.dropFirst()
            }
            let groups = integerPart.split(omittingEmptySubsequences: false, whereSeparator: { groupings.contains($0) })
            let groupingIsValid = groups.count == 1
                || (!groups[0].isEmpty && groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 })
            if groupingIsValid {
                let canonical = sign + groups.joined() + (parts.count == 2 ? "." + parts[1] : "")
                if let value = try? decimal(canonical: canonical, original: text) { return value }
            }
        }
        return try decimal(canonical: t, original: text)
    }

    static func padFraction(_ plain: String, to digits: Int) -> String {
        guard let dot = plain.firstIndex(of: ".") else { return plain + "." + String(repeating: "0", count: digits) }
        let fraction = plain.distance(from: plain.index(after: dot), to: plain.endIndex)
        return fraction >= digits ? plain : plain + String(repeating: "0", count: digits - fraction)
    }

    /// Writes a plain number with the locale's separators.
    static func localise(_ plain: String, symbols: Symbols, group: Bool) -> String {
        var text = Substring(plain)
        var sign = ""
        if text.first == "-" {
            sign = "-"
            text = text.dropFirst()
        }
        let dot = text.firstIndex(of: ".")
        var integerPart = String(text[..<(dot ?? text.endIndex)])
        let fraction = dot.map { String(text[text.index(after: $0)...]) }
        if group, integerPart.count >= 3 + symbols.minimumGroupingDigits {
            var grouped = ""
            for (offset, digit) in integerPart.enumerated() {
                if offset > 0, (integerPart.count - offset) % 3 == 0 { grouped.append(symbols.grouping) }
                grouped.append(digit)
            }
            integerPart = grouped
        }
        return sign + integerPart + (fraction.map { String(symbols.decimal) + $0 } ?? "")
    }

    /// The nearest double to a decimal (geolocations are doubles by nature).
    static func nearestDouble(_ decimal: Decimal) -> Double {
        Double(plainString(decimal)) ?? (decimal as NSDecimalNumber).doubleValue
    }

    /// A double written in a locale with no grouping (geolocation labels).
    static func label(_ double: Double, locale: PortalLocale) -> String {
        localise("\(double)", symbols: symbols(for: locale), group: false)
    }
}

extension Decimal {
    /// The value rounded to `scale` fraction digits.
    func rounded(_ scale: Int, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, scale, mode)
        return result
    }
}
