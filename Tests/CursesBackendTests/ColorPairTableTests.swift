import Testing
@testable import CursesBackend
import TermUI

@Suite("colour pairs on demand")
struct ColorPairTableTests {
    let palette = CursesPalette(depth: .ansi256, colorCount: 256, hasDefaultColors: true)

    @Test func defaultColoursArePairZeroAndNeedNoAllocation() {
        var table = ColorPairTable(capacity: 10, palette: palette)
        #expect(table.pair(for: .init(foreground: -1, background: -1)) == .existing(0))
        #expect(table.allocatedCount == 0)
    }

    @Test func pairsAreAllocatedOnFirstUseAndReused() {
        var table = ColorPairTable(capacity: 10, palette: palette)
        #expect(table.pair(for: .init(foreground: 1, background: -1)) == .new(1))
        #expect(table.pair(for: .init(foreground: 2, background: 4)) == .new(2))
        #expect(table.pair(for: .init(foreground: 1, background: -1)) == .existing(1))
        #expect(table.allocatedCount == 2)
    }

    @Test func whenPairsRunOutTheNearestExistingPairIsUsed() {
        var table = ColorPairTable(capacity: 2, palette: palette)
        _ = table.pair(for: .init(foreground: 15, background: 196))  // white on red
        _ = table.pair(for: .init(foreground: 15, background: 21))  // white on blue
        // Full: white on a slightly different red gets the red pair, bright-white-ish on navy the blue one.
        #expect(table.pair(for: .init(foreground: 15, background: 160)) == .nearest(1))
        #expect(table.pair(for: .init(foreground: 231, background: 19)) == .nearest(2))
        // Default on default is still pair 0, and nothing more was allocated.
        #expect(table.pair(for: .init(foreground: -1, background: -1)) == .existing(0))
        #expect(table.allocatedCount == 2)
    }

    @Test func aTerminalWithoutPairsFallsBackToDefaultColours() {
        var table = ColorPairTable(capacity: 0, palette: palette)
        #expect(table.pair(for: .init(foreground: 1, background: 2)) == .nearest(0))
    }

    @Test func coloursMapToCursesNumbersForTheTerminal() {
        let sixteen = CursesPalette(depth: .ansi16, colorCount: 8, hasDefaultColors: false)
        #expect(sixteen.number(for: .default, background: true) == 0)
        #expect(sixteen.number(for: .default, background: false) == 7)
        #expect(sixteen.number(for: .brightWhite, background: false) == 7)  // 8 colours: bright → base
        #expect(palette.number(for: .default, background: false) == -1)
        #expect(palette.number(for: .indexed(208), background: true) == 208)
        #expect(palette.number(for: .rgb(0xFF, 0, 0), background: true) == 196)
        let direct = CursesPalette(depth: .trueColor, colorCount: 1 << 24, hasDefaultColors: true)
        #expect(direct.number(for: .rgb(0x33, 0x99, 0xFF), background: false) == 0x3399FF)
        #expect(CursesPalette.maximumDepth(colorCount: 256, hasColors: true) == .ansi256)
        #expect(CursesPalette.maximumDepth(colorCount: 256, hasColors: false) == .monochrome)
    }
}
