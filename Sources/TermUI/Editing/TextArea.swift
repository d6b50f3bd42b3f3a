/// A multi-line text editor model with soft wrapping by display width: hard lines of grapheme
/// clusters, a cursor (line, grapheme index), vertical movement across wrapped lines keeping the
/// column the user was in, and vertical scrolling.
public struct TextArea: Hashable, Sendable {
    /// A cursor position: hard line and grapheme index in it.
    public struct Position: Hashable, Sendable, Comparable {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
        public static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.line, lhs.column) < (rhs.line, rhs.column)
        }
    }

    /// The hard lines, each as grapheme clusters.
    public private(set) var lines: [[Character]]
    public private(set) var cursor: Position
    /// The first visual (wrapped) row shown.
    public private(set) var scrollRow: Int = 0
    /// The display column vertical moves aim for (kept across Up/Down).
    private var goalColumn: Int?

    /// An editor holding `text` (line breaks split lines), the cursor at the end.
    public init(_ text: String = "") {
        let split = TextArea.split(text)
        lines = split
        cursor = Position(line: split.count - 1, column: split[split.count - 1].count)
    }

    /// The text, hard lines joined by `\n`.
    public var text: String { lines.map { String($0) }.joined(separator: "\n") }

    // MARK: Editing

    /// Inserts `text` at the cursor; newlines (`\n`, `\r\n`, `\r`) split lines, tabs become a space,
    /// other control characters are dropped.
    public mutating func insert(_ text: String) {
        let pieces = TextArea.split(text)
        let head = lines[cursor.line][..<cursor.column]
        let tail = lines[cursor.line][cursor.column...]
        if pieces.count == 1 {
            let before = String(head) + String(pieces[0])
            let count = Array(before).count
            lines[cursor.line] = Array(before + String(tail))
            cursor.column = min(count, lines[cursor.line].count)
        } else {
            var newLines: [[Character]] = []
            newLines.append(Array(String(head) + String(pieces[0])))
            newLines.append(contentsOf: pieces[1..<(pieces.count - 1)])
            let last = String(pieces[pieces.count - 1])
            newLines.append(Array(last + String(tail)))
            lines.replaceSubrange(cursor.line...cursor.line, with: newLines)
            cursor = Position(line: cursor.line + pieces.count - 1, column: Array(last).count)
        }
        goalColumn = nil
    }

    /// Splits the line at the cursor.
    public mutating func insertNewline() { insert("\n") }

    /// Deletes the grapheme before the cursor, joining with the previous line at a line start.
    public mutating func deleteBackward() {
        goalColumn = nil
        if cursor.column > 0 {
            lines[cursor.line].remove(at: cursor.column - 1)
            cursor.column -= 1
        } else if cursor.line > 0 {
            let previousCount = lines[cursor.line - 1].count
            let joined = String(lines[cursor.line - 1]) + String(lines[cursor.line])
            lines[cursor.line - 1] = Array(joined)
            lines.remove(at: cursor.line)
            cursor = Position(line: cursor.line - 1, column: min(previousCount, lines[cursor.line - 1].count))
        }
    }

    /// Deletes the grapheme after the cursor, joining with the next line at a line end.
    public mutating func deleteForward() {
        goalColumn = nil
        if cursor.column < lines[cursor.line].count {
            lines[cursor.line].remove(at: cursor.column)
        } else if cursor.line + 1 < lines.count {
            lines[cursor.line] = Array(String(lines[cursor.line]) + String(lines[cursor.line + 1]))
            lines.remove(at: cursor.line + 1)
        }
    }

    // MARK: Movement

    /// One grapheme left, to the end of the previous line at a line start.
    public mutating func moveLeft() {
        goalColumn = nil
        if cursor.column > 0 { cursor.column -= 1 } else if cursor.line > 0 {
            cursor = Position(line: cursor.line - 1, column: lines[cursor.line - 1].count)
        }
    }

    /// One grapheme right, to the start of the next line at a line end.
    public mutating func moveRight() {
        goalColumn = nil
        if cursor.column < lines[cursor.line].count { cursor.column += 1 } else if cursor.line + 1 < lines.count {
            cursor = Position(line: cursor.line + 1, column: 0)
        }
    }

    /// Moves to the start of the visual (wrapped) line.
    public mutating func moveToLineStart(width: Int) {
        goalColumn = nil
        let segments = WordWrap.segments(of: lines[cursor.line], width: width)
        cursor.column = segments[segmentIndex(of: cursor.column, in: segments)].lowerBound
    }

    /// Moves to the end of the visual (wrapped) line.
    public mutating func moveToLineEnd(width: Int) {
        goalColumn = nil
        let segments = WordWrap.segments(of: lines[cursor.line], width: width)
        let index = segmentIndex(of: cursor.column, in: segments)
        let segment = segments[index]
        cursor.column = index == segments.count - 1 ? segment.upperBound : max(segment.lowerBound, segment.upperBound - 1)
    }

    /// Moves one visual line up in a `width`-column area, keeping the goal column.
    public mutating func moveUp(width: Int) { moveVertically(by: -1, width: width) }

    /// Moves one visual line down in a `width`-column area, keeping the goal column.
    public mutating func moveDown(width: Int) { moveVertically(by: 1, width: width) }

    private mutating func moveVertically(by delta: Int, width: Int) {
        let current = visualPosition(width: width)
        let goal = goalColumn ?? current.column
        var line = cursor.line
        var segments = WordWrap.segments(of: lines[line], width: width)
        var index = segmentIndex(of: cursor.column, in: segments) + delta
        if index < 0 {
            guard line > 0 else { cursor.column = 0; goalColumn = goal; return }
            line -= 1
            segments = WordWrap.segments(of: lines[line], width: width)
            index = segments.count - 1
        } else if index >= segments.count {
            guard line + 1 < lines.count else { cursor.column = lines[line].count; goalColumn = goal; return }
            line += 1
            segments = WordWrap.segments(of: lines[line], width: width)
            index = 0
        }
        let segment = segments[index]
        var column = segment.lowerBound
        var used = 0
        while column < segment.upperBound {
            let w = lines[line][column].displayWidth
            if used + w > goal { break }
            used += w
            column += 1
        }
        if index < segments.count - 1 && column == segment.upperBound { column = max(segment.lowerBound, column - 1) }
        cursor = Position(line: line, column: column)
        goalColumn = goal
    }

    /// Applies an editing key in a `width`-column area: arrows, Home/End, Enter (new line),
    /// Backspace, Delete, printable characters. Returns false for keys it does not handle.
    @discardableResult
    public mutating func handle(_ event: KeyEvent, width: Int) -> Bool {
        switch event.key {
        case .left: moveLeft()
        case .right: moveRight()
        case .up: moveUp(width: width)
        case .down: moveDown(width: width)
        case .home: moveToLineStart(width: width)
        case .end: moveToLineEnd(width: width)
        case .enter: insertNewline()
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .character(let c) where event.modifiers.isDisjoint(with: [.control, .alt]): insert(String(c))
        default: return false
        }
        return true
    }

    // MARK: Display

    /// The cursor's visual row (counting wrapped rows from the top) and display column.
    public func visualPosition(width: Int) -> (row: Int, column: Int) {
        var row = 0
        for line in 0..<cursor.line { row += WordWrap.segments(of: lines[line], width: width).count }
        let segments = WordWrap.segments(of: lines[cursor.line], width: width)
        let index = segmentIndex(of: cursor.column, in: segments)
        var column = 0
        var i = segments[index].lowerBound
        while i < cursor.column { column += lines[cursor.line][i].displayWidth; i += 1 }
        return (row + index, column)
    }

    /// Scrolls so the cursor's row is inside a `height`-row area.
    public mutating func ensureCursorVisible(width: Int, height: Int) {
        scrollRow = visibleStart(width: width, height: height)
    }

    /// The rows an area of `width` × `height` shows and where the cursor is in it.
    public func visibleLines(width: Int, height: Int) -> (lines: [String], cursor: Point) {
        let start = visibleStart(width: width, height: height)
        var rows: [String] = []
        var row = 0
        outer: for line in lines {
            for segment in WordWrap.segments(of: line, width: width) {
                if row >= start + height { break outer }
                if row >= start { rows.append(String(line[segment]).truncated(toWidth: width, ellipsis: "")) }
                row += 1
            }
        }
        let position = visualPosition(width: width)
        return (rows, Point(x: min(position.column, max(0, width - 1)), y: position.row - start))
    }

    private func visibleStart(width: Int, height: Int) -> Int {
        let row = visualPosition(width: width).row
        var start = scrollRow
        if row < start { start = row }
        if row >= start + max(1, height) { start = row - max(1, height) + 1 }
        return max(0, start)
    }

    private func segmentIndex(of column: Int, in segments: [Range<Int>]) -> Int {
        for (index, segment) in segments.enumerated() where column < segment.upperBound {
            return index
        }
        return segments.count - 1
    }

    static func split(_ text: String) -> [[Character]] {
        var result: [[Character]] = [[]]
        for character in text {
            if character.isNewline { result.append([]); continue }
            if character == "\t" { result[result.count - 1].append(" "); continue }
            if character.unicodeScalars.contains(where: TerminalText.isControl) { continue }
            result[result.count - 1].append(character)
        }
        return result
    }
}
