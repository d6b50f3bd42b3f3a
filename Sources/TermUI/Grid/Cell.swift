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

    init(uncheckedGrapheme grapheme: String, width: UInt8, style: Style) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A space in the plain style.
    public static let blank = Cell(uncheckedGrapheme: " ", width: 1, style: .plain)

    /// A space in `style`.
    public static func blank(_ style: Style) -> Cell { Cell(uncheckedGrapheme: " ", width: 1, style: style) }

    /// True for the trailing half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
    /// True for the leading half of a wide grapheme.
    public var isWide: Bool { width == 2 }
}

/// How a grid stores a cell: 8 bytes of plain data (no reference counting), so frames are cheap
/// to create, copy and compare. `code` is the grapheme's only scalar, or `clusterFlag | index` into
/// the grid's table of multi-scalar graphemes; `styleIndex` indexes the grid's style table; a
/// continuation cell has code 0 and width 0.
///
/// The fields live in one `UInt64` (code in bits 0–31, width in 32–39, style index in 48–63), so
/// writing a cell is one store and a row of them fills like `memset` (issue 17).
struct StoredCell: Equatable, Sendable {
    /// The cell's 8 bytes as one number: equal bits, equal cells (within one grid's tables).
    private(set) var bits: UInt64

    @inline(__always)
    init(code: UInt32, width: UInt8, styleIndex: UInt16) {
        bits = UInt64(code) | UInt64(width) << 32 | UInt64(styleIndex) << 48
    }

    @inline(__always) var code: UInt32 {
        get { UInt32(truncatingIfNeeded: bits) }
        set { bits = bits & ~0xFFFF_FFFF | UInt64(newValue) }
    }

    @inline(__always) var width: UInt8 { UInt8(truncatingIfNeeded: bits >> 32) }

    @inline(__always) var styleIndex: UInt16 {
        get { UInt16(truncatingIfNeeded: bits >> 48) }
        set { bits = bits & 0x0000_FFFF_FFFF_FFFF | UInt64(newValue) << 48 }
    }

    static let clusterFlag: UInt32 = 0x8000_0000

    @inline(__always) static func blank(_ styleIndex: UInt16) -> StoredCell { StoredCell(code: 0x20, width: 1, styleIndex: styleIndex) }
    @inline(__always) static func continuation(_ styleIndex: UInt16) -> StoredCell { StoredCell(code: 0, width: 0, styleIndex: styleIndex) }

    @inline(__always) var isContinuation: Bool { width == 0 }
    @inline(__always) var isWide: Bool { width == 2 }
    @inline(__always) var isCluster: Bool { code & StoredCell.clusterFlag != 0 }
}
