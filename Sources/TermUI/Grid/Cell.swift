/// One terminal cell: a grapheme cluster, its width and its style.
///
/// A wide grapheme (width 2) occupies two cells: the leading cell holds the grapheme, the next one
/// is a *continuation* (empty grapheme, width 0) with the same style. A cell never holds a control
/// character.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn in this cell; empty for a continuation cell.
    public private(set) var grapheme: String
    /// Columns the grapheme takes: 1 or 2, or 0 for a continuation cell.
    public private(set) var width: UInt8
    public var style: Style

    /// A cell holding `character`, made safe (controls become U+FFFD). A zero-width cluster becomes
    /// a space.
    public init(_ character: Character, style: Style = .plain) {
        let safe = TerminalText.sanitized(character)
        let w = DisplayWidth.of(safe)
        if w == 0 {
            self.init(uncheckedGrapheme: " ", width: 1, style: style)
        } else {
            self.init(uncheckedGrapheme: String(safe), width: UInt8(min(w, 2)), style: style)
        }
    }

    @inline(__always)
    init(uncheckedGrapheme grapheme: String, width: UInt8, style: Style) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A space in the plain style.
    public static let blank = Cell(uncheckedGrapheme: " ", width: 1, style: .plain)

    /// A space in `style`.
    public static func blank(_ style: Style) -> Cell { Cell(uncheckedGrapheme: " ", width: 1, style: style) }

    /// The trailing half of a wide grapheme.
    static func continuation(_ style: Style) -> Cell { Cell(uncheckedGrapheme: "", width: 0, style: style) }

    /// True for the trailing half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
    /// True for the leading half of a wide grapheme.
    public var isWide: Bool { width == 2 }
}

/// Precomputed cells content for ASCII, so writing ASCII text allocates nothing per character.
enum ASCIIGraphemes {
    static let strings: [String] = (0..<128).map { byte -> String in
        (byte < 0x20 || byte == 0x7F) ? String(TerminalText.replacement) : String(UnicodeScalar(UInt8(byte)))
    }
}
