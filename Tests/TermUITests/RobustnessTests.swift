import Testing
import TermletsTestSupport
import TermUI

/// Random text and random edits, seeded: the grid and the editors keep their invariants.
@Suite("Robustness with random input")
struct RobustnessTests {
    static let pieces: [String] = [
        "a", "Z", " ", "日", "本", "ｱ", "é", "e\u{301}", "\u{301}", "😀", "❤\u{FE0F}", "👩\u{200D}💻", "🇪🇸",
        "\u{1B}", "\u{1B}[31m", "\n", "\r\n", "\t", "\u{9B}", "\u{200B}", "\u{1100}\u{1161}", "—", "ﾟ",
    ]

    func randomText(_ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0..<20, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
    }

    @Test func gridInvariantsHoldForRandomWrites() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            var grid = Grid(size: Size(width: 13, height: 3))
            for _ in 0..<8 {
                let point = Point(x: Int.random(in: -3..<14, using: &generator), y: Int.random(in: 0..<3, using: &generator))
                let clip = Rect(x: Int.random(in: 0..<6, using: &generator), y: 0,
                                width: Int.random(in: 0..<14, using: &generator), height: 3)
                grid.write(randomText(&generator), at: point, clip: Bool.random(using: &generator) ? clip : nil)
            }
            for y in 0..<grid.height {
                for x in 0..<grid.width {
                    let cell = grid[x, y]
                    #expect(!cell.grapheme.unicodeScalars.contains { TerminalText.isControl($0) })
                    if cell.isContinuation { #expect(x > 0 && grid[x - 1, y].isWide) }
                    if cell.isWide { #expect(x + 1 < grid.width && grid[x + 1, y].isContinuation) }
                    if !cell.isContinuation { #expect(Int(cell.width) == cell.grapheme.displayWidth, "\(cell.grapheme.unicodeScalars.map { String($0.value, radix: 16) })") }
                }
            }
        }
    }

    @Test func editorsKeepTheCursorInRange() {
        var generator = SeededGenerator(seed: 7)
        let keys: [KeyEvent] = [.left, .right, .home, .end, .backspace, .delete, .up, .down, .enter,
                                .ctrl("w"), .ctrl("k"), .ctrl("u"), .alt("b"), .alt("f"), .character("x"), .character("日")]
        for _ in 0..<100 {
            var input = TextInput(randomText(&generator), maxLength: Bool.random(using: &generator) ? 12 : nil)
            var area = TextArea(randomText(&generator))
            for _ in 0..<40 {
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    let text = randomText(&generator)
                    input.paste(text)
                    area.insert(text)
                } else {
                    let key = keys.randomElement(using: &generator)!
                    input.handle(key)
                    area.handle(key, width: 7)
                }
                #expect((0...input.graphemes.count).contains(input.cursor))
                #expect(input.maxLength.map { input.graphemes.count <= $0 } ?? true)
                #expect(!input.text.unicodeScalars.contains { TerminalText.isControl($0) })
                #expect(area.cursor.line < area.lines.count)
                #expect((0...area.lines[area.cursor.line].count).contains(area.cursor.column))
                let view = input.visibleText(width: 6)
                #expect(view.text.displayWidth <= 6 && view.cursorColumn < 6)
                let lines = area.visibleLines(width: 7, height: 3)
                #expect(lines.lines.count <= 3 && lines.cursor.y < 3 && lines.cursor.x < 7)
            }
        }
    }
}
