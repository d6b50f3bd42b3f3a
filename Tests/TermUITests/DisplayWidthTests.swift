import Testing
import TermUI

@Suite("Unicode display width")
struct DisplayWidthTests {
    @Test func asciiIsOneColumnEach() {
        #expect("hello, world".displayWidth == 12)
        #expect(Character("a").displayWidth == 1)
        #expect("".displayWidth == 0)
    }

    @Test func cjkHangulAndFullwidthAreTwoColumns() {
        #expect("日本語".displayWidth == 6)
        #expect("한국어".displayWidth == 6)
        #expect("ＡＢ".displayWidth == 4)  // fullwidth forms
        #expect("ｱｲ".displayWidth == 2)  // halfwidth katakana stay narrow
        #expect("ｶﾞ".count == 1 && "ｶﾞ".displayWidth == 2)  // one cluster, but terminals draw the mark apart
        #expect("名前: Ada".displayWidth == 9)
    }

    @Test func combiningMarksJoinTheirBase() {
        let decomposed = "Cafe\u{301}"
        #expect(decomposed.count == 4)
        #expect(decomposed.displayWidth == 4)
        #expect(Character("e\u{301}\u{302}").displayWidth == 1)
        // Hangul built from jamo: leading consonant wide, vowel and final zero.
        #expect(Character("\u{1100}\u{1161}\u{11A8}").displayWidth == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x200B)!) == 0)
    }

    @Test func emojiPresentationAndVS16AreTwoColumns() {
        #expect(Character("😀").displayWidth == 2)
        #expect(Character("❤").displayWidth == 1)  // text presentation by default
        #expect(Character("❤\u{FE0F}").displayWidth == 2)  // VS16
        #expect(Character("👍🏽").displayWidth == 2)  // skin tone
        #expect(Character("🇪🇸").displayWidth == 2)  // flag
    }

    @Test func zwjSequenceIsOneClusterOfWidthTwo() {
        let family = "👩\u{200D}👩\u{200D}👧"
        #expect(family.count == 1)
        #expect(family.displayWidth == 2)
        #expect("👩‍💻 dev".displayWidth == 6)
    }

    @Test func controlCharactersAreMadeInert() {
        let hostile = "ok\u{1B}[2J\u{7}\u{9B}31m\r\n"
        let safe = TerminalText.sanitized(hostile)
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        #expect(safe == "ok\u{FFFD}[2J\u{FFFD}\u{FFFD}31m\u{FFFD}")
        #expect(Character("\u{1B}").displayWidth == 1)  // drawn as U+FFFD
        var grid = Grid(size: Size(width: 20, height: 1))
        grid.write(hostile, at: .zero)
        let written = grid.cells.map(\.grapheme).joined()
        #expect(!written.contains("\u{1B}"))
        #expect(written.hasPrefix("ok\u{FFFD}[2J"))
    }

    @Test func truncatesWithEllipsisByWidth() {
        #expect("Hello world".truncated(toWidth: 8) == "Hello w…")
        #expect("Hello".truncated(toWidth: 5) == "Hello")
        #expect("日本語テキスト".truncated(toWidth: 6) == "日本…")  // 4 + 1, never half a wide char
        #expect("日本語".truncated(toWidth: 1) == "…")
        #expect("abc".truncated(toWidth: 0) == "")
        #expect("日本語".fitted(toWidth: 6) == "日本語")
        #expect("日本語x".fitted(toWidth: 6) == "日本… ")
    }

    @Test func padsByDisplayWidth() {
        #expect("日本".padded(toWidth: 6) == "日本  ")
        #expect("ab".padded(toWidth: 5, alignment: .right) == "   ab")
        #expect("ab".padded(toWidth: 6, alignment: .center) == "  ab  ")
        #expect("abcdef".padded(toWidth: 3) == "abcdef")
    }

    @Test func wrapsWordsByDisplayWidth() {
        #expect("the quick brown fox".wrapped(toWidth: 10) == ["the quick", "brown fox"])
        #expect("aaaaaaaaaaaa".wrapped(toWidth: 5) == ["aaaaa", "aaaaa", "aa"])
        #expect("日本語のテキスト".wrapped(toWidth: 5) == ["日本", "語の", "テキ", "スト"])
        #expect("one\ntwo three".wrapped(toWidth: 20) == ["one", "two three"])
        #expect("".wrapped(toWidth: 5) == [""])
        for line in "Liferay 名前 Cafe\u{301} 👩‍💻 wraps by width nicely".wrapped(toWidth: 7) {
            #expect(line.displayWidth <= 7)
        }
    }
}
