/// What a grid built on an earlier frame wrote (``Grid/trackingWrites()``): the cells it started
/// from, kept alive so their buffer cannot be mistaken for another grid's, and the rows written.
struct GridWrites: Sendable {
    /// The cells when tracking began (shared with the grid they came from: no copy).
    let base: [StoredCell]
    var rows = Rows()

    /// A set of row numbers: a bit per row for the first 256; past those, one bit for them all.
    struct Rows: Sendable, Equatable {
        private var bits = SIMD4<UInt64>(repeating: 0)
        private var beyondBits = false

        /// Adds `rows` (negative rows are ignored).
        @inline(__always)
        mutating func insert(_ rows: Range<Int>) {
            for row in rows where row >= 0 {
                guard row < 256 else {
                    beyondBits = true
                    return
                }
                bits[row >> 6] |= 1 << UInt64(row & 63)
            }
        }

        /// Whether `row` may have been written.
        @inline(__always)
        func contains(_ row: Int) -> Bool {
            guard row >= 0 else { return false }
            guard row < 256 else { return beyondBits }
            return bits[row >> 6] & (1 << UInt64(row & 63)) != 0
        }
    }
}
