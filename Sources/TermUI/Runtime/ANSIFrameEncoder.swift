/// Encodes frame updates as ANSI/VT escape sequences: cursor positioning, SGR colours and
/// attributes, text. For a non-curses backend and for measuring the bytes a key press costs.
/// Tracks the style in effect so that runs in the same style do not repeat SGR codes.
public struct ANSIFrameEncoder: Sendable {
    private var currentStyle: Style? = nil
    /// The colour depth colours are written for (styles are downgraded to it).
    public var colorDepth: ColorDepth

    public init(colorDepth: ColorDepth = .trueColor) {
        self.colorDepth = colorDepth
    }

    /// The bytes that apply `update` to a terminal showing the previous frame.
    public mutating func encode(_ update: FrameUpdate) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(update.changes.reduce(0) { $0 + $1.text.utf8.count + 16 })
        if update.isFullRepaint {
            out += Array("\u{1B}[0m\u{1B}[2J".utf8)
            currentStyle = .plain
        }
        out += Array("\u{1B}[?25l".utf8)  // hide the cursor while drawing
        for change in update.changes {
            out += Array("\u{1B}[\(change.position.y + 1);\(change.position.x + 1)H".utf8)
            let style = change.style.downgraded(to: colorDepth)
            if style != currentStyle {
                out += ANSIFrameEncoder.sgr(style)
                currentStyle = style
            }
            out += Array(change.text.utf8)
        }
        if let cursor = update.cursor {
            out += Array("\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H\u{1B}[?25h".utf8)
        }
        return out
    }

    /// `ESC [ 0 ; … m` for a style.
    static func sgr(_ style: Style) -> [UInt8] {
        var codes = ["0"]
        let a = style.attributes
        if a.contains(.bold) { codes.append("1") }
        if a.contains(.dim) { codes.append("2") }
        if a.contains(.italic) { codes.append("3") }
        if a.contains(.underline) { codes.append("4") }
        if a.contains(.reverse) { codes.append("7") }
        codes += colorCodes(style.foreground, background: false)
        codes += colorCodes(style.background, background: true)
        return Array("\u{1B}[\(codes.joined(separator: ";"))m".utf8)
    }

    static func colorCodes(_ color: Color, background: Bool) -> [String] {
        switch color {
        case .default: return []
        case .ansi(let ansi):
            let base = ansi.rawValue < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            return [String(base + Int(ansi.rawValue % 8))]
        case .indexed(let index): return [background ? "48" : "38", "5", String(index)]
        case .rgb(let r, let g, let b): return [background ? "48" : "38", "2", String(r), String(g), String(b)]
        }
    }
}
