/// One `key = value` line of a theme or cell file.
struct ThemeFileEntry: Sendable, Equatable {
    /// The `[section]` it is in; "" before the first section.
    var section: String
    var key: String
    var value: String
    var line: Int
}

/// A problem in a theme or cell file, with its line (0: the file as a whole).
struct ThemeFileProblem: Error, Sendable, Equatable {
    var line: Int
    var message: String

    /// `"<origin>: line 7: <message>"`, or `"<origin>: <message>"` for the whole file.
    func describe(origin: String) -> String {
        line > 0 ? "\(origin): line \(line): \(message)" : "\(origin): \(message)"
    }
}

/// The line syntax shared by theme and cell files (docs/themes.md):
/// `# comment` lines, `[section]` headers, `key = value` lines; a value is either bare text (up to
/// a comment: a `#` after a blank and before a blank or the line's end, so `#1e1e2e` is a value) or a `"quoted string"` with `\"`, `\\` and `\u{…}` escapes. Strict: any other
/// line is an error, as are duplicate keys and sections, and control characters in values.
enum ThemeFileSyntax {
    static func parse(_ text: String) throws(ThemeFileProblem) -> [ThemeFileEntry] {
        var entries: [ThemeFileEntry] = []
        var section = ""
        var sectionLines: [String: Int] = [:]
        var keyLines: [String: Int] = [:]
        var lineNumber = 0
        let text = text.first == "\u{FEFF}" ? Substring(text.dropFirst()) : Substring(text)   // a byte-order mark
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.last == "\r" { line = line.dropLast() }
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty || trimmed.first == "#" { continue }
            if trimmed.first == "[" {
                let name = try sectionName(trimmed, line: lineNumber)
                if let first = sectionLines[name] {
                    throw ThemeFileProblem(line: lineNumber, message: "section [\(name)] appears twice (first at line \(first))")
                }
                sectionLines[name] = lineNumber
                section = name
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw ThemeFileProblem(line: lineNumber,
                                       message: "expected 'key = value', a [section] or a # comment, found '\(trimmed.prefix(40))'")
            }
            let key = String(trimmed[..<equals].trimmingBlanks())
            guard !key.isEmpty else { throw ThemeFileProblem(line: lineNumber, message: "missing key before '='") }
            guard key.allSatisfy(isKeyCharacter) else {
                throw ThemeFileProblem(line: lineNumber,
                                       message: "'\(key)' is not a valid key (letters, digits, '.', '-', '_' and ':' only)")
            }
            let value = try parseValue(trimmed[trimmed.index(after: equals)...], line: lineNumber)
            let qualified = section + "\u{0}" + key
            if let first = keyLines[qualified] {
                throw ThemeFileProblem(line: lineNumber, message: "'\(key)' is set twice (first at line \(first))")
            }
            keyLines[qualified] = lineNumber
            entries.append(ThemeFileEntry(section: section, key: key, value: value, line: lineNumber))
        }
        return entries
    }

    static func isKeyCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "." || c == "-" || c == "_" || c == ":")
    }

    private static func sectionName(_ text: Substring, line: Int) throws(ThemeFileProblem) -> String {
        guard let close = text.firstIndex(of: "]") else {
            throw ThemeFileProblem(line: line, message: "section header without ']'")
        }
        let rest = text[text.index(after: close)...].trimmingBlanks()
        guard rest.isEmpty || rest.first == "#" else {
            throw ThemeFileProblem(line: line, message: "unexpected text after the section header: '\(rest.prefix(40))'")
        }
        let name = String(text[text.index(after: text.startIndex)..<close].trimmingBlanks())
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw ThemeFileProblem(line: line, message: "'[\(name)]' is not a valid section name")
        }
        return name
    }

    private static func parseValue(_ text: Substring, line: Int) throws(ThemeFileProblem) -> String {
        let text = text.trimmingBlanks()
        if text.first == "\"" { return try quoted(text, line: line) }
        var end = text.endIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "#", index == text.startIndex || text[text.index(before: index)].isBlank,
               next == text.endIndex || text[next].isBlank {
                end = index
                break
            }
            index = next
        }
        let value = String(text[..<end].trimmingBlanks())
        guard !value.isEmpty else {
            throw ThemeFileProblem(line: line, message: "missing value (write \"\" for an empty one)")
        }
        try checkNoControls(value, line: line)
        return value
    }

    private static func quoted(_ text: Substring, line: Int) throws(ThemeFileProblem) -> String {
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let c = text[index]
            index = text.index(after: index)
            if c == "\"" {
                let rest = text[index...].trimmingBlanks()
                guard rest.isEmpty || rest.first == "#" else {
                    throw ThemeFileProblem(line: line, message: "unexpected text after the closing quote: '\(rest.prefix(40))'")
                }
                try checkNoControls(result, line: line)
                return result
            }
            guard c == "\\" else { result.append(c); continue }
            guard index < text.endIndex else { break }
            let escaped = text[index]
            index = text.index(after: index)
            switch escaped {
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "u":
                guard index < text.endIndex, text[index] == "{",
                      let close = text[index...].firstIndex(of: "}"),
                      let code = UInt32(text[text.index(after: index)..<close], radix: 16),
                      let scalar = Unicode.Scalar(code) else {
                    throw ThemeFileProblem(line: line, message: "bad \\u{…} escape (hexadecimal code point in braces)")
                }
                result.unicodeScalars.append(scalar)
                index = text.index(after: close)
            default:
                throw ThemeFileProblem(line: line, message: "unknown escape '\\\(escaped)' (use \\\", \\\\ or \\u{…})")
            }
        }
        throw ThemeFileProblem(line: line, message: "missing closing quote")
    }

    private static func checkNoControls(_ value: String, line: Int) throws(ThemeFileProblem) {
        for scalar in value.unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            throw ThemeFileProblem(line: line, message: "control character U+\(String(scalar.value, radix: 16, uppercase: true)) in a value")
        }
    }
}

extension Character {
    fileprivate var isBlank: Bool { self == " " || self == "\t" }
}

extension Substring {
    fileprivate func trimmingBlanks() -> Substring {
        var result = self
        while let first = result.first, first.isBlank { result = result.dropFirst() }
        while let last = result.last, last.isBlank { result = result.dropLast() }
        return result
    }
}
