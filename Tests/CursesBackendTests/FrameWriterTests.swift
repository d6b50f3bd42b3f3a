import Testing
@testable import CursesBackend
import TermUI
import TermletsTestSupport

/// The frame writer on its own, with xterm-256color's strings: what it writes is applied to a
/// `TerminalScreen`, which must then show exactly the grid that was drawn; and the bytes it
/// saves (no move between adjacent runs, only the attributes that change, erasing instead of
/// spaces) are checked one by one.
@Suite("frame writer")
struct FrameWriterTests {
    static let palette = CursesPalette(depth: .ansi256, colorCount: 256, hasDefaultColors: true)

    /// The grid's measure, so tests do not depend on the C library's locale.
    static func writer(_ capabilities: OutputCapabilities = .xterm256) -> FrameWriter {
        FrameWriter(capabilities: capabilities, palette: palette) { value in
            guard let scalar = Unicode.Scalar(value) else { return -1 }
            return Int32(DisplayWidth.of(scalar))
        }
    }

    static let styles: [Style] = [
        .plain, Style(attributes: .bold), Style(foreground: .brightBlack), Style(foreground: .black, background: .cyan),
        Style(foreground: .indexed(208), background: .indexed(236)), Style(attributes: .reverse),
        Style(attributes: [.underline, .italic]), Style(foreground: .red, attributes: .dim), Style(background: .indexed(117)),
    ]
    /// Words to draw: ASCII, wide and narrow glyphs, and ASCII letters carrying combining marks
    /// (a letter and its mark are one cell: the writer must not split them).
    static let words = ["Field", "›", "記録", "  ", "value 12", "          ", "│", "·", "──────────", "é", "x",
                        "› Cafe\u{301} 12", "ok\u{20DD} ok", "Nai\u{308}ve›"]

    /// The pen a terminal shows `style` in.
    static func pen(_ style: Style) -> TerminalScreen.Pen {
        let drawn = style.downgraded(to: .ansi256)
        return TerminalScreen.Pen(attributes: drawn.attributes, foreground: palette.number(for: drawn.foreground, background: false),
                                  background: palette.number(for: drawn.background, background: true))
    }

