/// Line and column of a byte offset in UTF-8 text, for parse errors: lines counted from 1 at
/// each line feed, columns from 1 in characters' first bytes (continuation bytes do not count).
enum SourcePosition {
    /// The position of `offset` in `bytes`, counting on from `start` (an earlier known position).
    static func of(
        _ offset: Int, in bytes: [UInt8], from start: (offset: Int, line: Int, column: Int) = (0, 1, 1)
    ) -> (line: Int, column: Int) {
        var line = start.line
        var column = start.column
        var i = start.offset
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                column = 1
            } else if bytes[i] & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }
}
