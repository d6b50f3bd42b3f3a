import CNcurses
import TermUI

/// Turns each `FrameUpdate` into the bytes that bring the terminal from the last frame to the
/// next, with the terminal's own strings (``OutputCapabilities``), and remembers what the terminal
/// shows between frames: where its cursor is, the attributes and colours in effect, whether the
/// cursor is shown. curses sets the terminal up and puts it back; frames are written here.
///
/// The diff already says which runs changed, so what is left is writing them cheaply:
/// - no cursor movement between runs that follow each other, `cuf` along a row, `cup` otherwise;
/// - only the attributes and colours that change (a reset only when one goes away), in one
///   `ESC [ … m` when the terminal's strings are ANSI;
/// - blank runs erased (`el` to the end of the row, `ech` for long ones), and long runs of one
///   character repeated (`rep`), where the terminal has them and the result looks the same;
/// - after a clear (a full repaint), blank runs in the default colours are not written at all.
///
/// Text is written cell by cell as the grid measured it: a grapheme the C library's `wcwidth`
/// measures otherwise is simplified as ``CursesCell`` says (the base character padded with a
/// space, or U+FFFD), so the terminal's cursor stays where the grid expects it. Control
/// characters never reach the terminal.
struct FrameWriter {
    /// The bytes of the last ``write(_:)`` or ``showCursor(at:)``, to be sent as they are.
    private(set) var output: [UInt8] = []

    private let capabilities: OutputCapabilities
    private let palette: CursesPalette
    private let wcwidth: (UInt32) -> Int32
    /// `sgr0` split for merging: what comes before its `ESC [ m` (e.g. `ESC ( B`), when it ends so.
    private let resetPrefix: [UInt8]?

    /// The terminal's cursor: nil when not known (the start, after a wrap, after a resume).
    private var cursor: Point?
    /// The attributes and colours in effect: nil when not known.
    private var pen: Pen?
    /// Whether the cursor is shown: nil when not known.
    private var cursorShown: Bool?
    /// The screen's size, from the last update.
    private var size = Size(width: 0, height: 0)

    private var pens: [Style: Pen] = [:]
    private var lastStyle: Style?
    private var lastPen = Pen.reset
    private var colorStrings: [ColorKey: SGRPiece] = [:]
    private var attributePieces: [(TextAttributes, SGRPiece)] = []
    /// The parameters of the `ESC [ … m` being built.
    private var parameters: [UInt8] = []