    /// Every cell of `screen` shows what `grid` holds: the same character, the same attributes
    /// and colours — for a space, only what shows on a space (background, reverse, underline).
    static func mismatches(_ screen: TerminalScreen, _ grid: Grid) -> [String] {
        var found: [String] = []
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let expected = grid[x, y]
                let shown = screen[x, y]
                if expected.isContinuation {
                    if shown.text != "" { found.append("(\(x),\(y)) should continue a wide character, shows \(shown.text.debugDescription)") }
                    continue
                }
                if shown.text != expected.grapheme {
                    found.append("(\(x),\(y)) shows \(shown.text.debugDescription), grid has \(expected.grapheme.debugDescription)")
                    continue
                }
                let pen = Self.pen(expected.style)
                let visible: TextAttributes = [.reverse, .underline]
                if expected.grapheme == " " && pen.attributes.isDisjoint(with: visible) && shown.pen.attributes.isDisjoint(with: visible) {
                    if shown.pen.background != pen.background { found.append("(\(x),\(y)) background \(shown.pen.background), want \(pen.background)") }
                } else if shown.pen != pen {
                    found.append("(\(x),\(y)) \(expected.grapheme.debugDescription) in \(shown.pen), want \(pen)")
                }
            }
        }
        return found
    }

    @Test func randomFramesShowExactlyTheGrid() {
        let size = Size(width: 40, height: 8)
        var random = SeededGenerator(seed: 17)  // the same frames on every run
        var writer = Self.writer()
        var renderer = FrameRenderer()
        var screen = TerminalScreen(width: size.width, height: size.height)
        var grid = Grid(size: size)
        for frame in 0..<400 {
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let word = Self.words.randomElement(using: &random)!
                let style = Self.styles.randomElement(using: &random)!
                let at = Point(x: Int.random(in: 0..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random))
                if Int.random(in: 0..<5, using: &random) == 0 {
                    grid.fill(Rect(x: 0, y: at.y, width: size.width, height: 1), with: .blank(style))
                } else {
                    grid.write(word, fitting: Rect(x: at.x, y: at.y, width: size.width - at.x, height: 1), style: style)
                }
            }
            grid.cursor = Int.random(in: 0..<3, using: &random) == 0 ? nil
                : Point(x: Int.random(in: 0..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random))
            if frame % 97 == 50 {
                renderer.invalidate()
                writer.invalidate()
            }
            writer.write(renderer.update(to: grid))
            screen.feed(writer.output)
            let wrong = Self.mismatches(screen, grid)
            #expect(wrong.isEmpty, "frame \(frame): \(wrong.prefix(5))")
            #expect(screen.unknown.isEmpty, "frame \(frame): \(screen.unknown)")
            #expect(screen.cursorShown == (grid.cursor != nil), "frame \(frame)")
            if let cursor = grid.cursor { #expect(screen.cursor == (cursor.x, cursor.y), "frame \(frame)") }
            if !wrong.isEmpty { return }
        }
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func update(_ changes: [Change], cursor: Point? = nil, full: Bool = false) -> FrameUpdate {
        FrameUpdate(changes: changes, isFullRepaint: full, cursor: cursor, size: Size(width: 40, height: 8))
    }

    static func change(_ text: String, x: Int, y: Int, _ style: Style = .plain) -> Change {
        Change(position: Point(x: x, y: y), text: text, cellCount: DisplayWidth.of(text), style: style)
    }

    @Test func runsThatFollowEachOtherNeedNoMoveAndARowNeedsNoAddress() {
        var writer = Self.writer()
        writer.write(Self.update([], full: true))
        let bold = Style(attributes: .bold)
        writer.write(Self.update([Self.change("ab", x: 2, y: 3), Self.change("cd", x: 4, y: 3, bold), Self.change("e", x: 9, y: 3, bold)]))
        #expect(Self.text(writer.output) == "\u{1B}[4;3Hab\u{1B}[1mcd\u{1B}[3Ce")
        // A typed character where the cursor stands, the cursor after it: one byte.
        writer.write(Self.update([Self.change("f", x: 10, y: 3, bold)], cursor: Point(x: 11, y: 3)))
        writer.write(Self.update([Self.change("g", x: 11, y: 3, bold)], cursor: Point(x: 12, y: 3)))
        #expect(Self.text(writer.output) == "g")
    }

    @Test func attributesChangeByWhatChangesInOneSequence() {
        var writer = Self.writer()
        writer.write(Self.update([], full: true))
        let highlight = Style(foreground: .black, background: .indexed(117))
        writer.write(Self.update([Self.change("a", x: 0, y: 0, highlight)]))
        // The cursor is home after the clear: no move.
        #expect(Self.text(writer.output) == "\u{1B}[30;48;5;117ma")
        // Adding an attribute keeps the colours; taking it away resets, then sets what stays.
        writer.write(Self.update([Self.change("b", x: 1, y: 0, highlight.adding(.bold))]))
        #expect(Self.text(writer.output) == "\u{1B}[1mb")
        writer.write(Self.update([Self.change("c", x: 2, y: 0, highlight)]))
        #expect(Self.text(writer.output) == "\u{1B}(B\u{1B}[0;30;48;5;117mc")
        // Only the background changes.
        writer.write(Self.update([Self.change("d", x: 3, y: 0, Style(foreground: .black, background: .indexed(24)))]))
        #expect(Self.text(writer.output) == "\u{1B}[48;5;24md")
    }

    @Test func blanksAreErasedWhereThatIsShorterAndLooksTheSame() {
        var writer = Self.writer()
        writer.write(Self.update([], full: true))
        let spaces = String(repeating: " ", count: 20)
        let highlight = Style(foreground: .black, background: .cyan)
        // To the end of the row (a run longer than the row is cut): el; in the middle: ech; in
        // reverse video: written (an erased cell would not be reversed), here repeated.
        writer.write(Self.update([Self.change("ab" + spaces + spaces, x: 0, y: 1, highlight)]))
        #expect(Self.text(writer.output) == "\u{1B}[2;1H\u{1B}[30;46mab\u{1B}[K")
        writer.write(Self.update([Self.change(spaces, x: 5, y: 2, highlight)]))
        #expect(Self.text(writer.output) == "\u{1B}[3;6H\u{1B}[20X")
        writer.write(Self.update([Self.change(spaces, x: 5, y: 3, Style(attributes: .reverse))]))
        #expect(Self.text(writer.output) == "\u{1B}[4;6H\u{1B}(B\u{1B}[0;7m \u{1B}[19b")
        // Spaces after bold text do not need bold turned off.
        writer.write(Self.update([Self.change("Name", x: 0, y: 4, Style(attributes: .bold)), Self.change("  ", x: 4, y: 4)]))
        #expect(Self.text(writer.output) == "\u{1B}[5;1H\u{1B}(B\u{1B}[0;1mName  ")
    }

    @Test func aFullRepaintClearsAndWritesOnlyWhatIsNotBlank() {
        var writer = Self.writer()
        var renderer = FrameRenderer()
        var grid = Grid(size: Size(width: 40, height: 8))
        grid.write("Title", at: Point(x: 1, y: 0), style: Style(attributes: .bold))
        writer.write(renderer.update(to: grid))
        #expect(Self.text(writer.output) == "\u{1B}(B\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}[C\u{1B}[1mTitle\u{1B}[?25l")
    }

    @Test func theBottomRightCellIsLeftOutWhereWritingItWouldScroll() {
        var capabilities = OutputCapabilities.xterm256
        capabilities.wrapsAtLastColumn = true
        var writer = Self.writer(capabilities)
        writer.write(Self.update([], full: true))
        writer.write(Self.update([Self.change("xyz", x: 37, y: 7)]))
        #expect(Self.text(writer.output) == "\u{1B}[8;38Hxy")
        writer.write(Self.update([Self.change("xyz", x: 37, y: 6)]))
        #expect(Self.text(writer.output) == "\u{1B}[7;38Hxyz")
        // The cursor is not known after the last column: the next run is addressed.
        writer.write(Self.update([Self.change("q", x: 0, y: 7)]))
        #expect(Self.text(writer.output) == "\u{1B}[8;1Hq")
    }

    @Test func otherTerminalsStringsGoThroughTerminfo() {
        var capabilities = OutputCapabilities.xterm256
        capabilities.foreground = ParameterString("\u{1B}[3%p1%dm")
        capabilities.cursorAddress = ParameterString("\u{1B}[%i%p1%d;%p2%df")
        capabilities.eraseCharacters = nil
        capabilities.cursorForward = nil
        #expect(!capabilities.foreground!.isANSI)
        var writer = Self.writer(capabilities)
        writer.write(Self.update([], full: true))
        writer.write(Self.update([Self.change("a", x: 3, y: 2, Style(foreground: .red)), Self.change("b", x: 6, y: 2, Style(foreground: .red))]))
        #expect(Self.text(writer.output) == "\u{1B}[3;4f\u{1B}[31ma\u{1B}[3;7fb")
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        var writer = Self.writer()
        writer.write(Self.update([], full: true))
        writer.write(Self.update([Change(position: Point(x: 0, y: 0), text: "a\u{1B}[2J\u{9B}b\u{7}", cellCount: 8, style: .plain)]))
        let written = Self.text(writer.output)
        #expect(!written.contains("\u{1B}[2J"))
        #expect(!written.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x07 })
        #expect(written.hasSuffix("a\u{FFFD}[2J\u{FFFD}b\u{FFFD}"))
    }
}
