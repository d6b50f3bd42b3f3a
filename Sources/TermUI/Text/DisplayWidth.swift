/// Display width of text in terminal columns, per grapheme cluster (Swift `Character`).
///
/// Rules, after `TerminalText.sanitized` made control characters inert:
/// - printable ASCII is 1 column (fast path);
/// - a cluster takes the width of its first scalar: 2 for East Asian Wide/Fullwidth and for emoji
///   presented as emoji by default, 0 for combining marks and format characters, else 1;
///   combining marks that follow a base join its cluster and add nothing;
/// - an emoji-capable base followed by VS16 (U+FE0F), a ZWJ sequence (`👩‍💻`), a skin-tone
///   sequence and a flag (two regional indicators) are one cluster of width 2;
/// - the halfwidth katakana sound marks (U+FF9E/FF9F) join the cluster but add a column (terminals
///   draw them apart), capped at 2;
/// - a cluster made only of zero-width scalars (a lone combining mark, U+200B) is 0 wide; the grid
///   drops such clusters.
///
/// The tables (`WidthTables`) are generated from Unicode's East_Asian_Width, general-category and
/// Emoji_Presentation data by `scripts/width-tables/generate.py`.
public enum DisplayWidth {
    /// Width of one scalar on its own: 0, 1 or 2. Control characters count 1 (they are drawn as U+FFFD).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return 1 }
        if value < 0x300 { return 1 }
        if contains(value, in: WidthTables.zeroWidth) { return 0 }
        if value >= 0x1100 && contains(value, in: WidthTables.doubleWidth) { return 2 }
        return 1
    }

    /// Width of one grapheme cluster as a terminal shows it: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F && character.utf8.count == 1 { return 1 }
        if TerminalText.isControl(first) { return 1 }
        var base = of(first)
        var sawScalar = false
        var emojiSequence = false
        var extra = 0
        for scalar in scalars {
            defer { sawScalar = true }
            guard sawScalar else { continue }
            switch scalar.value {
            case 0xFE0F:  // VS16: emoji presentation
                if first.properties.isEmoji { emojiSequence = true }
            case 0x200D:  // ZWJ sequence
                if first.properties.isEmoji && first.value > 0xFF { emojiSequence = true }
            case 0x1F3FB...0x1F3FF:  // skin tone modifier
                emojiSequence = true
            case 0xFF9E, 0xFF9F:  // halfwidth sound marks: extend the cluster but take a column
                extra += 1
            default:
                if TerminalText.isControl(scalar) { return 1 }
                if base == 0 { base = of(scalar) }  // e.g. ZWSP or mark followed by something visible
            }
        }
        if emojiSequence { return 2 }
        return min(2, base + extra)
    }

    /// Sum of the widths of the grapheme clusters of `text`.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard isSimple(value) else { return clusterWidth(text) }
            total += simpleWidth(value)
        }
        return total
    }

    private static func clusterWidth<S: StringProtocol>(_ text: S) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// True when a scalar is printable and always a grapheme cluster of its own (it neither joins
    /// nor is joined by its neighbours), so text made only of such scalars can be measured and laid
    /// out one scalar at a time, without grapheme breaking.
    @inline(__always)
    public static func isSimple(_ value: UInt32) -> Bool {
        if value < 0x7F { return value >= 0x20 }
        if value < 0xA0 { return false }
        if value < 0x300 { return true }
        if isCommonWide(value) { return true }
        if value == 0x2028 || value == 0x2029 { return false }
        return !contains(value, in: WidthTables.clusterSensitive)
    }

    /// Width of a simple scalar (see `isSimple`): 1 or 2.
    @inline(__always)
    public static func simpleWidth(_ value: UInt32) -> Int {
        if value < 0x1100 { return 1 }
        if isCommonWide(value) { return 2 }
        return contains(value, in: WidthTables.doubleWidth) ? 2 : 1
    }

    /// Hiragana, Katakana, CJK unified ideographs and Hangul syllables: wide, simple, and most of
    /// the wide text there is; checked before the tables.
    @inline(__always)
    static func isCommonWide(_ value: UInt32) -> Bool {
        (value >= 0x4E00 && value <= 0x9FFF) || (value >= 0xAC00 && value <= 0xD7A3) || (value >= 0x3041 && value <= 0x3096)
            || (value >= 0x30A1 && value <= 0x30FA)
    }

    /// True when every scalar of `text` is simple (see `isSimple`).
    public static func isSimple<S: StringProtocol>(_ text: S) -> Bool {
        text.unicodeScalars.allSatisfy { isSimple($0.value) }
    }

    /// Binary search over flat `[lower, upper, lower, upper, …]` ranges.
    @inline(__always)
    static func contains(_ value: UInt32, in table: [UInt32]) -> Bool {
        var low = 0
        var high = table.count / 2 - 1
        if high < 0 || value < table[0] || value > table[table.count - 1] { return false }
        while low <= high {
            let middle = (low + high) >> 1
            if value < table[middle * 2] {
                high = middle - 1
            } else if value > table[middle * 2 + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}

extension StringProtocol {
    /// Terminal columns this text takes (see `DisplayWidth`).
    public var displayWidth: Int { DisplayWidth.of(self) }
}

extension Character {
    /// Terminal columns this grapheme cluster takes: 0, 1 or 2 (see `DisplayWidth`).
    public var displayWidth: Int { DisplayWidth.of(self) }
}
