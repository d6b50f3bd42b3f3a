/// A run of changed cells on one row, all in one style: what a backend writes in one go.
public struct Change: Hashable, Sendable {
    /// The first cell of the run.
    public var position: Point
    /// The graphemes of the run, each wide grapheme once.
    public var text: String
    /// Cells the run covers (continuation cells included).
    public var cellCount: Int
    public var style: Style

    public init(position: Point, text: String, cellCount: Int, style: Style) {
        self.position = position
        self.text = text
        self.cellCount = cellCount
        self.style = style
    }
}

/// Everything a backend needs to bring the terminal from the previous frame to the next one.
public struct FrameUpdate: Hashable, Sendable {
    /// The runs to write, top to bottom, left to right.
    public var changes: [Change]
    /// True when the whole screen must be cleared and redrawn (first frame, resize).
    public var isFullRepaint: Bool
    /// Where to show the cursor, or nil to hide it.
    public var cursor: Point?
    /// The size of the new frame.
    public var size: Size

    public init(changes: [Change], isFullRepaint: Bool, cursor: Point?, size: Size) {
        self.changes = changes
        self.isFullRepaint = isFullRepaint
        self.cursor = cursor
        self.size = size
    }

    /// Cells written by this update.
    public var cellCount: Int { changes.reduce(0) { $0 + $1.cellCount } }
}

/// Computes the cells that differ between two frames, ratatui-style.
public enum FrameDiff {
    /// Runs of cells of `next` that differ from `previous`. When `previous` is nil or of another
    /// size, every cell of `next` is a change (full repaint). A changed continuation cell brings its
    /// leading cell into the run, so a wide grapheme is always written whole. Cost: one comparison
    /// per cell; allocation only for changed runs.
    public static func changes(from previous: Grid?, to next: Grid) -> [Change] {
        let width = next.width
        guard width > 0, next.height > 0 else { return [] }
        var result: [Change] = []
        let comparable = previous.map { $0.size == next.size } ?? false
        next.cells.withUnsafeBufferPointer { nextCells in
            let previousCells = comparable ? previous!.cells : []
            previousCells.withUnsafeBufferPointer { oldCells in
                for y in 0..<next.height {
                    let rowStart = y * width
                    var x = 0
                    var run: Change? = nil
                    while x < width {
                        let index = rowStart + x
                        let cell = nextCells[index]
                        var dirty = !comparable || oldCells[index] != cell
                        if !dirty && cell.isWide && x + 1 < width && oldCells[index + 1] != nextCells[index + 1] {
                            dirty = true
                        }
                        if !dirty {
                            if let finished = run { result.append(finished); run = nil }
                            x += cell.isWide ? 2 : 1
                            continue
                        }
                        if cell.isContinuation {
                            // A continuation whose leading cell was unchanged: the leading cell was
                            // handled above (wide check); here the lead is missing, so draw a space.
                            let blank = Cell.blank(cell.style)
                            append(blank, at: x, y: y, to: &run, result: &result)
                            x += 1
                            continue
                        }
                        append(cell, at: x, y: y, to: &run, result: &result)
                        x += cell.isWide ? 2 : 1
                    }
                    if let finished = run { result.append(finished) }
                }
            }
        }
        return result
    }

    @inline(__always)
    private static func append(_ cell: Cell, at x: Int, y: Int, to run: inout Change?, result: inout [Change]) {
        let span = max(1, Int(cell.width))
        if run != nil && run!.style == cell.style && run!.position.x + run!.cellCount == x {
            // Mutated in place: no copy of the run's text.
            run!.text += cell.grapheme
            run!.cellCount += span
        } else {
            if let finished = run { result.append(finished) }
            run = Change(position: Point(x: x, y: y), text: cell.grapheme, cellCount: span, style: cell.style)
        }
    }
}
