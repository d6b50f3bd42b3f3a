import Testing
@testable import TermUI
import TermUITesting
import TermletsTestSupport

@Suite("Frame diff")
struct FrameDiffTests {
    static let size = Size(width: 20, height: 5)

    @Test func identicalFramesProduceNoChanges() {
        var grid = Grid(size: Self.size)
        grid.write("hello", at: .zero)
        #expect(FrameDiff.changes(from: grid, to: grid).isEmpty)
    }

    @Test func oneChangedCellWritesOneCell() {
        var before = Grid(size: Self.size)
        before.write("hello world", at: Point(x: 0, y: 2))
        var after = before
        after.write("W", at: Point(x: 6, y: 2))
        let changes = FrameDiff.changes(from: before, to: after)
        #expect(changes == [Change(position: Point(x: 6, y: 2), text: "W", cellCount: 1, style: .plain)])
    }

    @Test func runsSplitOnStyleAndGaps() {
        let before = Grid(size: Self.size)
        var after = before
        after.write("ab", at: Point(x: 1, y: 0))
        after.write("cd", at: Point(x: 3, y: 0), style: Style(foreground: .red))
        after.write("e", at: Point(x: 9, y: 0))
        let changes = FrameDiff.changes(from: before, to: after)
        #expect(changes.map(\.text) == ["ab", "cd", "e"])
        #expect(changes.map(\.position.x) == [1, 3, 9])
        #expect(changes[1].style.foreground == .red)
    }

    /// Up to three unchanged cells between two changes in one style are written again (printable
    /// ASCII: no more bytes than stepping over them); more, another style or other text splits.
    @Test func shortUnchangedGapsAreBridgedWithinOneStyle() {
        var before = Grid(size: Self.size)
        before.write("ab-cd....ef", at: Point(x: 0, y: 0))
        before.write("a…b", at: Point(x: 0, y: 1))
        before.write("a", at: Point(x: 0, y: 2))
        before.write("x", at: Point(x: 1, y: 2), style: Style(foreground: .red))
        before.write("b", at: Point(x: 2, y: 2))
        var after = before
        after.write("AB", at: Point(x: 0, y: 0))
        after.write("CD", at: Point(x: 3, y: 0))       // a gap of one ("-"): bridged
        after.write("EF", at: Point(x: 9, y: 0))       // a gap of four ("...."): not bridged
        after.write("A", at: Point(x: 0, y: 1))
        after.write("B", at: Point(x: 2, y: 1))        // a gap of "…": not bridged
        after.write("A", at: Point(x: 0, y: 2))
        after.write("B", at: Point(x: 2, y: 2))        // a gap in another style: not bridged
        let changes = FrameDiff.changes(from: before, to: after)
        #expect(changes.map(\.text) == ["AB-CD", "EF", "A", "B", "A", "B"])
        #expect(changes.map(\.position.x) == [0, 9, 0, 2, 0, 2])
        #expect(changes[0].cellCount == 5)
        var three = before
        three.write("AB-CD..?E", at: Point(x: 0, y: 0))
        #expect(FrameDiff.changes(from: before, to: three).map(\.text) == ["AB-CD..?E"], "gaps of one and two")
        #expect(FrameDiff.bridgeableGap == 3)
    }

    @Test func focusMoveRewritesOnlyTheTwoRows() {
        func frame(focus: Int) -> Grid {
            var grid = Grid(size: Self.size)
            for row in 0..<5 {
                let style = row == focus ? Style(attributes: .reverse) : .plain
                grid.write("Field \(row)".padded(toWidth: 10), at: Point(x: 0, y: row), style: style)
            }
            return grid
        }
        let changes = FrameDiff.changes(from: frame(focus: 1), to: frame(focus: 2))
        #expect(Set(changes.map(\.position.y)) == [1, 2])
        #expect(changes.reduce(0) { $0 + $1.cellCount } == 20)
    }

