/// Space to remove from each side of a rectangle, in cells.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Int
    public var left: Int
    public var bottom: Int
    public var right: Int

    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four sides.
    public static func all(_ amount: Int) -> EdgeInsets {
        EdgeInsets(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// `horizontal` on the left and right, `vertical` at the top and bottom.
    public static func symmetric(horizontal: Int = 0, vertical: Int = 0) -> EdgeInsets {
        EdgeInsets(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }
}
