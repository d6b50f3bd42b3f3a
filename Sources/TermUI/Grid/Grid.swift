/// A rectangle of cells, the frame a view renders into. A value type over one flat array.
///
/// Writing never splits a wide grapheme: a wide grapheme that does not fit the clip rectangle is
/// drawn as a space, and overwriting half of a wide grapheme turns its other half into a space.
public struct Grid: Hashable, Sendable {
    public private(set) var size: Size
    /// Cells in row-major order (`y * width + x`).
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should be shown, or nil to hide it.
    public var cursor: Point?

    /// A grid of `size` filled with `fill`.
    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.cells = [Cell](repeating: fill.isContinuation ? .blank : fill, count: size.area)
        self.cursor = nil
    }

    /// The whole grid as a rectangle at the origin.
    public var bounds: Rect { Rect(size: size) }
    public var width: Int { size.width }
    public var height: Int { size.height }

    /// The cell at column `x`, row `y`. Precondition: inside the grid.
    public subscript(x: Int, y: Int) -> Cell {
        cells[y * size.width + x]
    }

    /// The cell at `point`, or nil outside the grid.
    public func cell(at point: Point) -> Cell? {
        bounds.contains(point) ? cells[point.y * size.width + point.x] : nil
    }

    /// Puts `cell` at `point` (ignored outside the grid or `clip`), repairing wide graphemes it
    /// overlaps. A wide cell that would not fit becomes a space.
    public mutating func put(_ cell: Cell, at point: Point, clip: Rect? = nil) {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard area.contains(point), !cell.isContinuation else { return }
        if cell.isWide && point.x + 1 >= area.maxX {
            place(.blank(cell.style), x: point.x, y: point.y)
        } else {
            place(cell, x: point.x, y: point.y)
        }
    }

    /// Fills `rect` (clipped to the grid) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        if cell.isWide || cell.isContinuation {
            for y in area.y..<area.maxY {
                var x = area.x
                while x < area.maxX { put(cell, at: Point(x: x, y: y), clip: area); x += 2 }
            }
            return
        }
        for y in area.y..<area.maxY {
            repairEdges(row: y, from: area.x, to: area.maxX)
            let start = y * size.width
            for x in area.x..<area.maxX { cells[start + x] = cell }
        }
    }

    /// Fills `rect` with spaces in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        fill(rect, with: .blank(style))
    }

    /// Changes the style of every cell in `rect`, keeping the text (e.g. to highlight a row).
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            let start = y * size.width
            for x in area.x..<area.maxX { transform(&cells[start + x].style) }
        }
    }

    /// Writes `text` on one row from `point`, in `style`, clipped to `clip` (and the grid).
    /// Control characters are drawn as U+FFFD, zero-width clusters are dropped, a wide grapheme that
    /// would straddle the clip edge is drawn as a space. Returns the column after the last one the
    /// text reached (clipped or not), so writes can be chained.
    @discardableResult
    public mutating func write<S: StringProtocol>(_ text: S, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        var x = point.x
        let y = point.y
        guard y >= area.y, y < area.maxY, area.width > 0 else { return x + text.displayWidth }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII fast path: one byte is one cell.
            for byte in text.utf8 {
                if x >= area.maxX { return x + 1 }
                if x >= area.x {
                    place(Cell(uncheckedGrapheme: ASCIIGraphemes.strings[Int(byte)], width: 1, style: style), x: x, y: y)
                }
                x += 1
            }
            return x
        }
        for character in text {
            let safe = TerminalText.sanitized(character)
            let width = DisplayWidth.of(safe)
            if width == 0 { continue }
            if x + width > area.maxX {
                if x < area.maxX && x >= area.x { place(.blank(style), x: x, y: y) }
                return x + width
            }
            if x < area.x {
                if x + width > area.x { place(.blank(style), x: area.x, y: y) }
            } else {
                place(Cell(uncheckedGrapheme: String(safe), width: UInt8(width), style: style), x: x, y: y)
            }
            x += width
        }
        return x
    }

    /// Writes `text` truncated with an ellipsis and padded to exactly `rect`'s width, on its first row.
    public mutating func write<S: StringProtocol>(_ text: S, fitting rect: Rect, style: Style = .plain, alignment: TextAlignment = .left) {
        guard rect.height > 0 else { return }
        write(text.fitted(toWidth: rect.width, alignment: alignment), at: rect.origin, style: style, clip: rect)
    }

    /// Places a (narrow or wide) cell without clipping checks beyond the grid; repairs overlapped
    /// wide graphemes.
    @inline(__always)
    mutating func place(_ cell: Cell, x: Int, y: Int) {
        let rowStart = y * size.width
        let span = cell.isWide ? 2 : 1
        repairEdges(row: y, from: x, to: x + span)
        cells[rowStart + x] = cell
        if span == 2 { cells[rowStart + x + 1] = .continuation(cell.style) }
    }

    /// Before columns `from..<to` of row `y` are overwritten: a wide grapheme cut at either edge
    /// loses its other half, which becomes a space.
    @inline(__always)
    mutating func repairEdges(row y: Int, from: Int, to: Int) {
        let rowStart = y * size.width
        if from > 0 && from < size.width && cells[rowStart + from].isContinuation {
            cells[rowStart + from - 1] = .blank(cells[rowStart + from - 1].style)
        }
        if to > 0 && to < size.width && to - 1 < size.width && cells[rowStart + to - 1].isWide {
            cells[rowStart + to] = .blank(cells[rowStart + to].style)
        }
    }

    /// A copy of this grid's content at `newSize`: the top-left part that fits is kept.
    public func resized(to newSize: Size) -> Grid {
        var result = Grid(size: newSize)
        for y in 0..<min(size.height, newSize.height) {
            for x in 0..<min(size.width, newSize.width) {
                let cell = self[x, y]
                if cell.isContinuation { continue }
                result.put(cell, at: Point(x: x, y: y))
            }
        }
        result.cursor = cursor.flatMap { newSize.width > $0.x && newSize.height > $0.y ? $0 : nil }
        return result
    }
}
