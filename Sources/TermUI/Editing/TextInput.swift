/// A single-line text editor model: the text as grapheme clusters, a cursor between graphemes,
/// horizontal scrolling by display width, optional maximum length. Pure value; render it with
/// `Grid.drawTextInput(_:in:style:)` or read `visibleText(width:)`.
public struct TextInput: Hashable, Sendable {
    /// The text, one element per grapheme cluster.
    public private(set) var graphemes: [Character]
    /// The cursor, a grapheme index in `0...graphemes.count`.
    public private(set) var cursor: Int
    /// The first grapheme shown (horizontal scroll).
    public private(set) var scrollOffset: Int = 0
    /// At most this many graphemes (nil: unlimited).
    public var maxLength: Int?

    /// An editor holding `text` (made single-line, cut at `maxLength`), the cursor at the end.
    public init(_ text: String = "", maxLength: Int? = nil) {
        var graphemes = Array(TextInput.singleLine(text))
        if let maxLength, graphemes.count > maxLength { graphemes.removeLast(graphemes.count - maxLength) }
        self.graphemes = graphemes
        self.cursor = graphemes.count
        self.maxLength = maxLength
    }

    /// The text.
    public var text: String { String(graphemes) }

    /// Replaces the text; the cursor goes to the end.
    public mutating func setText(_ text: String) {
        self = TextInput(text, maxLength: maxLength)
    }

    /// Moves the cursor to grapheme `index` (clamped).
    public mutating func moveCursor(to index: Int) {
        cursor = min(max(0, index), graphemes.count)
    }

    // MARK: Editing

    /// Inserts `text` at the cursor. Newlines become spaces, other control characters are dropped;
    /// the text is cut at `maxLength`. Combining marks typed after a letter join its grapheme.
    public mutating func insert(_ text: String) {
        var clean = TextInput.singleLine(text)
        guard !clean.isEmpty else { return }
        if let maxLength {
            let room = maxLength - graphemes.count
            guard room > 0 else { return }
            if clean.count > room { clean = String(clean.prefix(room)) }
        }
        if isPlainASCII(clean) && neighboursArePlainASCII {
            // Typing ASCII between ASCII (the common key): every byte is its own grapheme and joins
            // neither neighbour, so no re-clustering of the whole text — a key costs the same on a
            // long value as on a short one.
            graphemes.insert(contentsOf: clean, at: cursor)
            cursor += clean.count
            return
        }
        // Re-cluster around the cursor: "e" + U+0301 must become one grapheme "é".
        let before = String(graphemes[..<cursor]) + clean
        let after = String(graphemes[cursor...])
        let beforeGraphemes = Array(before)
        var combined = Array(before + after)
        if let maxLength, combined.count > maxLength { combined.removeLast(combined.count - maxLength) }
        graphemes = combined
        cursor = min(beforeGraphemes.count, graphemes.count)
    }

