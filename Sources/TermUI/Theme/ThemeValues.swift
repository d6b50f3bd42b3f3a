/// Colour and style words of theme and cell files (docs/themes.md).
enum ThemeValues {
    /// A colour word: `default`, a standard colour name (`red`, `brightBlack`, `bright-black`),
    /// a 256-palette index `0`…`255`, `#rrggbb`, or nil when it is none of these (maybe a palette name).
    static func standardColor(_ word: String) -> Color? {
        if word == "default" { return .default }
        if let index = UInt8(word), word.first != "+" { return .indexed(index) }
        if word.first == "#" {
            let hex = word.dropFirst()
            guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else { return nil }
            return .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        }
        let normalised = word.lowercased().filter { $0 != "-" && $0 != "_" }
        return standardColorNames[normalised].map(Color.ansi)
    }

    /// The standard colours by their case names in lower case (`brightblack`). Written out: the
    /// name of an enum case as a string (`"\(color)"`) goes through reflection, which made
    /// checking a theme's colour words a few per cent of a cached form's start-up.
    static let standardColorNames: [String: ANSIColor] = [
        "black": .black, "red": .red, "green": .green, "yellow": .yellow, "blue": .blue, "magenta": .magenta,
        "cyan": .cyan, "white": .white, "brightblack": .brightBlack, "brightred": .brightRed, "brightgreen": .brightGreen,
        "brightyellow": .brightYellow, "brightblue": .brightBlue, "brightmagenta": .brightMagenta, "brightcyan": .brightCyan,
        "brightwhite": .brightWhite,
    ]

    /// Whether `word` can name a palette entry: a letter, then letters, digits, `-` and `_`, and not
    /// a standard colour word.
    static func isPaletteName(_ word: String) -> Bool {
        guard let first = word.first, first.isASCII, first.isLetter else { return false }
        return word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            && standardColor(word) == nil
    }

    /// Resolves a colour word through `palette` (whose entries may name other entries).
    static func color(_ word: String, palette: [String: String]) throws(ThemeFileProblem) -> Color {
        var seen: [String] = []
        var current = word
        while true {
            if let color = standardColor(current) { return color }
            if current.first == "#" {
                throw ThemeFileProblem(line: 0, message: "'\(current)' is not a #rrggbb colour")
            }
            guard let next = palette[current] else {
                throw ThemeFileProblem(line: 0, message: "unknown colour '\(current)' (a palette name, a standard colour name, 0–255 or #rrggbb)")
            }
            seen.append(current)
            if seen.contains(next) {
                throw ThemeFileProblem(line: 0, message: "palette entries name each other in a circle: \((seen + [next]).joined(separator: " → "))")
            }
            current = next
        }
    }

    static let attributeNames: [(String, TextAttributes)] = [
        ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline), ("reverse", .reverse),
    ]

    /// A style: space-separated words `plain`, `bold`, `dim`, `italic`, `underline`, `reverse`,
    /// `fg=<colour>`, `bg=<colour>`.
    static func style(_ text: String, palette: [String: String]) throws(ThemeFileProblem) -> Style {
        var style = Style()
        var sawForeground = false
        var sawBackground = false
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) {
            if word == "plain" { continue }
            if let attribute = attributeNames.first(where: { $0.0 == word }) {
                style.attributes.insert(attribute.1)
            } else if word.hasPrefix("fg=") {
                guard !sawForeground else { throw ThemeFileProblem(line: 0, message: "fg= given twice") }
                sawForeground = true
                style.foreground = try color(String(word.dropFirst(3)), palette: palette)
            } else if word.hasPrefix("bg=") {
                guard !sawBackground else { throw ThemeFileProblem(line: 0, message: "bg= given twice") }
                sawBackground = true
                style.background = try color(String(word.dropFirst(3)), palette: palette)
            } else {
                throw ThemeFileProblem(line: 0,
                                       message: "unknown style word '\(word)' (plain, bold, dim, italic, underline, reverse, fg=<colour>, bg=<colour>)")
            }
        }
        return style
    }

    /// A style key `component` or `component:state`.
    static func styleKey(_ key: String) throws(ThemeFileProblem) -> Theme.Key {
        let parts = key.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let component = parts.first, isComponentName(component) else {
            throw ThemeFileProblem(line: 0, message: "'\(key)' is not a style key (component or component:state, e.g. field.label:focused)")
        }
        guard parts.count == 2 else { return Theme.Key(String(component)) }
        guard let state = ComponentState(rawValue: String(parts[1])) else {
            let states = ComponentState.allCases.map(\.rawValue).joined(separator: ", ")
            throw ThemeFileProblem(line: 0, message: "unknown state '\(parts[1])' (\(states))")
        }
        return Theme.Key(String(component), state)
    }

    /// Dot-separated names of letters, digits, `-` and `_` (`field.label`, `checkbox.on`).
    static func isComponentName(_ name: Substring) -> Bool {
        !name.isEmpty && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        }
    }
}
