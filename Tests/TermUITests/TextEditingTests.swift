import Testing
import TermUI

@Suite("Text editing by grapheme")
struct TextEditingTests {
    @Test func cursorMovesByGraphemeOverWideAndCombiningCharacters() {
        var input = TextInput("a日e\u{301}👩‍💻")
        #expect(input.graphemes.count == 4)
        #expect(input.cursor == 4)
        input.moveLeft()
        input.deleteBackward()  // removes "é" whole
        #expect(input.text == "a日👩‍💻")
        input.moveToStart()
        input.moveRight()
        input.deleteForward()  // removes 日 whole
        #expect(input.text == "a👩‍💻")
        #expect(input.cursor == 1)
    }

    @Test func typingACombiningMarkJoinsThePreviousLetter() {
        var input = TextInput("Cafe")
        input.handle(.character("\u{301}"))
        #expect(input.graphemes.count == 4)
        #expect(input.text == "Cafe\u{301}")
        #expect(input.cursor == 4)
        input.handle(.character("!"))
        #expect(input.text == "Cafe\u{301}!")
    }

    @Test func wordMovementAndKills() {
        var input = TextInput("hello big world")
        input.handle(KeyEvent(.left, modifiers: .control))
        #expect(input.cursor == 10)
        input.handle(.alt("b"))
        #expect(input.cursor == 6)
        input.handle(.alt("f"))
        #expect(input.cursor == 9)
        input.handle(.ctrl("w"))
        #expect(input.text == "hello  world")
        input.handle(.ctrl("k"))
        #expect(input.text == "hello ")
        input.handle(.ctrl("a"))
        input.handle(.ctrl("e"))
        #expect(input.cursor == 6)
        input.handle(.ctrl("u"))
        #expect(input.text == "" && input.cursor == 0)
        let handledEnter = input.handle(.enter)
        let handledEscape = input.handle(.escape)
        #expect(!handledEnter && !handledEscape)
    }

    @Test func pasteTurnsNewlinesIntoSpacesAndDropsControls() {
        var input = TextInput()
        input.paste("one\r\ntwo\nthree\u{1B}[31m\tend")
        #expect(input.text == "one two three[31m end")
    }

    @Test func maxLengthCountsGraphemes() {
        var input = TextInput("", maxLength: 3)
        input.insert("日本語テキスト")
        #expect(input.text == "日本語")
        input.insert("x")
        #expect(input.text == "日本語")
        input.deleteBackward()
        input.insert("e\u{301}z")
        #expect(input.text == "日本e\u{301}")
    }

    @Test func typingASCIIInsertsAtTheCursorAndStillJoinsANeighbouringMark() {
        var input = TextInput("acd")
        input.moveCursor(to: 1)
        input.insert("b")  // ASCII between ASCII: inserted as is
        #expect(input.text == "abcd" && input.graphemes.count == 4 && input.cursor == 2)
        input.insert("xy")
        #expect(input.graphemes == ["a", "b", "x", "y", "c", "d"] && input.cursor == 4)

        // A lone combining mark after the cursor: the typed letter takes it ("é", one grapheme).
        var mark = TextInput("\u{301}z")
        mark.moveCursor(to: 0)
        mark.insert("e")
        #expect(mark.graphemes == ["e\u{301}", "z"] && mark.cursor == 1)
        // A regional indicator typed after another: one flag.
        var flag = TextInput("\u{1F1EA}")
        flag.insert("\u{1F1F8}")
        #expect(flag.graphemes.count == 1 && flag.cursor == 1)
    }

