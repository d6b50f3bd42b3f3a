import TermUI

/// Draws a ``PixelImage`` into grid cells. With 256 or 24-bit colour each cell is an upper half
/// block `▀`: foreground = the upper pixel, background = the lower one, so a cell shows two
/// square-ish pixels. With 16 colours or none (`NO_COLOR`) each cell is a glyph of a grey ramp
/// (` ░▒▓█`) by the brightness of its two pixels. The image keeps its aspect ratio and is
/// centred in the rectangle; transparent pixels leave the terminal's background.
public enum PreviewRenderer {
    /// The brightness ramp used without colour, darkest first.
    public static let ramp: [Character] = [" ", "░", "▒", "▓", "█"]

    /// The pixel size (width, height) the image is scaled to for `rect`: at most `rect.width`
    /// columns and `2 × rect.height` pixel rows, aspect ratio kept.
    public static func pixelSize(of image: PixelImage, in rect: Rect) -> (width: Int, height: Int) {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0 else { return (0, 0) }
        let scale = min(Double(rect.width) / Double(image.width), Double(rect.height * 2) / Double(image.height))
        let width = max(1, min(rect.width, Int((Double(image.width) * scale).rounded())))
        let height = max(1, min(rect.height * 2, Int((Double(image.height) * scale).rounded())))
        return (width, height)
    }

    /// Draws `image` fitted into `rect` for a terminal of `depth`.
    public static func draw(_ image: PixelImage, in rect: Rect, depth: ColorDepth, into grid: inout Grid) {
        let (width, height) = pixelSize(of: image, in: rect)
        guard width > 0, height > 0 else { return }
        let scaled = image.resampled(width: width, height: height)
        let cellRows = (height + 1) / 2
        let originX = rect.x + (rect.width - width) / 2
        let originY = rect.y + (rect.height - cellRows) / 2
        for row in 0..<cellRows {
            for column in 0..<width {
                let top = scaled.pixel(x: column, y: row * 2)
                let bottom = row * 2 + 1 < height ? scaled.pixel(x: column, y: row * 2 + 1) : (r: 0, g: 0, b: 0, a: 0)
                let (grapheme, style) = cell(top: top, bottom: bottom, depth: depth)
                grid.put(Cell(grapheme, style: style), at: Point(x: originX + column, y: originY + row), clip: rect)
            }
        }
    }

    typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    static func cell(top: Pixel, bottom: Pixel, depth: ColorDepth) -> (Character, Style) {
        let topVisible = top.a >= 128, bottomVisible = bottom.a >= 128
        switch depth {
        case .trueColor, .ansi256:
            func color(_ pixel: Pixel) -> Color { Color.rgb(pixel.r, pixel.g, pixel.b).downgraded(to: depth) }
            switch (topVisible, bottomVisible) {
            case (true, true): return ("▀", Style(foreground: color(top), background: color(bottom)))
            case (true, false): return ("▀", Style(foreground: color(top)))
            case (false, true): return ("▄", Style(foreground: color(bottom)))
            case (false, false): return (" ", .plain)
            }
        case .ansi16, .monochrome:
            let visible = [top, bottom].filter { $0.a >= 128 }
            guard !visible.isEmpty else { return (" ", .plain) }
            let luminance = visible.map(Self.luminance).reduce(0, +) / visible.count
            return (ramp[min(ramp.count - 1, luminance * ramp.count / 256)], .plain)
        }
    }

    /// Perceived brightness 0…255 (Rec. 601 weights).
    static func luminance(_ pixel: Pixel) -> Int {
        (Int(pixel.r) * 299 + Int(pixel.g) * 587 + Int(pixel.b) * 114) / 1000
    }
}
