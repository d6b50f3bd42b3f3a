/// How much space one slot of a row or column split takes.
public enum LayoutConstraint: Hashable, Sendable {
    /// Exactly this many cells (less when the space runs out).
    case fixed(Int)
    /// A share of the space left after fixed and minimum slots, proportional to `weight`.
    case flexible(weight: Int = 1)
    /// A flexible slot that gets at least `minimum` cells when space allows.
    case atLeast(Int, weight: Int = 1)
}

/// Splits rectangles into rows or columns by constraints.
public enum Layout {
    /// Splits `total` cells among `constraints`. Fixed slots are served first, in order; the rest is
    /// shared among flexible slots by weight, the remainder going to the earliest slots. The sizes
    /// always add up to at most `total` and are never negative.
    public static func distribute(_ total: Int, among constraints: [LayoutConstraint]) -> [Int] {
        var remaining = max(0, total)
        var sizes = [Int](repeating: 0, count: constraints.count)
        // Fixed sizes and minimums first.
        for (index, constraint) in constraints.enumerated() {
            let wanted: Int
            switch constraint {
            case .fixed(let amount): wanted = max(0, amount)
            case .atLeast(let minimum, _): wanted = max(0, minimum)
            case .flexible: wanted = 0
            }
            let granted = min(wanted, remaining)
            sizes[index] = granted
            remaining -= granted
        }
        // Then the rest by weight.
        let weights = constraints.map { constraint -> Int in
            switch constraint {
            case .fixed: return 0
            case .flexible(let weight), .atLeast(_, let weight): return max(0, weight)
            }
        }
        let totalWeight = weights.reduce(0, +)
        guard totalWeight > 0, remaining > 0 else { return sizes }
        var handedOut = 0
        for index in sizes.indices where weights[index] > 0 {
            let share = remaining * weights[index] / totalWeight
            sizes[index] += share
            handedOut += share
        }
        var leftover = remaining - handedOut
        for index in sizes.indices where weights[index] > 0 && leftover > 0 {
            sizes[index] += 1
            leftover -= 1
        }
        return sizes
    }
}

extension Rect {
    /// Splits this rectangle into stacked rows, one per constraint, top to bottom.
    public func splitRows(_ constraints: [LayoutConstraint]) -> [Rect] {
        var top = y
        return Layout.distribute(height, among: constraints).map { rows in
            defer { top += rows }
            return Rect(x: x, y: top, width: width, height: rows)
        }
    }

    /// Splits this rectangle into side-by-side columns, one per constraint, left to right.
    public func splitColumns(_ constraints: [LayoutConstraint]) -> [Rect] {
        var left = x
        return Layout.distribute(width, among: constraints).map { columns in
            defer { left += columns }
            return Rect(x: left, y: y, width: columns, height: height)
        }
    }
}
