/// Decodes the bytes a terminal sends into `InputEvent`s: UTF-8 characters, control keys,
/// CSI and SS3 sequences with xterm modifiers, `CSI u` keys, bracketed paste and mouse (SGR and X10).
///
/// Feed bytes as they arrive with `decode(_:)`. A lone ESC is ambiguous (Esc, or the start of
/// Alt-x or of a sequence): when `isWaitingForMoreInput` is true after a read, the caller waits a
/// short time (25–100 ms) for more bytes and calls `flush()` if none came. Robust against arbitrary
/// input: malformed sequences are dropped, invalid UTF-8 becomes U+FFFD, nothing traps.
public struct ANSIInputDecoder: Sendable {
    private var buffer: [UInt8] = []
    /// Bytes of a bracketed paste in progress (nil outside a paste).
    private var paste: [UInt8]? = nil

    /// Longest control sequence accepted; longer ones are dropped.
    static let maximumSequenceLength = 64
    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~

    public init() {}

    /// True when bytes are held back: an ESC or an unfinished sequence or character (call `flush()`
    /// after the escape timeout), or a paste still open (keep reading; do not flush).
    public var isWaitingForMoreInput: Bool { !buffer.isEmpty || paste != nil }

    /// True inside a bracketed paste that has not ended yet.
    public var isInsidePaste: Bool { paste != nil }

