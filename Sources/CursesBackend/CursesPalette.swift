import TermUI

/// Maps TermUI colours to the terminal's colour numbers (what `setaf` and `setab` take) for a
/// colour depth.
struct CursesPalette: Sendable {
    /// The depth styles are downgraded to before drawing.
    let depth: ColorDepth
    /// `COLORS`: how many colour numbers the terminal has.
    let colorCount: Int
    /// False when `use_default_colors` failed: -1 is then unavailable and white on black stands in.
    let hasDefaultColors: Bool

    /// True when colour numbers are 24-bit RGB values (a direct-colour terminfo entry).
    var isDirect: Bool { colorCount >= 1 << 24 }

    /// The deepest colour depth a terminal with `colorCount` colours can show.
    static func maximumDepth(colorCount: Int, hasColors: Bool) -> ColorDepth {
        guard hasColors else { return .monochrome }
        if colorCount >= 1 << 24 { return .trueColor }
        if colorCount >= 256 { return .ansi256 }
        if colorCount >= 8 { return .ansi16 }
        return .monochrome
    }

    /// The colour number for `color` (already downgraded to `depth`).
    func number(for color: Color, background: Bool) -> Int32 {
        switch color {
        case .default:
            return hasDefaultColors ? -1 : (background ? 0 : 7)
        case .ansi(let ansi):
            let value = Int32(ansi.rawValue)
            return colorCount >= 16 || value < 8 ? value : value - 8
        case .indexed(let index):
            if isDirect { return Self.packed(Self.rgb(ofIndex: Int(index))) }
            if Int(index) < colorCount { return Int32(index) }
            return number(for: Color.indexed(index).downgraded(to: .ansi16), background: background)
        case .rgb(let r, let g, let b):
            if isDirect { return Int32(r) << 16 | Int32(g) << 8 | Int32(b) }
            return number(for: color.downgraded(to: colorCount >= 256 ? .ansi256 : .ansi16), background: background)
        }
    }

    /// The xterm palette: 16 standard colours, the 6×6×6 cube, the grey ramp.
    static func rgb(ofIndex index: Int) -> (Int, Int, Int) {
        let standard: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        switch index {
        case 0..<16: return standard[index]
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        case 232..<256:
            let grey = 8 + (index - 232) * 10
            return (grey, grey, grey)
        default: return (0, 0, 0)
        }
    }

    static func packed(_ rgb: (Int, Int, Int)) -> Int32 { Int32(rgb.0 << 16 | rgb.1 << 8 | rgb.2) }
}
