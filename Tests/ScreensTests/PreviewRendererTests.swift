import Screens
import TermUI
import TermUITesting
import Testing

@Suite("Image previews")
struct PreviewRendererTests {
    /// Four flat quadrants: red, green, blue, white; the bottom-right quarter half transparent.
    static let quadrants: PixelImage = {
        var rgba: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 {
                switch (x < 4, y < 4) {
                case (true, true): rgba += [255, 0, 0, 255]
                case (false, true): rgba += [0, 255, 0, 255]
                case (true, false): rgba += [0, 0, 255, 255]
                case (false, false): rgba += [255, 255, 255, (x + y) % 2 == 0 ? 255 : 0]
                }
            }
        }
        return PixelImage(width: 8, height: 8, rgba: rgba)
    }()

    func render(_ depth: ColorDepth, size: Size = Size(width: 8, height: 4)) -> Grid {
        var grid = Grid(size: size)
        PreviewRenderer.draw(Self.quadrants, in: grid.bounds, depth: depth, into: &grid)
        return grid
    }

    @Test func trueColourHalfBlocksCarryTheUpperAndLowerPixels() {
        let grid = render(.trueColor)
        let cell = grid[0, 0]
        #expect(cell.grapheme == "▀")
        #expect(cell.style.foreground == .rgb(255, 0, 0) && cell.style.background == .rgb(255, 0, 0))
        #expect(grid[7, 0].style.foreground == .rgb(0, 255, 0))
        #expect(grid[0, 3].style.foreground == .rgb(0, 0, 255))
        GoldenSnapshot.assertMatches(grid, named: "preview-truecolor-8x4")
    }

    @Test func colours256AreThePaletteEntries() {
        let grid = render(.ansi256)
        #expect(grid[0, 0].style.foreground == .indexed(196))
        GoldenSnapshot.assertMatches(grid, named: "preview-256-8x4")
    }

    @Test func withoutColourTheGreyRamp() {
        for depth in [ColorDepth.ansi16, .monochrome] {
            let grid = render(depth)
            #expect(grid.cells.allSatisfy { $0.style == .plain })
            #expect(!GridText.text(grid).contains("▀"))
        }
        GoldenSnapshot.assertMatches(render(.monochrome), named: "preview-monochrome-8x4")
    }

    @Test func aspectRatioKeptAndCentred() {
        // A 2:1 image in a 10×10-cell rect: 10 px wide, 5 px high → 3 cell rows, centred.
        let wide = PixelImage(width: 20, height: 10, rgba: [UInt8](repeating: 200, count: 20 * 10 * 4))
        #expect(PreviewRenderer.pixelSize(of: wide, in: Rect(x: 0, y: 0, width: 10, height: 10)) == (10, 5))
        var grid = Grid(size: Size(width: 10, height: 10))
        PreviewRenderer.draw(wide, in: grid.bounds, depth: .trueColor, into: &grid)
        let rows = (0..<10).filter { y in (0..<10).contains { grid[$0, y].grapheme != " " } }
        #expect(rows == [3, 4, 5])
    }

    @Test func boxFilterAveragesAndNeverUpscales() {
        let checker = PixelImage(width: 4, height: 4, rgba: (0..<16).flatMap { i -> [UInt8] in
            let white = (i % 4 + i / 4) % 2 == 0
            return white ? [255, 255, 255, 255] : [0, 0, 0, 255]
        })
        let half = checker.resampled(width: 2, height: 2)
        #expect(half.pixel(x: 0, y: 0).r == 127)
        #expect(checker.downscaled(toFit: 100, 100) == checker)
        #expect(checker.downscaled(toFit: 2, 1).width == 1)
    }

    @Test func decodesToPlaceholdersForOtherTypes() {
        #expect(ImagePreview.decode(Array("GIF89a…".utf8), mimeType: "image/gif", maxWidth: 8, maxHeight: 8) == .placeholder(mimeType: "image/gif"))
        #expect(ImagePreview.decode([1, 2, 3], mimeType: "image/png", maxWidth: 8, maxHeight: 8) == .unavailable("not a PNG image"))
        let png = PNGTestEncoder.rgba(width: 100, height: 50) { x, _ in (UInt8(x), 0, 0, 255) }
        guard case .image(let image) = ImagePreview.decode(png, mimeType: "image/png", maxWidth: 64, maxHeight: 64) else {
            Issue.record("expected an image")
            return
        }
        #expect(image.width == 64 && image.height == 32)
    }
}