    /// Printable ASCII only (after `singleLine`, no controls are left).
    private func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// The graphemes on either side of the cursor are printable ASCII (or there are none).
    private var neighboursArePlainASCII: Bool {
        (cursor == 0 || graphemes[cursor - 1].utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
            && (cursor == graphemes.count || graphemes[cursor].utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
    }

    /// Pastes `text`: like typing it, with line breaks turned into spaces.
    public mutating func paste(_ text: String) { insert(text) }

    /// Deletes the grapheme before the cursor.
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        graphemes.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Deletes the grapheme after the cursor.
    public mutating func deleteForward() {
        guard cursor < graphemes.count else { return }
        graphemes.remove(at: cursor)
    }

    /// Deletes from the start of the previous word to the cursor.
    public mutating func deleteWordBackward() {
        let start = TextInput.previousWordStart(in: graphemes, from: cursor)
        graphemes.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Deletes from the cursor to the end of the line.
    public mutating func killToEnd() { graphemes.removeSubrange(cursor...) }

    /// Deletes from the start of the line to the cursor.
    public mutating func killToStart() {
        graphemes.removeSubrange(..<cursor)
        cursor = 0
    }

    // MARK: Movement

    /// One grapheme left/right; to the start/end; one word left/right.
    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    public mutating func moveRight() { cursor = min(graphemes.count, cursor + 1) }
    public mutating func moveToStart() { cursor = 0 }
    public mutating func moveToEnd() { cursor = graphemes.count }
    public mutating func moveWordLeft() { cursor = TextInput.previousWordStart(in: graphemes, from: cursor) }
    public mutating func moveWordRight() { cursor = TextInput.nextWordEnd(in: graphemes, from: cursor) }

    /// Applies an editing key: arrows, Home/End, Ctrl-A/E/B/F, Alt-B/F and Ctrl/Alt-arrows (words),
    /// Backspace, Delete, Ctrl-K/U/W, printable characters. Returns false for keys it does not
    /// handle (Enter, Esc, Tab, …), which the screen then looks up in the key map.
    @discardableResult
    public mutating func handle(_ event: KeyEvent) -> Bool {
        let control = event.modifiers.contains(.control)
        let alt = event.modifiers.contains(.alt)
        switch event.key {
        case .left where control || alt: moveWordLeft()
        case .right where control || alt: moveWordRight()
        case .left: moveLeft()
        case .right: moveRight()
        case .home: moveToStart()
        case .end: moveToEnd()
        case .backspace where control || alt: deleteWordBackward()
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .character(let c) where control:
            switch c {
            case "a": moveToStart()
            case "e": moveToEnd()
            case "b": moveLeft()
            case "f": moveRight()
            case "k": killToEnd()
            case "u": killToStart()
            case "w": deleteWordBackward()
            default: return false
            }
        case .character(let c) where alt:
            switch c {
            case "b": moveWordLeft()
            case "f": moveWordRight()
            default: return false
            }
        case .character(let c):
            insert(String(c))
        default:
            return false
        }
        return true
    }

    // MARK: Display

    /// Adjusts the horizontal scroll so the cursor is visible in a field `width` columns wide.
    public mutating func ensureCursorVisible(width: Int) {
        scrollOffset = visibleStart(width: width)
    }

    /// What a field `width` columns wide shows: the visible text and the cursor's column in it.
    /// Pure: uses the stored scroll offset, corrected so the cursor is always inside.
    public func visibleText(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let start = visibleStart(width: width)
        // Collected as UTF-8 and decoded once: appending to a `String` grapheme by grapheme cost
        // about 300 instructions a grapheme, the largest part of a typed character's redraw.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(width, graphemes.count - start) * 2)
        var used = 0
        var cursorColumn = 0
        var index = start
        while index < graphemes.count {
            if index == cursor { cursorColumn = used }
            let w = graphemes[index].displayWidth
            if used + w > width { break }
            bytes.append(contentsOf: graphemes[index].utf8)
            used += w
            index += 1
        }
        if cursor >= index { cursorColumn = used }
        return (String(decoding: bytes, as: UTF8.self), min(cursorColumn, width - 1))
    }

    /// Display columns from grapheme `from` up to (not including) `to`.
    private func columns(from: Int, to: Int) -> Int {
        var total = 0
        var index = from
        while index < to { total += graphemes[index].displayWidth; index += 1 }
        return total
    }

    private func visibleStart(width: Int) -> Int {
        guard width > 0 else { return cursor }
        var start = min(scrollOffset, cursor)
        // The cursor needs one column of its own after the text before it. One pass: the width
        // before the cursor is summed once and shrinks as the start moves (linear in the text).
        var used = columns(from: start, to: cursor)
        while start < cursor && used + 1 > width {
            used -= graphemes[start].displayWidth
            start += 1
        }
        return start
    }

    // MARK: Helpers

    /// Text as one line: line breaks become spaces, other controls go.
    static func singleLine(_ text: String) -> String {
        if !text.unicodeScalars.contains(where: TerminalText.isControl) { return text }
        var result = ""
        for character in text {
            if character.isNewline { result.append(" "); continue }
            if character == "\t" { result.append(" "); continue }
            if character.unicodeScalars.contains(where: TerminalText.isControl) { continue }
            result.append(character)
        }
        return result
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    static func previousWordStart(in graphemes: [Character], from position: Int) -> Int {
        var index = position
        while index > 0 && !isWordCharacter(graphemes[index - 1]) { index -= 1 }
        while index > 0 && isWordCharacter(graphemes[index - 1]) { index -= 1 }
        return index
    }

    static func nextWordEnd(in graphemes: [Character], from position: Int) -> Int {
        var index = position
        while index < graphemes.count && !isWordCharacter(graphemes[index]) { index += 1 }
        while index < graphemes.count && isWordCharacter(graphemes[index]) { index += 1 }
        return index
    }
}
