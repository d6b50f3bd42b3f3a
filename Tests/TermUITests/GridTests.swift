import Testing
import TermletsTestSupport
@testable import TermUI
import TermUITesting

@Suite("Grid of cells")
struct GridTests {
    @Test func writesTextAndReturnsNextColumn() {
        var grid = Grid(size: Size(width: 10, height: 2))
        let end = grid.write("ab日c", at: Point(x: 1, y: 0))
        #expect(end == 6)
        #expect(GridText.lines(grid) == [" ab日c", ""])
        #expect(grid[3, 0].grapheme == "日" && grid[3, 0].width == 2)
        #expect(grid[4, 0].isContinuation)
    }

    @Test func wideCharacterNeverStraddlesTheClipEdge() {
        var grid = Grid(size: Size(width: 6, height: 1))
        grid.write("ab日本", at: .zero, clip: Rect(x: 0, y: 0, width: 5, height: 1))
        // "ab" + "日" fill 4 columns; "本" would need columns 4-5 but the clip ends at 5: a space.
        #expect(GridText.lines(grid) == ["ab日"])
        #expect(grid[4, 0].grapheme == " " && grid[4, 0].width == 1)
        // At the grid edge too.
        var edge = Grid(size: Size(width: 3, height: 1))
        edge.write("x日本", at: .zero)
        #expect(edge[1, 0].grapheme == "日" && edge[2, 0].isContinuation)
        var edge2 = Grid(size: Size(width: 2, height: 1))
        edge2.write("x日", at: .zero)
        #expect(edge2[1, 0].grapheme == " ")
    }

    @Test func wideCharacterCutByTheLeftClipEdgeBecomesASpace() {
        var grid = Grid(size: Size(width: 6, height: 1), fill: Cell("."))
        grid.write("日本", at: Point(x: 0, y: 0), clip: Rect(x: 1, y: 0, width: 5, height: 1))
        #expect(GridText.lines(grid) == [". 本.."])
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = Grid(size: Size(width: 6, height: 1))
        grid.write("日本語", at: .zero)
        grid.write("x", at: Point(x: 1, y: 0))  // right half of 日
        #expect(GridText.lines(grid) == [" x本語"])
        grid.write("y", at: Point(x: 2, y: 0))  // left half of 本
        #expect(GridText.lines(grid) == [" xy 語"])
        #expect(!grid.cells.contains { $0.isContinuation && $0.grapheme != "" })
        // Every continuation follows a wide cell.
        for x in 1..<grid.width where grid[x, 0].isContinuation { #expect(grid[x - 1, 0].isWide) }
    }

    @Test func fillAndRestyle() {
        var grid = Grid(size: Size(width: 4, height: 3))
        grid.write("日本", at: Point(x: 0, y: 1))
        grid.fill(Rect(x: 1, y: 0, width: 2, height: 3), with: Cell("#"))
        // The fill cut both wide characters in half: their other halves became spaces.
        #expect(GridText.lines(grid) == [" ##", " ##", " ##"])
        #expect(grid[0, 1].width == 1 && grid[3, 1].width == 1)
        let red = Style(foreground: .red)
        grid.restyle(Rect(x: 0, y: 2, width: 4, height: 1)) { $0 = red }
        #expect(grid[3, 2].style == red && grid[0, 1].style == .plain)
    }

    @Test func zeroWidthClustersAreDroppedAndCellsNeverHoldControls() {
        var grid = Grid(size: Size(width: 5, height: 1))
        grid.write("a\u{200B}b", at: .zero)
        #expect(GridText.lines(grid) == ["ab"])
        #expect(Cell("\u{1B}").grapheme == "\u{FFFD}")
        #expect(Cell("\u{301}").grapheme == " ")
    }

    @Test func drawsBoxesWithTitles() {
        var grid = Grid(size: Size(width: 12, height: 4))
        let inside = grid.drawBox(grid.bounds, title: "Form")
        #expect(inside == Rect(x: 1, y: 1, width: 10, height: 2))
        #expect(GridText.lines(grid) == ["┌ Form ────┐", "│          │", "│          │", "└──────────┘"])
    }

    @Test func writeFittingTruncatesAndPads() {
        var grid = Grid(size: Size(width: 8, height: 1), fill: Cell("."))
        grid.write("Hello world", fitting: Rect(x: 1, y: 0, width: 6, height: 1))
        #expect(GridText.lines(grid) == [".Hello…."])
    }
}

@Suite("Grid storage tables")
struct GridStorageTests {
    @Test func equalityIgnoresTheOrderStylesWereFirstUsed() {
        let red = Style(foreground: .red), blue = Style(foreground: .blue)
        var a = Grid(size: Size(width: 4, height: 1))
        a.write("r", at: Point(x: 0, y: 0), style: red)
        a.write("b", at: Point(x: 1, y: 0), style: blue)
        var b = Grid(size: Size(width: 4, height: 1))
        b.write("b", at: Point(x: 1, y: 0), style: blue)
        b.write("r", at: Point(x: 0, y: 0), style: red)
        #expect(a == b)
        #expect(FrameDiff.changes(from: a, to: b).isEmpty)
        b.write("b", at: Point(x: 1, y: 0), style: red)
        #expect(a != b)
        #expect(FrameDiff.changes(from: a, to: b).map(\.text) == ["b"])
    }

