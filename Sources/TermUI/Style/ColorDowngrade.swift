/// Nearest-colour mapping from richer to poorer colour depths.
enum ColorPalette {
    /// Typical (xterm) RGB values of the 16 standard colours.
    static let ansi: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// RGB of a 256-palette entry.
    static func rgb(ofIndexed index: UInt8) -> (Int, Int, Int) {
        switch index {
        case 0..<16:
            let c = ansi[Int(index)]
            return (Int(c.0), Int(c.1), Int(c.2))
        case 16..<232:
            let i = Int(index) - 16
            return (cubeLevels[i / 36], cubeLevels[(i / 6) % 6], cubeLevels[i % 6])
        default:
            let grey = 8 + (Int(index) - 232) * 10
            return (grey, grey, grey)
        }
    }

    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return dr * dr * 3 + dg * dg * 4 + db * db * 2
    }

    /// Nearest 256-palette entry (cube or grey ramp, never 0–15) to an RGB colour.
    static func nearestIndexed(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        func nearestLevel(_ v: Int) -> Int {
            var best = 0
            for (i, level) in cubeLevels.enumerated() where abs(level - v) < abs(cubeLevels[best] - v) { best = i }
            return best
        }
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cubeIndex = 16 + ri * 36 + gi * 6 + bi
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let average = (r + g + b) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let greyValue = 8 + greyStep * 10
        let grey = (greyValue, greyValue, greyValue)
        return distance(grey, (r, g, b)) < distance(cube, (r, g, b)) ? UInt8(232 + greyStep) : UInt8(cubeIndex)
    }

    /// Nearest of the 16 standard colours to an RGB colour.
    static func nearestANSI(_ r: Int, _ g: Int, _ b: Int) -> ANSIColor {
        var best = 0
        var bestDistance = Int.max
        for (i, c) in ansi.enumerated() {
            let d = distance((Int(c.0), Int(c.1), Int(c.2)), (r, g, b))
            if d < bestDistance { best = i; bestDistance = d }
        }
        return ANSIColor(rawValue: UInt8(best)) ?? .white
    }
}

extension Color {
    /// This colour as the nearest one a terminal of `depth` can show (`.default` in monochrome).
    public func downgraded(to depth: ColorDepth) -> Color {
        switch (self, depth) {
        case (.default, _): return .default
        case (_, .monochrome): return .default
        case (_, .trueColor): return self
        case (.ansi, _): return self
        case (.indexed(let index), .ansi256): return .indexed(index)
        case (.indexed(let index), _):
            if index < 16, let ansi = ANSIColor(rawValue: index) { return .ansi(ansi) }
            let (r, g, b) = ColorPalette.rgb(ofIndexed: index)
            return .ansi(ColorPalette.nearestANSI(r, g, b))
        case (.rgb(let r, let g, let b), .ansi256):
            return .indexed(ColorPalette.nearestIndexed(Int(r), Int(g), Int(b)))
        case (.rgb(let r, let g, let b), _):
            return .ansi(ColorPalette.nearestANSI(Int(r), Int(g), Int(b)))
        }
    }
}

extension Style {
    /// This style as a terminal of `depth` can show it. In monochrome the colours go; a style that
    /// had a background colour (a highlight, a selection bar) gets `reverse` instead, so it stays
    /// visible.
    public func downgraded(to depth: ColorDepth) -> Style {
        var result = Style(
            foreground: foreground.downgraded(to: depth),
            background: background.downgraded(to: depth),
            attributes: attributes
        )
        if depth == .monochrome && background != .default { result.attributes.insert(.reverse) }
        return result
    }
}