    /// Two frames that show the same, their styles first used in another order (so their style
    /// tables differ): no change; and a change on such a row is still found, cell for cell,
    /// clusters and non-ASCII text included.
    @Test func framesWithStylesInAnotherOrderCompareByWhatTheyShow() {
        let red = Style(foreground: .red)
        let bold = Style(attributes: .bold)
        var first = Grid(size: Self.size)
        first.write("ab", at: Point(x: 0, y: 0), style: red)
        first.write("e\u{301}ñ›", at: Point(x: 0, y: 1), style: bold)
        var second = Grid(size: Self.size)
        second.write("e\u{301}ñ›", at: Point(x: 0, y: 1), style: bold)
        second.write("ab", at: Point(x: 0, y: 0), style: red)
        #expect(FrameDiff.changes(from: first, to: second).isEmpty)

        var third = second
        third.write("b", at: Point(x: 0, y: 0), style: bold)
        third.write("ó", at: Point(x: 1, y: 1), style: bold)
        let changes = FrameDiff.changes(from: first, to: third)
        #expect(changes == [
            Change(position: Point(x: 0, y: 0), text: "b", cellCount: 1, style: bold),
            Change(position: Point(x: 1, y: 1), text: "ó", cellCount: 1, style: bold),
        ])
    }

    /// Past a few dozen styles the grid finds a style's index by hashing instead of searching:
    /// cells keep their styles across the switch, and frames still compare by what they show.
    @Test func framesWithManyStylesKeepEveryCellsStyle() {
        let size = Size(width: 60, height: 2)
        let styles = (0..<50).map { Style(foreground: .indexed(UInt8($0 + 16))) }
        var first = Grid(size: size)
        for (column, style) in styles.enumerated() { first.write("x", at: Point(x: column, y: 0), style: style) }
        for (column, style) in styles.enumerated() { first.write("y", at: Point(x: column, y: 1), style: style) }
        for (column, style) in styles.enumerated() {
            #expect(first[column, 0].style == style && first[column, 1].style == style)
        }
        // The same cells drawn in the opposite order: another style table, nothing to write.
        var second = Grid(size: size)
        for (column, style) in styles.enumerated().reversed() {
            second.write("y", at: Point(x: column, y: 1), style: style)
            second.write("x", at: Point(x: column, y: 0), style: style)
        }
        #expect(FrameDiff.changes(from: first, to: second).isEmpty)
        var third = second
        third.write("x", at: Point(x: 7, y: 1), style: styles[7])
        third.write("z", at: Point(x: 40, y: 0), style: styles[41])
        #expect(FrameDiff.changes(from: first, to: third) == [
            Change(position: Point(x: 40, y: 0), text: "z", cellCount: 1, style: styles[41]),
            Change(position: Point(x: 7, y: 1), text: "x", cellCount: 1, style: styles[7]),
        ])
    }

    @Test func wideCharactersAreWrittenWhole() {
        var before = Grid(size: Self.size)
        before.write("日本", at: .zero)
        var after = before
        after.write("本", at: Point(x: 0, y: 0))  // same width, other glyph
        var changes = FrameDiff.changes(from: before, to: after)
        #expect(changes == [Change(position: .zero, text: "本", cellCount: 2, style: .plain)])
        // Replacing a wide glyph by two narrow ones rewrites both cells.
        var narrow = before
        narrow.write("ab", at: .zero)
        changes = FrameDiff.changes(from: before, to: narrow)
        #expect(changes == [Change(position: .zero, text: "ab", cellCount: 2, style: .plain)])
    }

    @Test func resizeOrFirstFrameRepaintsEverything() {
        var renderer = FrameRenderer()
        var grid = Grid(size: Size(width: 4, height: 2))
        grid.write("ab", at: .zero)
        let first = renderer.update(to: grid)
        #expect(first.isFullRepaint && first.cellCount == 8)
        let same = renderer.update(to: grid)
        #expect(!same.isFullRepaint && same.changes.isEmpty)
        let bigger = renderer.update(to: Grid(size: Size(width: 5, height: 2)))
        #expect(bigger.isFullRepaint && bigger.cellCount == 10)
    }

    @MainActor
    @Test func headlessScreenReproducesEveryFrame() {
        let backend = HeadlessBackend(size: Self.size)
        var renderer = FrameRenderer()
        var frames: [Grid] = []
        var grid = Grid(size: Self.size)
        grid.write("名前 Cafe\u{301} 👩‍💻", at: .zero)
        frames.append(grid)
        grid.write("x", at: Point(x: 1, y: 0))  // cuts 名
        grid.write("status", at: Point(x: 0, y: 4), style: Style(background: .blue))
        frames.append(grid)
        grid.fill(Rect(x: 0, y: 0, width: 3, height: 1), with: Cell("本"))
        frames.append(grid)
        for frame in frames {
            backend.present(renderer.update(to: frame))
            #expect(backend.screen.cells == frame.cells)
        }
    }

    /// Seeded random frames (narrow, wide and multi-scalar graphemes, a few styles, writes that
    /// cut wide graphemes): the screen the updates build is every frame, cell for cell.
    @MainActor
    @Test func randomFramesAreReproducedCellForCell() {
        var random = SeededGenerator(seed: 29)
        let texts = ["abc", "a b", "名前", "x", "Cafe\u{301}", "👩‍💻", "  ", "本本", "é", "-->"]
        let styles = [Style.plain, Style(foreground: .red), Style(background: .blue), Style(attributes: .bold)]
        for _ in 0..<60 {
            let backend = HeadlessBackend(size: Self.size)
            var renderer = FrameRenderer()
            var grid = Grid(size: Self.size)
            for _ in 0..<12 {
                for _ in 0..<Int(random.next() % 8) {
                    let text = texts[Int(random.next() % UInt64(texts.count))]
                    let style = styles[Int(random.next() % UInt64(styles.count))]
                    let at = Point(x: Int(random.next() % UInt64(Self.size.width)), y: Int(random.next() % UInt64(Self.size.height)))
                    grid.write(text, at: at, style: style)
                }
                backend.present(renderer.update(to: grid))
                #expect(backend.screen.cells == grid.cells)
            }
        }
    }
}