    @Test func clustersAreComparedByContentNotByTableIndex() {
        var a = Grid(size: Size(width: 4, height: 1))
        a.write("e\u{301}", at: .zero)
        var b = Grid(size: Size(width: 4, height: 1))
        b.write("o\u{301}", at: .zero)  // also cluster #0 of its table
        #expect(a != b)
        #expect(FrameDiff.changes(from: a, to: b) == [Change(position: .zero, text: "o\u{301}", cellCount: 1, style: .plain)])
        var c = Grid(size: Size(width: 4, height: 1))
        c.write("x", at: Point(x: 3, y: 0))
        c.write("e\u{301}", at: .zero)
        c.write(" ", at: Point(x: 3, y: 0))
        #expect(a == c)
    }

    @Test func drawsEditorsWithTheirCursor() {
        var grid = Grid(size: Size(width: 10, height: 3))
        var input = TextInput("日本語テキスト")
        input.moveToStart()
        input.moveRight()
        grid.drawTextInput(input, in: Rect(x: 1, y: 0, width: 6, height: 1))
        #expect(GridText.lines(grid)[0] == " 日本語")
        #expect(grid.cursor == Point(x: 3, y: 0))
        grid.drawTextInput(TextInput(), in: Rect(x: 1, y: 1, width: 8, height: 1), placeholder: "name…")
        #expect(GridText.lines(grid)[1] == " name…")
        #expect(grid[1, 1].style.attributes.contains(.dim))
        grid.drawTextArea(TextArea("one two three"), in: Rect(x: 0, y: 1, width: 8, height: 2))
        #expect(GridText.lines(grid)[1...2] == ["one two", "three"])
        #expect(grid.cursor == Point(x: 5, y: 2))
    }

    /// Lines copied between grids keep their graphemes (clusters and wide ones too) and styles,
    /// whether the grids share their tables (a copy of the source) or not (a fresh grid).
    @Test func copiedLinesShowTheSameCellsWhateverTheTables() {
        let size = Size(width: 8, height: 4)
        var source = Grid(size: size)
        let red = Style(foreground: .red)
        let bold = Style(attributes: .bold)
        source.write("ab日é\u{301}", at: Point(x: 0, y: 1), style: red)
        source.write("👍🏽 x", at: Point(x: 1, y: 2), style: bold)
        var expected = Grid(size: size)
        expected.write("zz", at: .zero, style: bold)
        expected.write("ab日é\u{301}", at: Point(x: 0, y: 2), style: red)
        expected.write("👍🏽 x", at: Point(x: 1, y: 3), style: bold)

        var fresh = Grid(size: size)
        fresh.write("zz", at: .zero, style: bold)
        fresh.copyLines(of: source, from: 1, count: 2, to: 2)
        #expect(fresh == expected, "\(GridText.lines(fresh))")
        #expect(fresh[4, 2].grapheme == "é\u{301}" && fresh[4, 2].style == red)

        var copy = source
        copy.fill(copy.bounds)
        copy.write("zz", at: .zero, style: bold)
        copy.copyLines(of: source, from: 1, count: 2, to: 2)
        #expect(copy == expected, "\(GridText.lines(copy))")

        // Lines past either grid's edge are left out; another width copies nothing.
        var clipped = Grid(size: size)
        clipped.copyLines(of: source, from: 2, count: 5, to: 3)
        #expect(GridText.lines(clipped)[3] == " 👍🏽 x")
        var narrow = Grid(size: Size(width: 5, height: 4))
        narrow.copyLines(of: source, from: 0, count: 4, to: 0)
        #expect(narrow == Grid(size: Size(width: 5, height: 4)))
    }

