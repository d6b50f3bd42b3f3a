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
        var result: [Change] = []
        changes(from: previous, to: next, into: &result)
        return result
    }

    /// ``changes(from:to:)`` appended to `result` (a caller diffing every frame keeps one array,
    /// whose storage is then allocated once rather than grown on every frame).
    public static func changes(from previous: Grid?, to next: Grid, into result: inout [Change]) {
        let width = next.width
        guard width > 0, next.height > 0 else { return }
        let old = previous.flatMap { $0.size == next.size ? $0 : nil }
        let oldStorage = old?.storage ?? []
        let comparable = old != nil
        let reference = old ?? next
        let translation = next.styleTranslation(from: reference)
        let sameTables = next.styles == reference.styles && next.clusters == reference.clusters
        // A grid built on `previous` with its writes tracked: only the rows written can differ.
        let written = old.flatMap { next.rowsWritten(since: $0) }
        // The open run's bytes, one buffer for every row.
        var runText = RunBytes(capacity: width * 4)
        defer { runText.free() }
        translation.withUnsafeBufferPointer { map in
            next.storage.withUnsafeBufferPointer { newCells in
                oldStorage.withUnsafeBufferPointer { oldCells in
                    for y in 0..<next.height {
                        let rowStart = y * width
                        if let written, !written.contains(y) { continue }
                        if sameTables && comparable {
                            // Same style and cluster tables: equal bits mean equal cells, so an
                            // unchanged row is skipped with one 8-byte comparison per cell.
                            if sameBits(rowStart, width, newCells, oldCells) { continue }
                            if let new = newCells.baseAddress, let old = oldCells.baseAddress {
                                changedRow(y, new + rowStart, old + rowStart, width: width, of: next, text: &runText, into: &result)
                                continue
                            }
                        } else if comparable && rowIsUnchanged(rowStart, width, newCells, oldCells, next, reference, map) {
                            continue
                        }
                        var x = 0
                        // The open run, kept in plain locals: reading an optional `Change` copied
                        // its text (a retain and a release) for every cell of a changed row.
                        var inRun = false
                        var run = (x: 0, cellCount: 0, style: UInt16(0))
                        runText.removeAll()
                        // Unchanged cells just after the open run, kept to bridge it to a change
                        // that follows closely (see `bridgeableGap`); dropped otherwise. Their
                        // bytes, packed in one word: no buffer to fill and empty on every cell.
                        var gapCount = 0
                        var gapBytes: UInt32 = 0
                        while x < width {
                            let index = rowStart + x
                            let cell = newCells[index]
                            var dirty = !comparable || !next.sameCell(cell, oldCells[index], in: reference, translation: map)
                            if !dirty && cell.isWide && x + 1 < width && !next.sameCell(newCells[index + 1], oldCells[index + 1], in: reference, translation: map) {
                                dirty = true
                            }
                            if !dirty {
                                if inRun && gapCount < bridgeableGap && cell.styleIndex == run.style && !cell.isCluster
                                    && cell.width == 1 && cell.code >= 0x20 && cell.code < 0x7F {
                                    gapBytes |= cell.code << (8 * UInt32(gapCount))
                                    gapCount += 1
                                    x += 1
                                    continue
                                }
                                if inRun { close(run, y: y, runText, of: next, into: &result); inRun = false }
                                gapCount = 0
                                gapBytes = 0
                                x += cell.isWide ? 2 : 1
                                continue
                            }
                            // A continuation reached directly has lost its leading cell: draw a space.
                            let drawn = cell.isContinuation ? StoredCell.blank(cell.styleIndex) : cell
                            let span = drawn.isWide ? 2 : 1
                            if inRun && run.style == drawn.styleIndex && run.x + run.cellCount + gapCount == x {
                                for offset in 0..<gapCount { runText.append(UInt8(truncatingIfNeeded: gapBytes >> (8 * UInt32(offset)))) }
                                run.cellCount += gapCount
                                (gapCount, gapBytes) = (0, 0)
                                append(drawn, of: next, to: &runText)
                                run.cellCount += span
                            } else {
                                (gapCount, gapBytes) = (0, 0)
                                if inRun { close(run, y: y, runText, of: next, into: &result) }
                                runText.removeAll()
                                append(drawn, of: next, to: &runText)
                                run = (x: x, cellCount: span, style: drawn.styleIndex)
                                inRun = true
                            }
                            x += span
                        }
                        if inRun { close(run, y: y, runText, of: next, into: &result) }
                    }
                }
            }
        }
    }

    /// The runs of a changed row when both frames share their style and cluster tables (every
    /// frame but the first and those after a new style): the same runs as the loop of
    /// ``changes(from:to:)``, found the way a page of new list rows wants it (~2,500 cells a key,
    /// issue 17): unchanged cells are stepped over comparing 8-byte words, and a run grows over
    /// changed cells of its style, and over up to ``bridgeableGap`` unchanged ones when a changed
    /// cell of its style follows them.
    private static func changedRow(
        _ y: Int, _ new: UnsafePointer<StoredCell>, _ old: UnsafePointer<StoredCell>, width: Int, of grid: Grid,
        text: inout RunBytes, into result: inout [Change]
    ) {
        new.withMemoryRebound(to: UInt64.self, capacity: width) { newWords in
            old.withMemoryRebound(to: UInt64.self, capacity: width) { oldWords in
                // A wide cell whose second half changed is changed: it is written whole.
                @inline(__always) func changed(_ x: Int) -> Bool {
                    newWords[x] != oldWords[x] || (new[x].isWide && x + 1 < width && newWords[x + 1] != oldWords[x + 1])
                }
                var x = 0
                while x < width {
                    // Step over unchanged cells; a wide cell is changed when its second half is.
                    let from = x
                    while x < width && newWords[x] == oldWords[x] { x &+= 1 }
                    guard x < width else { return }
                    if x > from && new[x - 1].isWide { x -= 1 }
                    // A run from here, in the style of its first cell.
                    let first = new[x]
                    let style = first.styleIndex
                    let runX = x
                    text.removeAll()
                    x = appendDrawn(first, of: grid, to: &text, at: x)
                    var end = x
                    // A changed narrow ASCII cell of the run's style is one masked word compare.
                    let narrowASCII = UInt64(style) << 48 | 1 << 32
                    while x < width {
                        let fastFrom = x
                        while x < width {
                            let word = newWords[x]
                            guard word != oldWords[x], word & narrowASCIIMask == narrowASCII else { break }
                            text.append(UInt8(truncatingIfNeeded: word))
                            x &+= 1
                        }
                        if x > fastFrom { end = x }
                        guard x < width else { break }
                        let cell = new[x]
                        if changed(x) {
                            guard cell.styleIndex == style else { break }
                            if cell.width == 1 && cell.code < 0x80 {
                                text.append(UInt8(truncatingIfNeeded: cell.code))
                                x &+= 1
                            } else {
                                x = appendDrawn(cell, of: grid, to: &text, at: x)
                            }
                            end = x
                            continue
                        }
                        // Unchanged: bridged when a changed cell of this style follows closely.
                        var gap = 0
                        while gap < bridgeableGap, x + gap < width, !changed(x + gap), isBridgeable(new[x + gap], style: style) {
                            gap += 1
                        }
                        guard gap > 0, x + gap < width, changed(x + gap), new[x + gap].styleIndex == style else { break }
                        for offset in 0..<gap { text.append(UInt8(truncatingIfNeeded: new[x + offset].code)) }
                        x += gap
                    }
                    close((x: runX, cellCount: end - runX, style: style), y: y, text, of: grid, into: &result)
                    x = end
                }
            }
        }
    }

    /// Appends the cell at `x` as drawn (a second half reached directly has lost its first: a
    /// space); returns the column after it.
    @inline(__always)
    private static func appendDrawn(_ cell: StoredCell, of grid: Grid, to text: inout RunBytes, at x: Int) -> Int {
        let drawn = cell.isContinuation ? StoredCell.blank(cell.styleIndex) : cell
        append(drawn, of: grid, to: &text)
        return x + (drawn.isWide ? 2 : 1)
    }

    /// The bits of a ``StoredCell`` that say it is narrow (width 1), of a given style and an ASCII
    /// scalar (code below 0x80, no cluster flag): equal to `style << 48 | 1 << 32` exactly then.
    private static let narrowASCIIMask: UInt64 = 0xFFFF_00FF_FFFF_FF80

    /// An unchanged cell a run may write again to reach a change: printable ASCII in its style.
    @inline(__always)
    private static func isBridgeable(_ cell: StoredCell, style: UInt16) -> Bool {
        cell.styleIndex == style && !cell.isCluster && cell.width == 1 && cell.code >= 0x20 && cell.code < 0x7F
    }

    /// At most this many unchanged cells between two changes in one style are written again
    /// rather than stepped over: printable ASCII in the run's style, so the bytes are no more
    /// than the cursor movement they replace (`ESC [ n C`), and one run is cheaper to make and
    /// write than two (a page of new rows shares many cells with the last: issue 17).
    static let bridgeableGap = 3

    /// Gives a finished run its text (collected as UTF-8: cheaper than growing a string cell by
    /// cell) and adds it to the changes.
    @inline(__always)
    private static func close(_ run: (x: Int, cellCount: Int, style: UInt16), y: Int, _ text: RunBytes, of grid: Grid,
                              into changes: inout [Change]) {
        changes.append(Change(position: Point(x: run.x, y: y), text: text.string,
                              cellCount: run.cellCount, style: grid.styles[Int(run.style)]))
    }

    @inline(__always)
    private static func append(_ cell: StoredCell, of grid: Grid, to text: inout RunBytes) {
        if cell.isCluster {
            for byte in grid.grapheme(of: cell).utf8 { text.append(byte) }
        } else if cell.code < 0x80 {
            text.append(UInt8(truncatingIfNeeded: cell.code))
        } else if let scalar = Unicode.Scalar(cell.code) {
            UTF8.encode(scalar) { text.append($0) }
        }
    }

    /// The UTF-8 of the open run: a buffer written byte by byte without an array's uniqueness
    /// and capacity checks on every cell (a page of new rows appends ~2,500 bytes a key).
    private struct RunBytes {
        private var base: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private(set) var count = 0

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            if count == capacity { grow() }
            base[count] = byte
            count += 1
        }

        mutating func removeAll() { count = 0 }

        var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

        private mutating func grow() {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            larger.update(from: base, count: count)
            base.deallocate()
            (base, capacity) = (larger, capacity * 2)
        }

        func free() { base.deallocate() }
    }

    /// Whether the `count` cells from `start` have the same bits in both buffers: a branch-free
    /// reduction over the cells as 8-byte words, which the compiler turns into vector instructions.
    @inline(__always)
    private static func sameBits(_ start: Int, _ count: Int, _ newCells: UnsafeBufferPointer<StoredCell>,
                                 _ oldCells: UnsafeBufferPointer<StoredCell>) -> Bool {
        guard let new = newCells.baseAddress, let old = oldCells.baseAddress else { return count == 0 }
        return (new + start).withMemoryRebound(to: UInt64.self, capacity: count) { newWords in
            (old + start).withMemoryRebound(to: UInt64.self, capacity: count) { oldWords in
                var difference: UInt64 = 0
                for index in 0..<count { difference |= newWords[index] ^ oldWords[index] }
                return difference == 0
            }
        }
    }

    /// Whether row `start..<start + width` shows the same in both frames when their style tables
    /// differ (a view that drew the same styles in another order): a cell's bits are compared with
    /// the old cell's, its style index translated; clusters are compared by their text.
    @inline(__always)
    private static func rowIsUnchanged(_ start: Int, _ width: Int, _ newCells: UnsafeBufferPointer<StoredCell>,
                                       _ oldCells: UnsafeBufferPointer<StoredCell>, _ next: Grid, _ reference: Grid,
                                       _ map: UnsafeBufferPointer<UInt16>) -> Bool {
        let styleMask: UInt64 = 0xFFFF << 48
        for index in start..<start + width {
            let new = newCells[index]
            let old = oldCells[index]
            if new.isCluster || old.isCluster {
                guard next.sameCell(new, old, in: reference, translation: map) else { return false }
                continue
            }
            let translated = (old.bits & ~styleMask) | (UInt64(map[Int(old.styleIndex)]) << 48)
            if translated != new.bits { return false }
        }
        return true
    }
}