    /// Decodes `bytes` (appended to anything held back) into events.
    public mutating func decode<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        return process(final: false)
    }

    /// ``decode(_:)`` for the bytes of one read. Not generic: the generic form, called from another
    /// module, runs unspecialised (witness tables, metadata lookups and a generic append for three
    /// bytes), a tenth of a key's CPU before this overload (issue 17).
    public mutating func decode(_ bytes: UnsafeRawBufferPointer) -> [InputEvent] {
        buffer.append(contentsOf: bytes)
        return process(final: false)
    }

    /// The escape timeout passed: what is held back is taken as it stands (a lone ESC is Esc,
    /// ESC + `[` is Alt-[, an unfinished sequence is dropped, a cut UTF-8 character is U+FFFD).
    /// A paste in progress is kept open.
    public mutating func flush() -> [InputEvent] {
        process(final: true)
    }

    // MARK: - Decoding

    private enum Step {
        case event(InputEvent, length: Int)
        case skip(length: Int)
        case beginPaste(length: Int)
        case incomplete
    }

    private mutating func process(final: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        while index < buffer.count {
            if paste != nil {
                if let end = findPasteEnd(from: index) {
                    paste!.append(contentsOf: buffer[index..<end])
                    events.append(.paste(ANSIInputDecoder.pasteText(paste!)))
                    paste = nil
                    index = end + ANSIInputDecoder.pasteEnd.count
                    continue
                }
                // Keep a tail that could be the start of the terminator.
                let keep = min(ANSIInputDecoder.pasteEnd.count - 1, buffer.count - index)
                paste!.append(contentsOf: buffer[index..<(buffer.count - keep)])
                index = buffer.count - keep
                break
            }
            switch step(at: index, final: final) {
            case .event(let event, let length):
                events.append(event)
                index += length
            case .skip(let length):
                index += length
            case .beginPaste(let length):
                paste = []
                index += length
            case .incomplete:
                if final {
                    events.append(contentsOf: flushIncomplete(from: index))
                    index = buffer.count
                }
                buffer.removeFirst(index)
                return events
            }
        }
        buffer.removeFirst(index)
        return events
    }

    private func findPasteEnd(from start: Int) -> Int? {
        let end = ANSIInputDecoder.pasteEnd
        guard buffer.count - start >= end.count else { return nil }
        var i = start
        while i + end.count <= buffer.count {
            if buffer[i] == 0x1B && buffer[(i + 1)..<(i + end.count)].elementsEqual(end.dropFirst()) { return i }
            i += 1
        }
        return nil
    }

    /// What is left after the timeout, at `start`: an ESC prefix or a cut UTF-8 character.
    private func flushIncomplete(from start: Int) -> [InputEvent] {
        let rest = buffer[start...]
        guard rest.first == 0x1B else { return [.key(.character(TerminalText.replacement))] }
        if rest.count == 1 { return [.key(.escape)] }
        let second = rest[rest.startIndex + 1]
        if rest.count == 2 && (second == 0x5B || second == 0x4F) {
            return [.key(.alt(Character(UnicodeScalar(second))))]
        }
        if second >= 0xC0 { return [.key(.alt(TerminalText.replacement))] }
        return []  // an unfinished control sequence: dropped
    }

    private func step(at index: Int, final: Bool) -> Step {
        let byte = buffer[index]
        guard byte == 0x1B else { return plain(at: index) }
        guard index + 1 < buffer.count else { return .incomplete }
        let next = buffer[index + 1]
        switch next {
        case 0x5B: return csi(at: index)
        case 0x4F: return ss3(at: index)
        case 0x1B: return .event(.key(.escape), length: 1)
        default:
            switch plain(at: index + 1) {
            case .event(.key(let key), let length):
                var modifiers = key.modifiers
                modifiers.insert(.alt)
                return .event(.key(KeyEvent(key.key, modifiers: modifiers)), length: length + 1)
            case .event(let other, let length):
                return .event(other, length: length + 1)
            case .skip(let length): return .skip(length: length + 1)
            case .beginPaste(let length): return .beginPaste(length: length + 1)
            case .incomplete: return .incomplete
            }
        }
    }

    /// A control byte or a UTF-8 character at `index`.
    private func plain(at index: Int) -> Step {
        let byte = buffer[index]
        switch byte {
        case 0x0D, 0x0A: return .event(.key(.enter), length: 1)
        case 0x09: return .event(.key(.tab), length: 1)
        case 0x08, 0x7F: return .event(.key(.backspace), length: 1)
        case 0x00: return .event(.key(.ctrl(" ")), length: 1)
        case 0x01...0x1A:
            return .event(.key(.ctrl(Character(UnicodeScalar(byte + 0x60)))), length: 1)
        case 0x1B: return .event(.key(.escape), length: 1)
        case 0x1C...0x1F:
            return .event(.key(.ctrl(Character(UnicodeScalar(byte + 0x40)))), length: 1)
        case 0x20..<0x7F:
            return .event(.key(.character(Character(UnicodeScalar(byte)))), length: 1)
        default:
            return utf8(at: index)
        }
    }

    private func utf8(at index: Int) -> Step {
        let lead = buffer[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .event(.key(.character(TerminalText.replacement)), length: 1)
        }
        let available = buffer.count - index
        for offset in 1..<min(length, available) where buffer[index + offset] & 0xC0 != 0x80 {
            return .event(.key(.character(TerminalText.replacement)), length: offset)
        }
        guard available >= length else { return .incomplete }
        let decoded = String(decoding: buffer[index..<(index + length)], as: UTF8.self)
        let scalar = decoded.unicodeScalars.first ?? "\u{FFFD}"
        return .event(.key(.character(Character(scalar))), length: length)
    }

    // MARK: SS3 and CSI

    private func ss3(at index: Int) -> Step {
        guard index + 2 < buffer.count else { return .incomplete }
        let final = buffer[index + 2]
        guard let key = ANSIInputDecoder.cursorOrFunctionKey(final) ?? (final == 0x4D ? .enter : nil) else {
            return .skip(length: 3)
        }
        return .event(.key(KeyEvent(key)), length: 3)
    }

    /// The key of a final byte that means the same after SS3 (`ESC O`) and CSI (`ESC [`): the
    /// arrows, Home, End and F1–F4.
    static func cursorOrFunctionKey(_ final: UInt8) -> Key? {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x50: return .function(1)
        case 0x51: return .function(2)
        case 0x52: return .function(3)
        case 0x53: return .function(4)
        default: return nil
        }
    }

    private func csi(at index: Int) -> Step {
        var cursor = index + 2
        let limit = index + ANSIInputDecoder.maximumSequenceLength
        while true {
            guard cursor < buffer.count else {
                return buffer.count >= limit ? .skip(length: buffer.count - index) : .incomplete
            }
            if cursor >= limit { return .skip(length: cursor - index) }
            let byte = buffer[cursor]
            if (0x30...0x3F).contains(byte) || (0x20...0x2F).contains(byte) {
                cursor += 1
                continue
            }
            if (0x40...0x7E).contains(byte) { break }
            return .skip(length: cursor - index)  // malformed: drop what came before this byte
        }
        let parameters = Array(buffer[(index + 2)..<cursor])
        let finalByte = buffer[cursor]
        let length = cursor - index + 1
        if finalByte == 0x4D && parameters.isEmpty { return x10Mouse(at: index, headerLength: length) }
        if parameters.first == 0x3C && (finalByte == 0x4D || finalByte == 0x6D) {
            guard let mouse = ANSIInputDecoder.sgrMouse(Array(parameters.dropFirst()), release: finalByte == 0x6D) else {
                return .skip(length: length)
            }
            return .event(.mouse(mouse), length: length)
        }
        guard let numbers = ANSIInputDecoder.numbers(parameters) else { return .skip(length: length) }
        let first = numbers.first ?? nil
        let modifiers = KeyModifiers(xtermParameter: (numbers.count > 1 ? numbers[1] : nil) ?? 1)
        let key: Key?
        switch finalByte {
        case 0x41...0x44, 0x46, 0x48, 0x50...0x53: key = ANSIInputDecoder.cursorOrFunctionKey(finalByte)
        case 0x5A: key = .backTab
        case 0x7E:
            if first == 200 { return .beginPaste(length: length) }
            key = ANSIInputDecoder.tildeKey(first ?? 0)
        case 0x75:  // CSI codepoint ; modifiers u
            key = ANSIInputDecoder.codepointKey(first ?? 0)
        default: key = nil
        }
        guard let key else { return .skip(length: length) }
        return .event(.key(KeyEvent(key, modifiers: modifiers)), length: length)
    }

    private func x10Mouse(at index: Int, headerLength: Int) -> Step {
        guard index + headerLength + 2 < buffer.count else { return .incomplete }
        let b = Int(buffer[index + headerLength]) - 32
        let x = Int(buffer[index + headerLength + 1]) - 33
        let y = Int(buffer[index + headerLength + 2]) - 33
        let total = headerLength + 3
        guard b >= 0, x >= 0, y >= 0 else { return .skip(length: total) }
        let event = ANSIInputDecoder.mouse(code: b, x: x, y: y, release: b & 3 == 3)
        return event.map { .event(.mouse($0), length: total) } ?? .skip(length: total)
    }

    /// `b;x;y` of an SGR mouse report.
    private static func sgrMouse(_ parameters: [UInt8], release: Bool) -> MouseEvent? {
        guard let numbers = numbers(parameters), numbers.count == 3,
              let code = numbers[0], let x = numbers[1], let y = numbers[2], x >= 1, y >= 1 else { return nil }
        return mouse(code: code, x: x - 1, y: y - 1, release: release)
    }

    private static func mouse(code: Int, x: Int, y: Int, release: Bool) -> MouseEvent? {
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let position = Point(x: x, y: y)
        let low = code & 3
        if code & 64 != 0 {
            let wheel: [MouseEvent.Action] = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight]
            return MouseEvent(wheel[low], at: position, modifiers: modifiers)
        }
        let buttons: [MouseButton?] = [.left, .middle, .right, nil]
        guard let button = buttons[low] else {
            return MouseEvent(code & 32 != 0 ? .move : .release(.left), at: position, modifiers: modifiers)
        }
        let action: MouseEvent.Action = release ? .release(button) : (code & 32 != 0 ? .drag(button) : .press(button))
        return MouseEvent(action, at: position, modifiers: modifiers)
    }

    /// Parameters as numbers separated by `;` (an empty one is nil). Nil when not all digits or too big.
    private static func numbers(_ bytes: [UInt8]) -> [Int?]? {
        var result: [Int?] = []
        var current: Int? = nil
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                let value = (current ?? 0) * 10 + Int(byte - 0x30)
                guard value < 1_000_000 else { return nil }
                current = value
            case 0x3B, 0x3A:
                result.append(current)
                current = nil
            default:
                return nil
            }
        }
        result.append(current)
        return result
    }

    private static func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23, 24: return .function(code - 12)
        default: return nil
        }
    }

    private static func codepointKey(_ code: Int) -> Key? {
        switch code {
        case 13: return .enter
        case 9: return .tab
        case 27: return .escape
        case 8, 127: return .backspace
        default:
            guard code >= 0x20, let scalar = Unicode.Scalar(UInt32(code)), !TerminalText.isControl(scalar) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// Paste bytes as text, with CR LF and lone CR as LF.
    static func pasteText(_ bytes: [UInt8]) -> String {
        var normalised: [UInt8] = []
        normalised.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                normalised.append(0x0A)
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
            } else {
                normalised.append(byte)
            }
            index += 1
        }
        return String(decoding: normalised, as: UTF8.self)
    }
}
