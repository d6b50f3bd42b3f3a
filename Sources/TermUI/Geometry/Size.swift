/// A size in terminal cells: `width` columns by `height` rows. Negative values are clamped to 0.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Size(width: 0, height: 0)

    /// Number of cells in an area of this size.
    public var area: Int { width * height }

    /// True when the size holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    public var description: String { "\(width)×\(height)" }
}
