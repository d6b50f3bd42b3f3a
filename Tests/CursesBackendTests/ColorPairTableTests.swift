import Testing
@testable import CursesBackend
import TermUI

@Suite("colour pairs on demand")
struct ColorPairTableTests {
    let palette = CursesPalette(depth: .ansi256, colorCount: 256, hasDefaultColors: true)

    @Test func defaultColoursArePairZero() {
        var table = ColorPairTable(capacity: 10, palette: palette)
        #expect(table.pair(for: .init(foreground: -1, background: -1)) == .existing(0))
        #expect(table.allocatedCount == 0)
    }
}
