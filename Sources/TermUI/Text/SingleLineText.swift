extension TerminalText {
    /// The mark a line break in a value shows as on one line.
    public static let lineBreakMark = "↵"
    /// The mark a tab in a value shows as on one line.
    public static let tabMark = "→"

    /// `text` for one line of a list or a table: each line break (`\n`, `\r\n`, `\r`, U+2028,
    /// U+2029) shows as `↵` and each tab as `→`, so they read as what they are instead of U+FFFD.
    /// Other control characters are left for the grid (or the caller) to make inert.
    public static func singleLine<S: StringProtocol>(_ text: S) -> String {
        // By bytes first (a list draws every cell through here on every frame): only a tab, a
        // line feed, a return or the lead byte of U+2028/U+2029 (E2) can start a line break.
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xE2 }),
            text.unicodeScalars.contains(where: { $0.value == 0x0A || $0.value == 0x0D || $0.value == 0x09 || $0.value == 0x2028 || $0.value == 0x2029 })
        else {
            return String(text)
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for character in text {  // "\r\n" is one Character
            switch character {
            case "\n", "\r", "\r\n", "\u{2028}", "\u{2029}": result += lineBreakMark
            case "\t": result += tabMark
            default: result.append(character)
            }
        }
        return result
    }
}
