/// Makes untrusted text safe to draw: no byte of it can start a terminal escape sequence.
public enum TerminalText {
    /// The glyph drawn in place of a control character.
    public static let replacement: Character = "\u{FFFD}"

    /// True for C0 controls, DEL, C1 controls, the line/paragraph separators U+2028/U+2029 and
    /// the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which would
    /// reorder what follows them on the line (text that reads other than it is).
    @inline(__always)
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return true }
        return value >= 0x2028 && (value <= 0x2029 || (value >= 0x202A && value <= 0x202E) || (value >= 0x2066 && value <= 0x2069))
    }

    /// `character` itself, or U+FFFD when any of its scalars is a control character
    /// (ESC, CR, LF, TAB, BEL, CSI U+009B, …), so it can never reach the terminal.
    @inline(__always)
    public static func sanitized(_ character: Character) -> Character {
        for scalar in character.unicodeScalars where isControl(scalar) { return replacement }
        return character
    }

    /// `text` with every grapheme that holds a control character replaced by U+FFFD.
    public static func sanitized<S: StringProtocol>(_ text: S) -> String {
        if !text.unicodeScalars.contains(where: isControl) { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text { result.append(sanitized(character)) }
        return result
    }
}
