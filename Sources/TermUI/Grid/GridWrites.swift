/// What a grid built on an earlier frame wrote (``Grid/trackingWrites()``): the cells it started
/// from, kept alive so their buffer cannot be mistaken for another grid's, and the rows written.
struct GridWrites: Sendable {
    /// The cells when tracking began (shared with the grid they came from: no copy).
    let base: [StoredCell]
    var rows = Rows()

    /// A set of row numbers: a bit per row for the first 128; past those, one bit for them all.
    /// Two plain words, so that a grid stays small and 8-byte aligned (it is copied by value).
    struct Rows: Sendable, Equatable {
        private var low: UInt64 = 0
        private var high: UInt64 = 0
        private var beyond = false

        /// Adds `rows` (negative rows are ignored).
        @inline(__always)
        mutating func insert(_ rows: Range<Int>) {
            for row in rows where row >= 0 {
                switch row {
                case 0..<64: low |= 1 << UInt64(row)
                case 64..<128: high |= 1 << UInt64(row - 64)
                default:
                    beyond = true
                    return
                }
            }
        }

        /// Whether `row` may have been written.
        @inline(__always)
        func contains(_ row: Int) -> Bool {
            switch row {
            case ..<0: return false
            case 0..<64: return low & (1 << UInt64(row)) != 0
            case 64..<128: return high & (1 << UInt64(row - 64)) != 0
            default: return beyond
            }
        }
    }
}
