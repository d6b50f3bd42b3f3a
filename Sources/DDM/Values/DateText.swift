/// Reading dates in the forms the portal and users write them.
enum DateText {
    /// Reads every form a server or a definition may use (reference §3.4): `yyyy-M-d`, `M/d/yyyy`,
    /// `M/d/yy` and epoch milliseconds, whatever the portal version. Two-digit years are 2000–2049
    /// for 00–49 and 1950–1999 for 50–99.
    static func parseServer(_ text: String) throws(FieldIssue) -> CalendarDate {
        let trimmed = text.trimmingASCIIWhitespace()
        if let date = try dashedASCII(trimmed, original: text) { return date }
        guard !trimmed.isEmpty, trimmed.count <= 32 else { throw .invalidDate(text) }
        if trimmed.contains("/") {
            do {
                return try slashed(trimmed, original: text, monthFirst: true)
            } catch .nonexistentDate {
                // A 6.2 portal renders dates in the record's locale: `19/06/04` is day first.
                if let dayFirst = try? slashed(trimmed, original: text, monthFirst: false) { return dayFirst }
                throw .nonexistentDate(text)
            }
        }
        if let dashed = try dashed(trimmed, original: text) { return dashed }
        if let milliseconds = Int64(trimmed) {
            guard let date = CalendarDate(epochMilliseconds: milliseconds) else { throw .invalidDate(text) }
            return date
        }
        throw .invalidDate(text)
    }

    /// Reads `yyyy-M-d` (optionally followed by a time `T…`, which is ignored); `nil` when the text
    /// is not in that shape at all.
    static func dashed(_ text: String, original: String) throws(FieldIssue) -> CalendarDate? {
        var datePart = Substring(text)
        if let t = datePart.firstIndex(of: "T") { datePart = datePart[..<t] }
        let parts = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigit) }),
            parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        guard let date = CalendarDate(year: year, month: month, day: day) else { throw .nonexistentDate(original) }
        return date
    }

    /// ``dashed(_:original:)`` over the bytes of a short ASCII text without `/` (what a 7.x portal
    /// sends: every date of a record list page is read as it arrives, issue 17); `nil` for any
    /// other text, which the general reading then handles. In ASCII text a character is a byte
    /// (but for CR LF, neither a digit, `-` nor `T`), so both readings agree.
    static func dashedASCII(_ text: String, original: String) throws(FieldIssue) -> CalendarDate? {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= 32 else { return nil }
        // The parts before the current one, in locals: no array to make for every date of a page.
        var (year, yearLength, month, monthLength) = (0, 0, 0, 0)
        var finished = 0
        var value = 0
        var length = 0
        var inTime = false
        for byte in bytes {
            guard byte < 0x80, byte != UInt8(ascii: "/") else { return nil }
            if inTime { continue }
            if byte == UInt8(ascii: "T") {
                inTime = true
                continue
            }
            if byte == UInt8(ascii: "-") {
                switch finished {
                case 0: (year, yearLength) = (value, length)
                case 1: (month, monthLength) = (value, length)
                default: return nil
                }
                finished += 1
                (value, length) = (0, 0)
                continue
            }
            // A part has at most four digits: a longer one is not this shape (nor can it overflow).
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), length < 4 else { return nil }
            (value, length) = (value * 10 + Int(byte - UInt8(ascii: "0")), length + 1)
        }
        guard finished == 2, yearLength == 4, monthLength > 0, length > 0 else { return nil }
        guard let date = CalendarDate(year: year, month: month, day: value) else { throw .nonexistentDate(original) }
        return date
    }

    /// Reads `a/b/yyyy` or `a/b/yy`, month first (`M/d`) or day first (`d/M`).
    static func slashed(_ text: String, original: String, monthFirst: Bool) throws(FieldIssue) -> CalendarDate {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3,
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigit) }),
            parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 2 || parts[2].count == 4,
            let first = Int(parts[0]), let second = Int(parts[1]), var year = Int(parts[2])
        else { throw .invalidDate(original) }
        if parts[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        let (month, day) = monthFirst ? (first, second) : (second, first)
        guard let date = CalendarDate(year: year, month: month, day: day) else { throw .nonexistentDate(original) }
        return date
    }

    /// Reads the canonical command-line form `yyyy-MM-dd` (one-digit month and day accepted).
    static func parseCanonical(_ text: String) throws(FieldIssue) -> CalendarDate {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.contains("T"), let date = try dashed(trimmed, original: text) else { throw .invalidDate(text) }
        return date
    }

    /// The long form a user reads: "June 19, 2004" (English), "19 de junio de 2004" (Spanish);
    /// other languages get `yyyy-MM-dd`.
    static func longLabel(_ date: CalendarDate, locale: PortalLocale) -> String {
        switch locale.language {
        case "en": return "\(UIStrings.englishMonths[date.month - 1]) \(date.day), \(date.year)"
        case "es": return "\(date.day) de \(UIStrings.spanishMonths[date.month - 1]) de \(date.year)"
        default: return date.isoString
        }
    }

    /// Reads what a user types in `locale`: the long form (month names in full or abbreviated to
    /// three letters or more, any case, accents optional), the locale's numeric order (`M/d/yyyy`
    /// in English, `d/M/yyyy` elsewhere), or `yyyy-M-d`.
    static func parseLabel(_ text: String, locale: PortalLocale) throws(FieldIssue) -> CalendarDate {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, trimmed.count <= 64 else { throw .invalidDate(text) }
        if trimmed.contains("/") { return try slashed(trimmed, original: text, monthFirst: locale.language == "en") }
        if let date = try dashed(trimmed, original: text) { return date }
        // Long form: words and numbers, in any of "June 19, 2004" / "19 de junio de 2004" / "19 June 2004".
        let words = UIStrings.folded(trimmed).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        var numbers: [Int] = []
        var month: Int?
        for word in words {
            if word.allSatisfy(\.isASCIIDigit) {
                guard word.count <= 4, let number = Int(word) else { throw .invalidDate(text) }
                numbers.append(number)
            } else if word == "de" || word == "of" || word == "del" {
                continue
            } else if month == nil, let found = UIStrings.month(named: String(word)) {
                month = found
            } else {
                throw .invalidDate(text)
            }
        }
        guard let month, numbers.count == 2 else { throw .invalidDate(text) }
        let (day, year) = numbers[0] > 31 ? (numbers[1], numbers[0]) : (numbers[0], numbers[1])
        guard let date = CalendarDate(year: year, month: month, day: day) else { throw .nonexistentDate(text) }
        return date
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
