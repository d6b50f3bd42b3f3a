import Testing
@testable import CursesBackend

/// Graphemes handed to curses keep the columns the grid gave them, whatever the C library's
/// `wcwidth` thinks (a fixed stand-in here, so the test does not depend on the locale).
@Suite("graphemes as curses cells")
struct CursesCellTests {
    /// glibc's answers for the scalars used below.
    static func wcwidth(_ value: UInt32) -> Int32 {
        switch value {
        case 0x301, 0xFE0F, 0x200D: return 0
        case 0x65E5, 0x1F44D, 0x1F3FD, 0x1F469, 0x1F4BB: return 2
        case 0xE000: return -1
        default: return 1
        }
    }

    func cell(_ grapheme: Character, width: Int) -> CursesCell {
        CursesCell(grapheme, width: width, wcwidth: Self.wcwidth, limit: 5)
    }

    @Test func plainWideAndCombiningCharactersPassThrough() {
        #expect(cell("a", width: 1) == CursesCell(scalars: [0x61], padded: false))
        #expect(cell("日", width: 2) == CursesCell(scalars: [0x65E5], padded: false))
        #expect(cell("e\u{301}", width: 1) == CursesCell(scalars: [0x65, 0x301], padded: false))
    }

    @Test func aNarrowBaseTheGridDrawsWideIsPaddedWithoutItsVariationSelector() {
        #expect(cell("\u{2764}\u{FE0F}", width: 2) == CursesCell(scalars: [0x2764], padded: true))
    }

    @Test func spacingPartsOfEmojiSequencesAreDropped() {
        #expect(cell("👍🏽", width: 2) == CursesCell(scalars: [0x1F44D], padded: false))
        #expect(cell("👩\u{200D}💻", width: 2) == CursesCell(scalars: [0x1F469], padded: false))
    }

    @Test func controlsAndUnknownCharactersBecomeTheReplacementCharacter() {
        #expect(cell("\u{1B}", width: 1) == CursesCell(scalars: [0xFFFD], padded: false))
        #expect(cell("\u{9B}", width: 1) == CursesCell(scalars: [0xFFFD], padded: false))
        #expect(cell("\u{E000}", width: 2) == CursesCell(scalars: [0xFFFD], padded: true))
        #expect(cell("日", width: 1) == CursesCell(scalars: [0xFFFD], padded: false))
    }
}