    /// Printable ASCII takes a fast path (one pass over the row). It must write what the scalar
    /// path writes: the same text with "é" after it goes that way, and "é" never lands inside
    /// the clip here (the text reaches or passes its right edge), so the cells must be equal and
    /// the returned column too (one more when the ASCII text ended exactly at the edge, where "é"
    /// is the first thing that does not fit). Rows hold wide characters the writes cut.
    @Test func asciiWritesAsTheScalarPathDoes() {
        var random = SeededGenerator(seed: 7)
        let letters = Array("abcXYZ 019-:.")
        for round in 0..<500 {
            var base = Grid(size: Size(width: 12, height: 3))
            for _ in 0..<4 {
                base.write("記", at: Point(x: Int.random(in: 0..<11, using: &random), y: Int.random(in: 0..<3, using: &random)))
            }
            let clip = Rect(x: Int.random(in: -2..<8, using: &random), y: 0, width: Int.random(in: 0..<10, using: &random), height: 3)
            let area = clip.intersection(base.bounds)
            let start = Int.random(in: -4..<14, using: &random)
            let edge = max(start, area.maxX)
            let count = max(0, edge - start) + Int.random(in: 0..<3, using: &random)
            let text = String((0..<count).map { _ in letters.randomElement(using: &random)! })
            let y = Int.random(in: 0..<3, using: &random)
            let style = Style(foreground: .red)
            var fast = base
            var scalar = base
            let fastEnd = fast.write(text, at: Point(x: start, y: y), style: style, clip: clip)
            let scalarEnd = scalar.write(text + "é", at: Point(x: start, y: y), style: style, clip: clip)
            #expect(fast.cells == scalar.cells, "round \(round): \(text.debugDescription) at \(start) clipped to \(clip)")
            // One more where the ASCII text ends at the edge (or the clip is empty: both return the
            // column after the whole text, and "é" adds one).
            let exact = start + count == edge || area.isEmpty
            #expect(scalarEnd == fastEnd + (exact ? 1 : 0), "round \(round): \(text.debugDescription) at \(start) clipped to \(clip)")
        }
    }

    /// The table cells' ASCII path must leave the very cells the general fitting write leaves:
    /// texts shorter, as long as and longer than the cell, over wide graphemes cut at its edges.
    @Test func fittedASCIIWritesAsTheGeneralPathDoes() {
        var random = SeededGenerator(seed: 23)
        let letters = Array("abcXYZ 019-:.")
        var (written, refused) = (0, 0)
        for round in 0..<500 {
            var base = Grid(size: Size(width: 12, height: 2))
            for _ in 0..<4 {
                base.write("記", at: Point(x: Int.random(in: 0..<11, using: &random), y: Int.random(in: 0..<2, using: &random)))
            }
            // Mostly on the grid; now and then past an edge, or empty.
            let x = Int.random(in: 0..<20, using: &random) == 0 ? -1 : Int.random(in: 0..<10, using: &random)
            let y = Int.random(in: 0..<20, using: &random) == 0 ? 2 : Int.random(in: 0..<2, using: &random)
            let rect = Rect(x: x, y: y, width: Int.random(in: 0..<(12 - max(0, x) + 2), using: &random), height: 1)
            var text = String((0..<Int.random(in: 0..<10, using: &random)).map { _ in letters.randomElement(using: &random)! })
            if Int.random(in: 0..<8, using: &random) == 0 { text += ["é", "\t", "記"].randomElement(using: &random)! }
            let style = Style(foreground: .green)
            var fast = base
            var general = base
            var index: UInt16?
            if fast.writeFittedASCII(text, in: rect, style: style, index: &index) {
                written += 1
                general.write(text, fitting: rect, style: style)
                #expect(fast.cells == general.cells, "round \(round): \(text.debugDescription) in \(rect)")
            } else {
                refused += 1
                #expect(fast.cells == base.cells, "nothing written when refused")
            }
        }
        #expect(written > 200 && refused > 50, "both ways are taken (\(written) written, \(refused) refused)")
    }
}