    /// A writer for the terminal `capabilities` describe, its colours numbered by `palette`.
    init(capabilities: OutputCapabilities, palette: CursesPalette, wcwidth: @escaping (UInt32) -> Int32 = { cn_wcwidth($0) }) {
        self.capabilities = capabilities
        self.palette = palette
        self.wcwidth = wcwidth
        let reset = capabilities.resetAttributes
        let tail: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "m")]
        resetPrefix = reset.count >= 3 && Array(reset.suffix(3)) == tail ? Array(reset.dropLast(3)) : nil
        let attributes: [(TextAttributes, [UInt8]?)] = [
            (.bold, capabilities.bold), (.dim, capabilities.dim), (.italic, capabilities.italic),
            (.underline, capabilities.underline), (.reverse, capabilities.reverse),
        ]
        attributePieces = attributes.compactMap { flag, bytes in bytes.map { (flag, SGRPiece($0)) } }
        output.reserveCapacity(4096)
    }

    /// Forgets what the terminal shows (after a resize or a stop): the next update must be a full
    /// repaint, and it sets cursor, attributes and colours from scratch.
    mutating func invalidate() {
        cursor = nil
        pen = nil
        cursorShown = nil
    }

    /// Sets ``output`` to the bytes that apply `update`.
    mutating func write(_ update: FrameUpdate) {
        output.removeAll(keepingCapacity: true)
        size = update.size
        if update.isFullRepaint {
            output += capabilities.resetAttributes
            output += capabilities.clearScreen
            pen = .reset
            cursor = Point(x: 0, y: 0)
        }
        for change in update.changes {
            draw(change, with: pen(for: change.style), onClearedScreen: update.isFullRepaint)
        }
        placeCursor(update.cursor)
    }

    /// Sets ``output`` to the bytes that show the cursor at `position`, or hide it.
    mutating func showCursor(at position: Point?) {
        output.removeAll(keepingCapacity: true)
        placeCursor(position)
    }

    // MARK: - Runs

    private mutating func draw(_ change: Change, with pen: Pen, onClearedScreen: Bool) {
        let y = change.position.y
        let x = change.position.x
        guard y >= 0, y < size.height, x >= 0, x < size.width else { return }
        var text = change.text
        var cells = change.cellCount
        if x + cells > size.width { (text, cells) = Self.prefix(of: text, fitting: size.width - x) }
        // A terminal that wraps as soon as the last column is written would scroll the screen on
        // the bottom-right cell: leave that cell out.
        if capabilities.wrapsAtLastColumn && y == size.height - 1 && x + cells == size.width, let last = text.last {
            text.removeLast()
            cells -= max(1, DisplayWidth.of(last))
            if text.isEmpty { return }
        }
        // Spaces at the end of the run: not written on a cleared screen when they look like it,
        // else erased when that is shorter and looks the same.
        let trailing = Self.trailingSpaces(text)
        let blanks = min(cells, trailing)
        let blanksAt = x + cells - blanks
        if blanks > 0 && (onClearedScreen && pen.isBlankOnClear || canErase(blanks, at: blanksAt, with: pen)) {
            if blanks < cells {
                // What is left ends with a character other than a space.
                writeRun(String(decoding: text.utf8.dropLast(blanks), as: UTF8.self), cells: cells - blanks,
                         at: Point(x: x, y: y), with: pen, isBlank: false)
            }
            if !(onClearedScreen && pen.isBlankOnClear) { erase(blanks, at: Point(x: blanksAt, y: y), with: pen) }
            return
        }
        writeRun(text, cells: cells, at: Point(x: x, y: y), with: pen, isBlank: trailing == text.utf8.count)
    }

    /// Writes `text`; `isBlank` says it is all spaces (written in the pen for blanks).
    private mutating func writeRun(_ text: String, cells: Int, at position: Point, with pen: Pen, isBlank: Bool) {
        move(to: position)
        if isBlank { setPenForBlanks(pen) } else { setPen(pen) }
        if repeatRun(text, cells: cells, at: position) { return }
        let room = size.width - position.x
        var text = text
        let x: Int = text.withUTF8 { bytes in
            var plain = true
            for byte in bytes where byte < 0x20 || byte >= 0x7F {
                plain = false
                break
            }
            guard plain else { return writeMixed(bytes, from: position.x) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes.prefix(room)))
            return position.x + min(room, bytes.count)
        }
        cursor = x < size.width ? Point(x: x, y: position.y) : nil
    }

    /// Writes UTF-8 `bytes` from column `x` as ``writeCells(of:from:)`` does, but copies each
    /// printable ASCII byte that is a grapheme of its own straight out (a row with one marker
    /// glyph is otherwise walked grapheme by grapheme: issue 17). A byte is one when the byte
    /// after it is ASCII too: ASCII is never a prefix, extender or joiner, and a printable byte is
    /// not CR or LF. The rest goes through ``writeCells(of:from:)`` in pieces ending before such a
    /// byte, where a grapheme ends; returns the column after the last one written.
    private mutating func writeMixed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        @inline(__always) func standsAlone(_ index: Int) -> Bool {
            let byte = bytes[index]
            return byte >= 0x20 && byte < 0x7F && (index + 1 == count || bytes[index + 1] < 0x80)
        }
        var x = start
        var index = 0
        while index < count && x < size.width {
            if standsAlone(index) {
                output.append(bytes[index])
                x += 1
                index += 1
                continue
            }
            var end = index + 1
            while end < count && !(bytes[end - 1] < 0x80 && standsAlone(end)) { end += 1 }
            x = writeCells(of: String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self), from: x)
            index = end
        }
        return x
    }

    /// Whether `count` spaces from column `x` are better erased than written: they must look like
    /// erased cells (no reverse or underline; the default background, or any on a `bce`
    /// terminal), and `el` (to the end of the row) or `ech` must be shorter.
    private func canErase(_ count: Int, at x: Int, with pen: Pen) -> Bool {
        guard pen.isErasable(withBackground: capabilities.erasesWithBackground) else { return false }
        if x + count >= size.width && capabilities.eraseToEndOfLine != nil { return count > 3 }
        return count >= 12 && capabilities.eraseCharacters != nil
    }

    /// Erases `count` cells from `position` (``canErase(_:at:with:)`` said yes); the cursor stays.
    private mutating func erase(_ count: Int, at position: Point, with pen: Pen) {
        move(to: position)
        setPenForBlanks(pen)
        if position.x + count >= size.width, let eraseToEnd = capabilities.eraseToEndOfLine {
            output += eraseToEnd
        } else if let eraseCharacters = capabilities.eraseCharacters {
            eraseCharacters.apply(count, to: &output)
        }
    }

    /// Writes a long run of one ASCII character with `rep`, where the terminal has it.
    private mutating func repeatRun(_ text: String, cells: Int, at position: Point) -> Bool {
        guard cells >= 8, let repeatCharacter = capabilities.repeatCharacter, position.x + cells < size.width else { return false }
        var text = text
        let character: UInt8? = text.withUTF8 { bytes in
            guard bytes.count == cells, let first = bytes.first, first >= 0x20, first < 0x7F else { return nil }
            for byte in bytes where byte != first { return nil }
            return first
        }
        guard let character else { return false }
        repeatCharacter.apply(Int(character), cells, to: &output)
        cursor = Point(x: position.x + cells, y: position.y)
        return true
    }

    /// The graphemes of `text` that fit in `columns`, and the columns they take.
    private static func prefix(of text: String, fitting columns: Int) -> (String, Int) {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let width = max(1, DisplayWidth.of(text[index]))
            guard used + width <= columns else { break }
            used += width
            end = text.index(after: index)
        }
        return (String(text[..<end]), used)
    }

    /// How many spaces `text` ends with.
    private static func trailingSpaces(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var count = 0
            for byte in bytes.reversed() {
                guard byte == 0x20 else { break }
                count += 1
            }
            return count
        }
    }

    /// Writes `text` grapheme by grapheme from column `x`, each as wide as the grid measures it;
    /// returns the column after the last one written.
    private mutating func writeCells(of text: String, from start: Int) -> Int {
        var x = start
        for grapheme in text {
            guard x < size.width else { break }
            if let ascii = grapheme.asciiValue, ascii >= 0x20, ascii < 0x7F {
                output.append(ascii)
                x += 1
                continue
            }
            if grapheme.unicodeScalars.count == 1, let scalar = grapheme.unicodeScalars.first,
               DisplayWidth.isSimple(scalar.value), wcwidth(scalar.value) == Int32(DisplayWidth.simpleWidth(scalar.value)) {
                let columns = DisplayWidth.simpleWidth(scalar.value)
                guard x + columns <= size.width else { break }
                UTF8.encode(scalar) { output.append($0) }
                x += columns
                continue
            }
            let columns = max(1, DisplayWidth.of(grapheme))
            guard x + columns <= size.width else { break }
            // At most four combining characters, as a curses cell holds.
            let cell = CursesCell(grapheme, width: columns, wcwidth: wcwidth, limit: 5)
            for value in cell.scalars {
                if let scalar = Unicode.Scalar(value) { UTF8.encode(scalar) { output.append($0) } }
            }
            if cell.padded { output.append(0x20) }
            x += columns
        }
        return x
    }

    // MARK: - Cursor

    /// Moves the terminal's cursor to `target` the short way: not at all, `cuf` along the row,
    /// `cup` otherwise.
    private mutating func move(to target: Point) {
        if let cursor, cursor.y == target.y {
            if cursor.x == target.x { return }
            if cursor.x < target.x {
                let gap = target.x - cursor.x
                if gap == 1, let one = capabilities.cursorForwardOne {
                    output += one
                    self.cursor = target
                    return
                }
                if let forward = capabilities.cursorForward {
                    forward.apply(gap, to: &output)
                    self.cursor = target
                    return
                }
            }
        }
        capabilities.cursorAddress.apply(target.y, target.x, to: &output)
        cursor = target
    }

    private mutating func placeCursor(_ position: Point?) {
        if let position, position.x >= 0, position.x < size.width, position.y >= 0, position.y < size.height {
            move(to: position)
            if cursorShown != true {
                output += capabilities.showCursor
                cursorShown = true
            }
        } else if cursorShown != false {
            output += capabilities.hideCursor
            cursorShown = false
        }
    }

    /// Whether the cursor is hidden after the last output.
    var isCursorHidden: Bool { cursorShown != true }

    // MARK: - Attributes and colours

    /// What a style looks like on this terminal: its attributes and colour numbers (-1: default).
    struct Pen: Equatable {
        var attributes: TextAttributes
        var foreground: Int32
        var background: Int32

        static let reset = Pen(attributes: [], foreground: -1, background: -1)

        /// A space in this pen looks like a cleared cell.
        var isBlankOnClear: Bool { background == -1 && attributes.isDisjoint(with: [.reverse, .underline]) }

        /// A space looks the same in both pens: the same background, and neither reverses or
        /// underlines (else only the same pen will do).
        func looksTheSameOnSpaces(as other: Pen) -> Bool {
            let visible: TextAttributes = [.reverse, .underline]
            guard attributes.isDisjoint(with: visible) && other.attributes.isDisjoint(with: visible) else { return self == other }
            return background == other.background
        }

        /// A space in this pen looks like an erased cell (on a terminal erasing with the current
        /// background when `withBackground`).
        func isErasable(withBackground: Bool) -> Bool {
            attributes.isDisjoint(with: [.reverse, .underline]) && (background == -1 || withBackground)
        }
    }

    private mutating func pen(for style: Style) -> Pen {
        if style == lastStyle { return lastPen }
        let pen: Pen
        if let known = pens[style] {
            pen = known
        } else {
            let drawn = style.downgraded(to: palette.depth)
            var attributes = drawn.attributes
            // Attributes the terminal cannot show are not asked for (they would force resets).
            for flag in [TextAttributes.bold, .dim, .italic, .underline, .reverse]
            where !attributePieces.contains(where: { $0.0 == flag }) {
                attributes.remove(flag)
            }
            let colored = palette.depth != .monochrome && capabilities.foreground != nil && capabilities.background != nil
            pen = Pen(attributes: attributes,
                      foreground: colored ? palette.number(for: drawn.foreground, background: false) : -1,
                      background: colored ? palette.number(for: drawn.background, background: true) : -1)
            pens[style] = pen
        }
        lastStyle = style
        lastPen = pen
        return pen
    }

    /// Brings the terminal's attributes and colours to `next`: only what changes, after a reset
    /// when an attribute or a colour has to go back to the default.
    private mutating func setPen(_ next: Pen) {
        if let pen, pen == next { return }
        var current = pen ?? .reset
        parameters.removeAll(keepingCapacity: true)
        if pen == nil || !current.attributes.isSubset(of: next.attributes)
            || (next.foreground == -1 && current.foreground != -1) || (next.background == -1 && current.background != -1) {
            if let resetPrefix {
                output += resetPrefix
                parameters.append(UInt8(ascii: "0"))
            } else {
                output += capabilities.resetAttributes
            }
            current = .reset
        }
        for (flag, piece) in attributePieces where next.attributes.contains(flag) && !current.attributes.contains(flag) {
            add(piece)
        }
        if next.foreground != current.foreground && next.foreground >= 0, let foreground = capabilities.foreground {
            add(colorPiece(next.foreground, background: false, string: foreground))
        }
        if next.background != current.background && next.background >= 0, let background = capabilities.background {
            add(colorPiece(next.background, background: true, string: background))
        }
        flushParameters()
        pen = next
    }

    /// Brings the terminal to a pen in which spaces look as they do in `next`: the current one
    /// when it does (a space in bold looks like a plain one), else `next`.
    private mutating func setPenForBlanks(_ next: Pen) {
        if let pen, pen.looksTheSameOnSpaces(as: next) { return }
        setPen(next)
    }

    private struct ColorKey: Hashable {
        let number: Int32
        let background: Bool
    }

    private mutating func colorPiece(_ number: Int32, background: Bool, string: ParameterString) -> SGRPiece {
        let key = ColorKey(number: number, background: background)
        if let known = colorStrings[key] { return known }
        let piece = SGRPiece(string.applied(Int(number)))
        colorStrings[key] = piece
        return piece
    }

    /// Adds a piece to the `ESC [ … m` being built, or writes it as it is when it is not of that form.
    private mutating func add(_ piece: SGRPiece) {
        if let body = piece.parameters {
            if !parameters.isEmpty { parameters.append(UInt8(ascii: ";")) }
            parameters += body
        } else {
            flushParameters()
            output += piece.bytes
        }
    }

    private mutating func flushParameters() {
        guard !parameters.isEmpty else { return }
        output.append(0x1B)
        output.append(UInt8(ascii: "["))
        output += parameters
        output.append(UInt8(ascii: "m"))
        parameters.removeAll(keepingCapacity: true)
    }
}

/// One attribute or colour string, and its parameters when it is a plain `ESC [ params m`, so
/// several can be sent as one sequence.
private struct SGRPiece {
    let bytes: [UInt8]
    let parameters: [UInt8]?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.count > 3, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "["), bytes.last == UInt8(ascii: "m"),
           bytes[2..<(bytes.count - 1)].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ";") }) {
            parameters = Array(bytes[2..<(bytes.count - 1)])
        } else {
            parameters = nil
        }
    }
}
