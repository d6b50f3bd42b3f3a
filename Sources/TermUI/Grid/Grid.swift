import Synchronization

/// A rectangle of cells, the frame a view renders into. A value type over one flat array of plain
/// data (multi-scalar graphemes live in a small side table), so a 100×30 frame is created, copied
/// and compared without reference counting per cell.
///
/// Writing never splits a wide grapheme: a wide grapheme that does not fit the clip rectangle is
/// drawn as a space, and overwriting half of a wide grapheme turns its other half into a space.
public struct Grid: Equatable, Sendable {
    public private(set) var size: Size
    /// Cells in row-major order (`y * width + x`).
    var storage: [StoredCell]
    /// Graphemes of more than one scalar, referenced from `storage`.
    var clusters: [String] = []
    /// The styles cells use, referenced by index from `storage`; index 0 is `.plain`.
    var styles: [Style] = [.plain]
    /// Index of `styles`, built only once the table outgrows a linear search (a frame uses a dozen
    /// styles or so; hashing a style costs more than comparing that many).
    private var styleIndices: [Style: UInt16] = [:]
    /// The style table's entry found last: writes in a row mostly share their style, and comparing
    /// one style costs less than searching the table (the table only grows, so it stays valid).
    private var lastStyleIndex: UInt16 = 0
    private static let linearStyleLimit = 32
    /// Multi-scalar graphemes held for the cells (a grid drawn into again and again keeps those it
    /// no longer shows: start from a fresh grid when this grows past the grid's area).
    public var clusterCount: Int { clusters.count }
    /// Where the terminal cursor should be shown, or nil to hide it.
    public var cursor: Point?
    /// Set by ``trackingWrites()``: the grid's cells when tracking began, and the rows written since.
    private var writes: GridWrites?

