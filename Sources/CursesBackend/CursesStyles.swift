import CNcurses
import TermUI

/// Styles as curses draws them: attributes plus a colour pair, the pair allocated (and
/// initialised with `init_extended_pair`) the first time a style is drawn, then cached. Used only
/// on the main actor, inside the backend's curses sections.
struct CursesStyles {
    private var pairs: ColorPairTable
    private var cache: [Style: (attributes: attr_t, pair: Int16)] = [:]

    init(pairs: ColorPairTable) { self.pairs = pairs }

    /// The depth styles are drawn in.
    var depth: ColorDepth { pairs.palette.depth }

    /// The attributes and colour pair for `style`, downgraded to `depth`.
    mutating func resolve(_ style: Style) -> (attributes: attr_t, pair: Int16) {
        if let cached = cache[style] { return cached }
        let drawn = style.downgraded(to: depth)
        var attributes = cn_a_normal()
        let flags = drawn.attributes
        if flags.contains(.bold) { attributes |= cn_a_bold() }
        if flags.contains(.dim) { attributes |= cn_a_dim() }
        if flags.contains(.italic) { attributes |= cn_a_italic() }
        if flags.contains(.underline) { attributes |= cn_a_underline() }
        if flags.contains(.reverse) { attributes |= cn_a_reverse() }
        var pair: Int16 = 0
        if depth != .monochrome {
            let palette = pairs.palette
            let colors = ColorPairTable.Colors(foreground: palette.number(for: drawn.foreground, background: false),
                                               background: palette.number(for: drawn.background, background: true))
            let lookup = pairs.pair(for: colors)
            if case .new(let number) = lookup {
                _ = init_extended_pair(number, colors.foreground, colors.background)
            }
            pair = Int16(lookup.pair)
        }
        cache[style] = (attributes, pair)
        return (attributes, pair)
    }
}
