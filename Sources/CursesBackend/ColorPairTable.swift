/// Colour pairs allocated on demand: a (foreground, background) of curses colour numbers gets the
/// next free pair the first time it is drawn. When the terminal's pairs run out, the nearest pair
/// already allocated (by RGB distance of both colours) is used instead, so drawing never fails.
/// Pure bookkeeping: the backend calls `init_extended_pair` for `.new` results.
struct ColorPairTable: Sendable {
    /// Curses colour numbers; -1 is the terminal's default colour.
    struct Colors: Hashable, Sendable {
        var foreground: Int32
        var background: Int32
    }

    /// The outcome of a lookup.
    enum Lookup: Equatable, Sendable {
        /// Allocated before (pair 0 is the default colours).
        case existing(Int32)
        /// Just allocated: the caller must initialise it.
        case new(Int32)
        /// No pair left: the closest existing one.
        case nearest(Int32)

        var pair: Int32 {
            switch self {
            case .existing(let pair), .new(let pair), .nearest(let pair): return pair
            }
        }
    }

    /// The highest pair number that may be allocated (pairs 1…capacity).
    let capacity: Int32
    /// How colour numbers look, for the nearest-pair fallback.
    let palette: CursesPalette
    private(set) var pairs: [Colors: Int32] = [Colors(foreground: -1, background: -1): 0]
    private var byNumber: [Colors] = [Colors(foreground: -1, background: -1)]

    init(capacity: Int32, palette: CursesPalette) {
        self.capacity = max(0, capacity)
        self.palette = palette
    }

    /// Pairs allocated so far, pair 0 excluded.
    var allocatedCount: Int { byNumber.count - 1 }

    /// The pair for `colors`, allocating one when there is room.
    mutating func pair(for colors: Colors) -> Lookup {
        if let pair = pairs[colors] { return .existing(pair) }
        let next = Int32(byNumber.count)
        if next <= capacity {
            pairs[colors] = next
            byNumber.append(colors)
            return .new(next)
        }
        var best: Int32 = 0
        var bestDistance = Int.max
        for (index, candidate) in byNumber.enumerated() {
            let distance = palette.distance(candidate.foreground, colors.foreground, background: false)
                + palette.distance(candidate.background, colors.background, background: true) * 2
            if distance < bestDistance {
                bestDistance = distance
                best = Int32(index)
            }
        }
        return .nearest(best)
    }
}
