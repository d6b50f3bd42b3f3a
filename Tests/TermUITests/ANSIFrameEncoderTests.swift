import Testing
import TermUI

@Suite("ANSI frame encoder")
struct ANSIFrameEncoderTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func writesOnlyChangedRunsWithStylesOnceAndTheCursor() {
        var renderer = FrameRenderer()
        var encoder = ANSIFrameEncoder(colorDepth: .ansi256)
        var grid = Grid(size: Size(width: 6, height: 2))
        grid.write("ab", at: .zero, style: Style(foreground: .red, attributes: .bold))
        let first = text(encoder.encode(renderer.update(to: grid)))
        #expect(first.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        #expect(first.contains("\u{1B}[1;1H\u{1B}[0;1;31mab"))
        grid.write("c", at: Point(x: 3, y: 1), style: Style(background: .rgb(255, 135, 0)))
        grid.cursor = Point(x: 4, y: 1)
        let second = text(encoder.encode(renderer.update(to: grid)))
        #expect(second == "\u{1B}[?25l\u{1B}[2;4H\u{1B}[0;48;5;208mc\u{1B}[2;5H\u{1B}[?25h")
    }

    @Test func sameStyleDoesNotRepeatSGR() {
        var renderer = FrameRenderer()
        var encoder = ANSIFrameEncoder()
        var grid = Grid(size: Size(width: 10, height: 1))
        _ = encoder.encode(renderer.update(to: grid))
        grid.write("x", at: Point(x: 1, y: 0))
        // Four blanks apart: two runs (three or fewer would be written as one, see FrameDiff).
        grid.write("y", at: Point(x: 6, y: 0))
        let update = text(encoder.encode(renderer.update(to: grid)))
        #expect(update == "\u{1B}[?25l\u{1B}[1;2Hx\u{1B}[1;7Hy")
    }
}