    @Test func horizontalScrollKeepsTheCursorVisibleByWidth() {
        var input = TextInput("日本語のテキスト")  // 16 columns
        var view = input.visibleText(width: 7)
        #expect(view.text.displayWidth <= 7)
        #expect(view.cursorColumn == view.text.displayWidth)  // after the last character shown
        #expect(view.text.hasSuffix("スト"))
        input.moveToStart()
        view = input.visibleText(width: 7)
        #expect(view.text == "日本語")
        #expect(view.cursorColumn == 0)
        input.ensureCursorVisible(width: 7)
        for _ in 0..<5 { input.moveRight() }
        input.ensureCursorVisible(width: 7)
        view = input.visibleText(width: 7)
        #expect(view.cursorColumn <= 6)
        #expect(view.text.hasPrefix("語") || view.text.hasPrefix("の"))
    }

    /// A long value shown in a narrow field without a prior scroll: the visible part is found in
    /// one pass (this took seconds when each step re-measured the text before the cursor).
    @Test func aLongValueScrollsInLinearTime() {
        let input = TextInput(String(repeating: "語x", count: 100_000))  // 300,000 columns, cursor at the end
        let clock = ContinuousClock()
        var view = (text: "", cursorColumn: 0)
        let elapsed = clock.measure { view = input.visibleText(width: 40) }
        #expect(view.text.hasSuffix("語x"))
        #expect(view.text.displayWidth <= 39)
        // Linear: ~0.3 s in a debug build (1.1 s on a machine at load 9); re-measuring before every
        // step is ~10^10 steps for 300,000 columns, far beyond this bound.
        #expect(elapsed < .seconds(5), "took \(elapsed)")
    }

    @Test func textAreaWrapsAndMovesAcrossWrappedLines() {
        var area = TextArea("the quick brown fox\nsecond")
        let width = 10
        #expect(area.visibleLines(width: width, height: 10).lines == ["the quick ", "brown fox", "second"])
        area.moveUp(width: width)  // from end of "second" (col 6) to row 1, col 6
        #expect(area.cursor == TextArea.Position(line: 0, column: 16))
        area.moveUp(width: width)
        #expect(area.cursor == TextArea.Position(line: 0, column: 6))
        area.moveDown(width: width)
        area.moveDown(width: width)
        #expect(area.cursor == TextArea.Position(line: 1, column: 6))
        area.moveToLineStart(width: width)
        #expect(area.cursor.column == 0)
    }

    @Test func textAreaKeepsTheGoalColumnOverWideCharacters() {
        var area = TextArea("abcdef\n日本\nabcdef")
        area.moveUp(width: 20)
        area.moveUp(width: 20)
        #expect(area.cursor == TextArea.Position(line: 0, column: 6))
        area.moveToLineStart(width: 20)
        for _ in 0..<3 { area.moveRight() }  // column 3
        area.moveDown(width: 20)  // 日本: 3 columns in lands after 日 (2 columns)
        #expect(area.cursor == TextArea.Position(line: 1, column: 1))
        area.moveDown(width: 20)  // back to column 3, not 2
        #expect(area.cursor == TextArea.Position(line: 2, column: 3))
    }

    @Test func textAreaEditsAcrossLines() {
        var area = TextArea("ab")
        area.handle(.enter, width: 10)
        area.insert("c\r\nd")
        #expect(area.text == "ab\nc\nd")
        area.moveToLineStart(width: 10)
        area.deleteBackward()
        #expect(area.text == "ab\ncd")
        #expect(area.cursor == TextArea.Position(line: 1, column: 1))
        area.moveLeft()
        area.moveLeft()
        area.deleteForward()
        #expect(area.text == "abcd")
        let view = area.visibleLines(width: 10, height: 1)
        #expect(view.lines == ["abcd"] && view.cursor == Point(x: 2, y: 0))
    }

    @Test func textAreaScrollsToTheCursor() {
        var area = TextArea((1...20).map { "line \($0)" }.joined(separator: "\n"))
        area.ensureCursorVisible(width: 20, height: 5)
        let view = area.visibleLines(width: 20, height: 5)
        #expect(view.lines == ["line 16", "line 17", "line 18", "line 19", "line 20"])
        #expect(view.cursor == Point(x: 7, y: 4))
    }
}
