import TermUI

/// A small terminal for tests: it applies the xterm sequences `FrameWriter` writes (cursor
/// addressing and movement, erasing, repeat, SGR, clear, cursor visibility) to a screen of cells,
/// with xterm's deferred wrap at the last column, so a test can compare what a terminal would
/// show with the grid that was drawn. Anything else it does not know is a test failure
/// (`unknown`).
struct TerminalScreen {
    struct Pen: Equatable {
        var attributes: TextAttributes = []
        var foreground: Int32 = -1
        var background: Int32 = -1
    }

    struct Cell: Equatable {
        var text = " "
        var pen = Pen()
    }

    let width: Int
    let height: Int
    private(set) var cells: [Cell]
    private(set) var cursor = (x: 0, y: 0)
    private(set) var cursorShown = true
    /// Sequences the screen did not understand.
    private(set) var unknown: [String] = []
    private var pen = Pen()
    private var pendingWrap = false
    private var lastCharacter: String?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Cell(), count: width * height)
    }

    subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    mutating func feed(_ bytes: [UInt8]) {
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            for character in String(decoding: text, as: UTF8.self) { put(character) }
            text.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                flushText()
                index = escape(bytes, from: index + 1)
                continue
            }
            if byte == 0x0D {
                flushText()
                cursor.x = 0
                pendingWrap = false
                index += 1
                continue
            }
            if byte < 0x20 || byte == 0x7F {
                flushText()
                unknown.append("control \(byte)")
                index += 1
                continue
            }
            text.append(byte)
            index += 1
        }
        flushText()
    }

    private mutating func put(_ character: Character) {
        let columns = max(1, DisplayWidth.of(character))
        if pendingWrap {
            cursor = (0, min(height - 1, cursor.y + 1))
            pendingWrap = false
        }
        let index = cursor.y * width + cursor.x
        cells[index] = Cell(text: String(character), pen: pen)
        if columns == 2 && cursor.x + 1 < width { cells[index + 1] = Cell(text: "", pen: pen) }
        lastCharacter = String(character)
        if cursor.x + columns >= width {
            cursor.x = width - 1
            pendingWrap = true
        } else {
            cursor.x += columns
        }
    }

    /// Applies the sequence after an ESC at `start`; returns the index after it.
    private mutating func escape(_ bytes: [UInt8], from start: Int) -> Int {
        guard start < bytes.count else { return start }
        if bytes[start] == UInt8(ascii: "(") { return start + 2 }  // a character set: ignored
        guard bytes[start] == UInt8(ascii: "[") else {
            unknown.append("ESC \(bytes[start])")
            return start + 1
        }
        var index = start + 1
        var privateMode = false
        if index < bytes.count && bytes[index] == UInt8(ascii: "?") {
            privateMode = true
            index += 1
        }
        var parameters: [Int] = []
        var current: Int?
        while index < bytes.count, (0x30...0x3B).contains(bytes[index]) {
            if bytes[index] == UInt8(ascii: ";") {
                parameters.append(current ?? 0)
                current = nil
            } else {
                current = (current ?? 0) * 10 + Int(bytes[index] - 0x30)
            }
            index += 1
        }
        if let current { parameters.append(current) } else if !parameters.isEmpty { parameters.append(0) }
        guard index < bytes.count else { return index }
        let final = bytes[index]
        let first = parameters.first ?? 0
        switch (privateMode, final) {
        case (true, UInt8(ascii: "h")), (true, UInt8(ascii: "l")):
            if parameters.contains(25) { cursorShown = final == UInt8(ascii: "h") }
        case (false, UInt8(ascii: "H")):
            let row = max(1, parameters.first ?? 1), column = max(1, parameters.count > 1 ? parameters[1] : 1)
            cursor = (min(width, column) - 1, min(height, row) - 1)
            pendingWrap = false
        case (false, UInt8(ascii: "C")):
            cursor.x = min(width - 1, cursor.x + max(1, first))
            pendingWrap = false
        case (false, UInt8(ascii: "X")):
            for x in cursor.x..<min(width, cursor.x + max(1, first)) { erase(x, cursor.y) }
            pendingWrap = false
        case (false, UInt8(ascii: "K")):
            for x in cursor.x..<width { erase(x, cursor.y) }
            pendingWrap = false
        case (false, UInt8(ascii: "J")):
            if first == 2 { for y in 0..<height { for x in 0..<width { erase(x, y) } } } else { unknown.append("J\(first)") }
        case (false, UInt8(ascii: "b")):
            if let lastCharacter, let character = lastCharacter.first {
                for _ in 0..<max(1, first) { put(character) }
            }
        case (false, UInt8(ascii: "m")):
            setGraphics(parameters.isEmpty ? [0] : parameters)
        default:
            unknown.append("CSI \(parameters) \(Character(Unicode.Scalar(final)))")
        }
        return index + 1
    }

    /// An erased cell: a space, no attributes, the current background (`bce`).
    private mutating func erase(_ x: Int, _ y: Int) {
        cells[y * width + x] = Cell(text: " ", pen: Pen(attributes: [], foreground: -1, background: pen.background))
    }

    private mutating func setGraphics(_ parameters: [Int]) {
        var index = 0
        while index < parameters.count {
            let code = parameters[index]
            switch code {
            case 0: pen = Pen()
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 30...37: pen.foreground = Int32(code - 30)
            case 90...97: pen.foreground = Int32(code - 90 + 8)
            case 40...47: pen.background = Int32(code - 40)
            case 100...107: pen.background = Int32(code - 100 + 8)
            case 39: pen.foreground = -1
            case 49: pen.background = -1
            case 38, 48:
                guard index + 2 < parameters.count, parameters[index + 1] == 5 else {
                    unknown.append("SGR \(parameters)")
                    return
                }
                if code == 38 { pen.foreground = Int32(parameters[index + 2]) } else { pen.background = Int32(parameters[index + 2]) }
                index += 2
            default: unknown.append("SGR \(code)")
            }
            index += 1
        }
    }
}
