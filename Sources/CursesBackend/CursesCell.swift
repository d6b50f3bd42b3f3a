import CNcurses
import TermUI

/// How one grapheme of a frame is handed to curses: the scalars of a `cchar_t` and the columns
/// they fill. The grid decides widths (TermUI's tables); curses measures with the C library's
/// `wcwidth`. Where the two disagree (emoji with VS16, skin tones, ZWJ sequences, characters the
/// C library does not know), the grapheme is simplified so curses' idea of the screen stays in
/// step with the grid: the base character alone, padded with a space, or U+FFFD.
struct CursesCell: Equatable {
    /// The characters of the `cchar_t`: one spacing character, then combining ones.
    var scalars: [UInt32]
    /// A space to write in the next column (the grid says 2 columns, curses 1).
    var padded: Bool

    static let replacement: UInt32 = 0xFFFD

    /// The cell for `grapheme`, which the grid draws `width` columns wide (1 or 2).
    init(_ grapheme: Character, width: Int, wcwidth: (UInt32) -> Int32 = { cn_wcwidth($0) }, limit: Int = Int(cn_ccharw_max())) {
        let scalars = grapheme.unicodeScalars
        guard let first = scalars.first, !scalars.contains(where: TerminalText.isControl) else {
            self.init(scalars: [Self.replacement], padded: width == 2)
            return
        }
        let baseWidth = Int(wcwidth(first.value))
        // Combining characters curses accepts: zero-width ones, VS16 only when the base is already wide.
        var combining: [UInt32] = []
        for scalar in scalars.dropFirst() {
            // A spacing character (a skin tone, the second emoji of a ZWJ sequence) ends the cell.
            guard wcwidth(scalar.value) == 0 else { break }
            if scalar.value == 0xFE0F && baseWidth != 2 { continue }
            if combining.count + 1 < limit { combining.append(scalar.value) }
        }
        while combining.last == 0x200D { combining.removeLast() }  // no dangling zero-width joiner
        switch (baseWidth, width) {
        case (1, 1), (2, 2):
            self.init(scalars: [first.value] + combining, padded: false)
        case (1, 2):
            self.init(scalars: [first.value] + combining, padded: true)
        default:
            self.init(scalars: [Self.replacement], padded: width == 2)
        }
    }

    init(scalars: [UInt32], padded: Bool) {
        self.scalars = scalars
        self.padded = padded
    }
}