    /// A grid of `size` filled with `fill`.
    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.storage = []
        self.cursor = nil
        var stored = fill.isContinuation ? StoredCell.blank(0) : store(fill)
        if stored.isWide { stored = .blank(stored.styleIndex) }
        self.storage = Grid.cells(repeating: stored, count: size.area)
    }

    /// `count` copies of `cell`, written as plain 8-byte stores (a frame starts with 3,000 of them),
    /// in the storage of a dropped frame of that size when there is one (``recycleStorage()``).
    private static func cells(repeating cell: StoredCell, count: Int) -> [StoredCell] {
        if var reused = SpareCells.take(count: count) {
            reused.withUnsafeMutableBufferPointer { buffer in
                buffer.update(repeating: cell)
            }
            return reused
        }
        return [StoredCell](unsafeUninitializedCapacity: max(0, count)) { buffer, initialized in
            buffer.withMemoryRebound(to: UInt64.self) { words in
                let bits = cell.bits
                for index in words.indices { words[index] = bits }
            }
            initialized = max(0, count)
        }
    }

    /// Gives this grid's cells to the next grid made of the same area, and empties this one: for a
    /// frame nothing reads any more (``FrameRenderer`` drops one every frame). A 100×30 frame is
    /// 24 KB: allocated and freed on every key, it had the allocator sweep its free lists every
    /// frame (issue 17). Storage still shared with a copy of the grid is copied when reused.
    mutating func recycleStorage() {
        var cells: [StoredCell] = []
        swap(&cells, &storage)
        size = Size(width: 0, height: 0)
        clusters = []
        SpareCells.give(cells)
    }

    /// The whole grid as a rectangle at the origin.
    public var bounds: Rect { Rect(size: size) }
    public var width: Int { size.width }
    public var height: Int { size.height }

    /// The cell at column `x`, row `y`. Precondition: inside the grid.
    public subscript(x: Int, y: Int) -> Cell {
        cell(from: storage[y * size.width + x])
    }

    /// The cell at `point`, or nil outside the grid.
    public func cell(at point: Point) -> Cell? {
        bounds.contains(point) ? self[point.x, point.y] : nil
    }

    /// All cells in row-major order (builds `Cell` values: for tests and tools, not hot paths).
    public var cells: [Cell] { storage.map(cell(from:)) }

    /// The grapheme of a stored cell.
    @inline(__always)
    func grapheme(of stored: StoredCell) -> String {
        if stored.isContinuation { return "" }
        if stored.isCluster { return clusters[Int(stored.code & ~StoredCell.clusterFlag)] }
        return String(Character(Unicode.Scalar(stored.code) ?? "\u{FFFD}"))
    }

    func cell(from stored: StoredCell) -> Cell {
        Cell(uncheckedGrapheme: grapheme(of: stored), width: stored.width, style: styles[Int(stored.styleIndex)])
    }

    /// The index of `style` in the style table, adding it when new. Styles come from themes, so the
    /// table stays small; past 65,535 distinct styles the plain style is used.
    @inline(__always)
    mutating func styleIndex(_ style: Style) -> UInt16 {
        if style == styles[Int(lastStyleIndex)] { return lastStyleIndex }
        if let index = existingIndex(of: style) {
            lastStyleIndex = index
            return index
        }
        guard styles.count < Int(UInt16.max) else { return 0 }
        styles.append(style)
        let index = UInt16(styles.count - 1)
        lastStyleIndex = index
        if styles.count > Self.linearStyleLimit {
            if styleIndices.isEmpty {
                for (known, existing) in styles.enumerated() { styleIndices[existing] = UInt16(known) }
            } else {
                styleIndices[style] = index
            }
        }
        return index
    }

    /// The index of `style` when the table has it.
    func existingIndex(of style: Style) -> UInt16? {
        if styles.count > Self.linearStyleLimit { return styleIndices[style] }
        for index in styles.indices where styles[index] == style { return UInt16(index) }
        return nil
    }

    /// The style of a stored cell.
    @inline(__always)
    func style(of stored: StoredCell) -> Style { styles[Int(stored.styleIndex)] }

    /// The stored form of a cell, adding its grapheme to the cluster table when needed.
    mutating func store(_ cell: Cell) -> StoredCell {
        let style = styleIndex(cell.style)
        if cell.isContinuation { return .continuation(style) }
        let scalars = cell.grapheme.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            return StoredCell(code: first.value, width: cell.width, styleIndex: style)
        }
        clusters.append(cell.grapheme)
        return StoredCell(code: StoredCell.clusterFlag | UInt32(clusters.count - 1), width: cell.width, styleIndex: style)
    }

    /// For each style index of `other`, the index of the same style here (or `UInt16.max`): lets
    /// cells of two grids be compared by index.
    func styleTranslation(from other: Grid) -> [UInt16] {
        other.styles.map { existingIndex(of: $0) ?? UInt16.max }
    }

    /// True when `a` (of this grid) and `b` (of `other`, whose style indices `translation` maps
    /// to this grid's) show the same thing.
    @inline(__always)
    func sameCell(_ a: StoredCell, _ b: StoredCell, in other: Grid, translation: UnsafeBufferPointer<UInt16>) -> Bool {
        guard a.code == b.code, a.width == b.width, a.styleIndex == translation[Int(b.styleIndex)] else {
            return a.isCluster && b.isCluster && a.width == b.width && a.styleIndex == translation[Int(b.styleIndex)]
                && sameCluster(a, b, in: other)
        }
        return !a.isCluster || sameCluster(a, b, in: other)
    }

    func sameCluster(_ a: StoredCell, _ b: StoredCell, in other: Grid) -> Bool {
        grapheme(of: a) == other.grapheme(of: b)
    }

    /// This grid, noting from now on which rows are written into: a frame built on the last one
    /// (a typed character redraws one line) is then diffed against that frame on those rows only,
    /// instead of reading both grids whole (issue 17).
    public func trackingWrites() -> Grid {
        var copy = self
        copy.writes = GridWrites(base: storage)
        return copy
    }

    /// The rows that may differ from `earlier`, when this grid was built on it with
    /// ``trackingWrites()`` (its cells are still the ones tracking began from); nil otherwise.
    /// Rows outside the set hold the same cells with the same meaning: style and cluster tables
    /// only grow, so an index written before tracking began still names the same style.
    func rowsWritten(since earlier: Grid) -> GridWrites.Rows? {
        guard let writes, earlier.size == size, size.area > 0 else { return nil }
        // Both arrays are alive, so equal buffer addresses mean one shared buffer.
        let base = writes.base.withUnsafeBufferPointer { $0.baseAddress }
        let other = earlier.storage.withUnsafeBufferPointer { $0.baseAddress }
        guard base != nil, base == other else { return nil }
        return writes.rows
    }

    @inline(__always)
    private mutating func noteWritten(rows: Range<Int>) {
        if writes != nil { writes!.rows.insert(rows) }
    }

    /// Same size, cursor and cells (whatever order styles and clusters were first used in).
    public static func == (lhs: Grid, rhs: Grid) -> Bool {
        guard lhs.size == rhs.size, lhs.cursor == rhs.cursor else { return false }
        let translation = lhs.styleTranslation(from: rhs)
        return translation.withUnsafeBufferPointer { map in
            for index in lhs.storage.indices where !lhs.sameCell(lhs.storage[index], rhs.storage[index], in: rhs, translation: map) {
                return false
            }
            return true
        }
    }

    /// Puts `cell` at `point` (ignored outside the grid or `clip`), repairing wide graphemes it
    /// overlaps. A wide cell that would not fit becomes a space.
    public mutating func put(_ cell: Cell, at point: Point, clip: Rect? = nil) {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard area.contains(point), !cell.isContinuation else { return }
        noteWritten(rows: point.y..<point.y + 1)
        if cell.isWide && point.x + 1 >= area.maxX {
            place(.blank(styleIndex(cell.style)), x: point.x, y: point.y)
        } else {
            place(store(cell), x: point.x, y: point.y)
        }
    }

    /// Fills `rect` (clipped to the grid) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty, !cell.isContinuation else { return }
        if cell.isWide {
            for y in area.y..<area.maxY {
                var x = area.x
                while x < area.maxX { put(cell, at: Point(x: x, y: y), clip: area); x += 2 }
            }
            return
        }
        fillStored(store(cell), area: area)
    }

    /// Fills `rect` with spaces in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        fillStored(.blank(styleIndex(style)), area: area)
    }

    /// Puts `stored` (a narrow cell) in every cell of `area`, which is inside the grid.
    private mutating func fillStored(_ stored: StoredCell, area: Rect) {
        noteWritten(rows: area.y..<area.maxY)
        for y in area.y..<area.maxY { repairEdges(row: y, from: area.x, to: area.maxX) }
        let width = size.width
        storage.withUnsafeMutableBufferPointer { cells in
            guard let base = cells.baseAddress else { return }
            for y in area.y..<area.maxY {
                (base + y * width + area.x).update(repeating: stored, count: area.width)
            }
        }
    }

    /// Copies `count` whole lines of `source`, from its line `sourceY`, to this grid's lines from
    /// `y` (a grid of the same width; lines outside either grid are left out). Cells keep their
    /// graphemes and styles: with the same style and cluster tables the lines are copied as they
    /// are stored, otherwise each cell's style and cluster is entered in this grid's tables.
    public mutating func copyLines(of source: Grid, from sourceY: Int, count: Int, to y: Int) {
        guard source.width == width else { return }
        let first = max(0, -sourceY, -y)
        let last = min(count, source.height - sourceY, height - y)
        guard first < last else { return }
        noteWritten(rows: y + first..<y + last)
        let width = self.width
        if styles == source.styles && clusters == source.clusters {
            source.storage.withUnsafeBufferPointer { from in
                storage.withUnsafeMutableBufferPointer { to in
                    for line in first..<last {
                        let (a, b) = ((sourceY + line) * width, (y + line) * width)
                        for x in 0..<width { to[b + x] = from[a + x] }
                    }
                }
            }
            return
        }
        // Other tables: each style the lines use is entered here once, then every cell is copied
        // with its style index mapped; a cluster is entered in this grid's cluster table.
        var map = [UInt16](repeating: UInt16.max, count: source.styles.count)
        var clusterCells: [(target: Int, source: StoredCell)] = []
        source.storage.withUnsafeBufferPointer { from in
            for line in first..<last {
                let start = (sourceY + line) * width
                for x in 0..<width {
                    let index = Int(from[start + x].styleIndex)
                    if map[index] == UInt16.max { map[index] = styleIndex(source.styles[index]) }
                }
            }
        }
        source.storage.withUnsafeBufferPointer { from in
            storage.withUnsafeMutableBufferPointer { to in
                for line in first..<last {
                    let (a, b) = ((sourceY + line) * width, (y + line) * width)
                    for x in 0..<width {
                        var cell = from[a + x]
                        cell.styleIndex = map[Int(cell.styleIndex)]
                        if cell.isCluster { clusterCells.append((b + x, cell)) }
                        to[b + x] = cell
                    }
                }
            }
        }
        for (target, cell) in clusterCells {
            clusters.append(source.grapheme(of: cell))
            storage[target].code = StoredCell.clusterFlag | UInt32(clusters.count - 1)
        }
    }

    /// Changes the style of every cell in `rect`, keeping the text (e.g. to highlight a row).
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        noteWritten(rows: area.y..<area.maxY)
        for y in area.y..<area.maxY {
            let start = y * size.width
            for x in area.x..<area.maxX {
                var style = styles[Int(storage[start + x].styleIndex)]
                transform(&style)
                storage[start + x].styleIndex = styleIndex(style)
            }
        }
    }

    /// Writes `text` on one row from `point`, in `style`, clipped to `clip` (and the grid).
    /// Control characters are drawn as U+FFFD, zero-width clusters are dropped, a wide grapheme that
    /// would straddle the clip edge is drawn as a space. Returns the column after the last one the
    /// text reached (clipped or not), so writes can be chained.
    @discardableResult
    public mutating func write<S: StringProtocol>(_ text: S, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        writeText(text, at: point, style: style, clip: clip)
    }

    /// `write(_:at:style:clip:)` for a `String`, compiled for it: screens in other modules would
    /// otherwise run the generic body, which reaches every scalar through witness tables.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        writeText(text, at: point, style: style, clip: clip)
    }

    @inline(__always)
    private mutating func writeText<S: StringProtocol>(_ text: S, at point: Point, style: Style, clip: Rect?) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        var x = point.x
        let y = point.y
        guard y >= area.y, y < area.maxY, area.width > 0 else { return x + text.displayWidth }
        noteWritten(rows: y..<y + 1)
        let style = styleIndex(style)
        if let end = writeASCII(text, from: x, y: y, area: area, style: style) { return end }
        // Fast path, one pass: while every scalar is a grapheme of its own, one scalar is one cell
        // of width 1 or 2. At the first scalar that is not, start again on the grapheme path (which
        // rewrites the same cells identically and continues).
        fast: do {
            for scalar in text.unicodeScalars {
                let value = scalar.value
                guard DisplayWidth.isSimple(value) else { x = point.x; break fast }
                let width = DisplayWidth.simpleWidth(value)
                if x + width > area.maxX {
                    if x < area.maxX && x >= area.x { place(.blank(style), x: x, y: y) }
                    return x + width
                }
                if x >= area.x {
                    place(StoredCell(code: value, width: UInt8(width), styleIndex: style), x: x, y: y)
                } else if x + width > area.x {
                    place(.blank(style), x: area.x, y: y)
                }
                x += width
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
                let scalars = safe.unicodeScalars
                let code: UInt32
                if let only = scalars.first, scalars.count == 1 {
                    code = only.value
                } else {
                    clusters.append(String(safe))
                    code = StoredCell.clusterFlag | UInt32(clusters.count - 1)
                }
                place(StoredCell(code: code, width: UInt8(width), styleIndex: style), x: x, y: y)
            }
            x += width
        }
        return x
    }

    /// Printable ASCII (most text on a screen): one cell per byte, written in one pass over the
    /// row, with the result the scalar path gives (cells left of `area` skipped, the text cut at
    /// its right edge; the column after the text, or after the first column past the edge). Nil
    /// for any other text, or text whose bytes are not contiguous.
    @inline(__always)
    private mutating func writeASCII<S: StringProtocol>(_ text: S, from start: Int, y: Int, area: Rect, style: UInt16) -> Int? {
        let result: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
            let count = bytes.count
            let from = max(start, area.x)
            let to = min(start + count, area.maxX)
            if from < to {
                repairEdges(row: y, from: from, to: to)
                let rowStart = y * size.width
                storage.withUnsafeMutableBufferPointer { cells in
                    for x in from..<to {
                        cells[rowStart + x] = StoredCell(code: UInt32(bytes[x - start]), width: 1, styleIndex: style)
                    }
                }
            }
            return count == 0 || start + count <= area.maxX ? start + count : max(start, area.maxX) + 1
        }
        return result ?? nil
    }

    /// Writes `text` truncated with an ellipsis and padded to exactly `rect`'s width, on its first row.
    public mutating func write<S: StringProtocol>(_ text: S, fitting rect: Rect, style: Style = .plain, alignment: TextAlignment = .left) {
        writeFitting(text, rect: rect, style: style, alignment: alignment)
    }

    /// `write(_:fitting:style:alignment:)` for a `String`, compiled for it (see `write(_:at:style:clip:)`).
    public mutating func write(_ text: String, fitting rect: Rect, style: Style = .plain, alignment: TextAlignment = .left) {
        writeFitting(text, rect: rect, style: style, alignment: alignment)
    }

    @inline(__always)
    private mutating func writeFitting<S: StringProtocol>(_ text: S, rect: Rect, style: Style, alignment: TextAlignment) {
        guard rect.height > 0 else { return }
        let area = rect.intersection(bounds)
        guard !area.isEmpty, area.y == rect.y else { return }
        if alignment == .left {
            // Common case, one pass: write; if it fitted, blank the rest of the rect.
            let end = writeText(text, at: rect.origin, style: style, clip: rect)
            if end <= rect.maxX {
                if end < rect.maxX { fill(Rect(x: end, y: rect.y, width: rect.maxX - end, height: 1), style: style) }
                return
            }
        }
        _ = writeText(text.fitted(toWidth: rect.width, alignment: alignment), at: rect.origin, style: style, clip: rect)
    }

    /// ``write(_:fitting:style:alignment:)`` (left-aligned) for printable ASCII in a rect wholly
    /// on the grid, written straight into its row: the same cells, for a fraction of the work
    /// (a list's table cells on every frame: issue 17). `index` caches `style`'s index for the
    /// cells of one row. False, with nothing written, for any other text or rect.
    mutating func writeFittedASCII(_ text: String, in rect: Rect, style: Style, index: inout UInt16?) -> Bool {
        guard rect.width > 0, rect.height > 0, rect.x >= 0, rect.y >= 0, rect.maxX <= size.width, rect.y < size.height
        else { return false }
        let written: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            let styleIndex = index ?? self.styleIndex(style)
            index = styleIndex
            noteWritten(rows: rect.y..<rect.y + 1)
            repairEdges(row: rect.y, from: rect.x, to: rect.maxX)
            let start = rect.y * size.width + rect.x
            // Too long: cut one column short and end with an ellipsis, as `fitted` does.
            let fits = bytes.count <= rect.width
            let shown = fits ? bytes.count : rect.width - 1
            storage.withUnsafeMutableBufferPointer { cells in
                for offset in 0..<shown {
                    cells[start + offset] = StoredCell(code: UInt32(bytes[offset]), width: 1, styleIndex: styleIndex)
                }
                if fits {
                    if shown < rect.width, let base = cells.baseAddress {
                        (base + start + shown).update(repeating: .blank(styleIndex), count: rect.width - shown)
                    }
                } else {
                    cells[start + shown] = StoredCell(code: 0x2026, width: 1, styleIndex: styleIndex)
                }
            }
            return true
        }
        return written ?? false
    }

    /// Places a stored cell (narrow or wide) without clipping checks beyond the grid; repairs
    /// overlapped wide graphemes. The caller notes the row written (``trackingWrites()``).
    @inline(__always)
    mutating func place(_ cell: StoredCell, x: Int, y: Int) {
        let rowStart = y * size.width
        let span = cell.isWide ? 2 : 1
        repairEdges(row: y, from: x, to: x + span)
        storage[rowStart + x] = cell
        if span == 2 { storage[rowStart + x + 1] = .continuation(cell.styleIndex) }
    }

    /// Before columns `from..<to` of row `y` are overwritten: a wide grapheme cut at either edge
    /// loses its other half, which becomes a space.
    @inline(__always)
    mutating func repairEdges(row y: Int, from: Int, to: Int) {
        let rowStart = y * size.width
        if from > 0 && from < size.width && storage[rowStart + from].isContinuation {
            storage[rowStart + from - 1] = .blank(storage[rowStart + from - 1].styleIndex)
        }
        if to > 0 && to < size.width && storage[rowStart + to - 1].isWide {
            storage[rowStart + to] = .blank(storage[rowStart + to].styleIndex)
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

/// The storage of one dropped frame, kept for the next frame of its area (``Grid/recycleStorage()``).
private enum SpareCells {
    private static let spare = Mutex<[StoredCell]?>(nil)

    static func give(_ cells: [StoredCell]) {
        guard !cells.isEmpty else { return }
        spare.withLock { $0 = cells }
    }

    static func take(count: Int) -> [StoredCell]? {
        guard count > 0 else { return nil }
        return spare.withLock { kept in
            guard let cells = kept, cells.count == count else { return nil }
            kept = nil
            return cells
        }
    }
}
