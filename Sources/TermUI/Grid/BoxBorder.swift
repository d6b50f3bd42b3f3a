/// The glyphs of a rectangle's border.
public struct BoxBorder: Hashable, Sendable {
    public var topLeft: Character
    public var top: Character
    public var topRight: Character
    public var left: Character
    public var right: Character
    public var bottomLeft: Character
    public var bottom: Character
    public var bottomRight: Character

    public init(topLeft: Character, top: Character, topRight: Character, left: Character, right: Character,
                bottomLeft: Character, bottom: Character, bottomRight: Character) {
        self.topLeft = topLeft
        self.top = top
        self.topRight = topRight
        self.left = left
        self.right = right
        self.bottomLeft = bottomLeft
        self.bottom = bottom
        self.bottomRight = bottomRight
    }

    /// `┌─┐ │ └─┘`
    public static let light = BoxBorder(topLeft: "┌", top: "─", topRight: "┐", left: "│", right: "│",
                                        bottomLeft: "└", bottom: "─", bottomRight: "┘")
    /// `╭─╮ │ ╰─╯`
    public static let rounded = BoxBorder(topLeft: "╭", top: "─", topRight: "╮", left: "│", right: "│",
                                          bottomLeft: "╰", bottom: "─", bottomRight: "╯")
    /// `┏━┓ ┃ ┗━┛`
    public static let heavy = BoxBorder(topLeft: "┏", top: "━", topRight: "┓", left: "┃", right: "┃",
                                        bottomLeft: "┗", bottom: "━", bottomRight: "┛")
    /// `╔═╗ ║ ╚═╝`
    public static let double = BoxBorder(topLeft: "╔", top: "═", topRight: "╗", left: "║", right: "║",
                                         bottomLeft: "╚", bottom: "═", bottomRight: "╝")
    /// `+-+ | +-+`, for terminals without line drawing.
    public static let ascii = BoxBorder(topLeft: "+", top: "-", topRight: "+", left: "|", right: "|",
                                        bottomLeft: "+", bottom: "-", bottomRight: "+")
}

extension Grid {
    /// Draws a border along the edges of `rect` (clipped to the grid), with an optional `title` in
    /// the top edge. Returns the inside of the box.
    @discardableResult
    public mutating func drawBox(_ rect: Rect, border: BoxBorder = .light, style: Style = .plain,
                                 title: String? = nil, titleStyle: Style? = nil) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(origin: rect.origin, size: .zero) }
        let cellStyle = style
        func put(_ glyph: Character, _ x: Int, _ y: Int) { self.put(Cell(glyph, style: cellStyle), at: Point(x: x, y: y)) }
        put(border.topLeft, rect.x, rect.y)
        put(border.topRight, rect.maxX - 1, rect.y)
        put(border.bottomLeft, rect.x, rect.maxY - 1)
        put(border.bottomRight, rect.maxX - 1, rect.maxY - 1)
        for x in (rect.x + 1)..<(rect.maxX - 1) {
            put(border.top, x, rect.y)
            put(border.bottom, x, rect.maxY - 1)
        }
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            put(border.left, rect.x, y)
            put(border.right, rect.maxX - 1, y)
        }
        if let title, rect.width > 4 {
            let room = rect.width - 4
            let text = " " + title.truncated(toWidth: room - 2) + " "
            write(text, at: Point(x: rect.x + 1, y: rect.y), style: titleStyle ?? style,
                  clip: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1))
        }
        return rect.inset(by: 1)
    }

    /// Draws a horizontal line of `glyph` across `width` cells from `point`.
    public mutating func drawHorizontalLine(at point: Point, width: Int, glyph: Character = "─", style: Style = .plain) {
        guard width > 0 else { return }
        let cell = Cell(glyph, style: style)
        for x in point.x..<(point.x + width) { put(cell, at: Point(x: x, y: point.y)) }
    }
}
