import CNcurses
import Synchronization

/// What the backend writes frames with: the terminal's terminfo strings and flags, read once when
/// the screen opens (``current()``), so a frame never asks terminfo again.
///
/// Strings are kept as bytes with their padding (`$<5>`) removed. A missing capability is nil and
/// the ``FrameWriter`` does without it (spaces instead of `ech`, `cup` instead of `cuf`, no colour
/// without `setaf`/`setab`).
struct OutputCapabilities: Sendable {
    /// `cup`: the cursor to row, column (both from 0).
    var cursorAddress: ParameterString
    /// `cuf`: the cursor forward by a number of columns; `cuf1` by one.
    var cursorForward: ParameterString?
    var cursorForwardOne: [UInt8]?
    /// `ech`: erases a number of characters from the cursor, which stays.
    var eraseCharacters: ParameterString?
    /// `el`: erases from the cursor to the end of the line.
    var eraseToEndOfLine: [UInt8]?
    /// `rep`: a character repeated a number of times.
    var repeatCharacter: ParameterString?
    /// `clear`: the screen cleared, the cursor home.
    var clearScreen: [UInt8]
    /// `sgr0`: every attribute and colour off.
    var resetAttributes: [UInt8]
    var bold: [UInt8]?
    var dim: [UInt8]?
    var italic: [UInt8]?
    var underline: [UInt8]?
    var reverse: [UInt8]?
    /// `setaf` / `setab`: the foreground / background colour by number.
    var foreground: ParameterString?
    var background: ParameterString?
    /// `cnorm` / `civis`.
    var showCursor: [UInt8]
    var hideCursor: [UInt8]
    /// `bce`: erasing fills with the current background colour (else with the default one).
    var erasesWithBackground: Bool
    /// `am` without `xenl`: writing the last column wraps at once, so the bottom-right cell
    /// cannot be written without scrolling the screen.
    var wrapsAtLastColumn: Bool

    /// The current terminal's capabilities (curses' screen must be open).
    static func current() -> OutputCapabilities {
        func string(_ name: String) -> [UInt8]? {
            guard let value = cn_terminfo_string(name) else { return nil }
            let bytes = ParameterString.withoutPadding(Array(String(cString: value).utf8))
            return bytes.isEmpty ? nil : bytes
        }
        func parameterised(_ name: String) -> ParameterString? { string(name).map(ParameterString.init) }
        return OutputCapabilities(
            cursorAddress: parameterised("cup") ?? ParameterString(Array("\u{1B}[%i%p1%d;%p2%dH".utf8)),
            cursorForward: parameterised("cuf"), cursorForwardOne: string("cuf1"),
            eraseCharacters: parameterised("ech"), eraseToEndOfLine: string("el"),
            repeatCharacter: parameterised("rep"),
            clearScreen: string("clear") ?? Array("\u{1B}[H\u{1B}[2J".utf8),
            resetAttributes: string("sgr0") ?? Array("\u{1B}[m".utf8),
            bold: string("bold"), dim: string("dim"), italic: string("sitm"), underline: string("smul"),
            reverse: string("rev"),
            foreground: parameterised("setaf"), background: parameterised("setab"),
            showCursor: string("cnorm") ?? [], hideCursor: string("civis") ?? [],
            erasesWithBackground: cn_terminfo_flag("bce") != 0,
            wrapsAtLastColumn: cn_terminfo_flag("am") != 0 && cn_terminfo_flag("xenl") == 0)
    }

    /// xterm-256color's strings, as terminfo gives them: for tests without a terminal.
    static let xterm256 = OutputCapabilities(
        cursorAddress: ParameterString("\u{1B}[%i%p1%d;%p2%dH"), cursorForward: ParameterString("\u{1B}[%p1%dC"),
        cursorForwardOne: Array("\u{1B}[C".utf8), eraseCharacters: ParameterString("\u{1B}[%p1%dX"),
        eraseToEndOfLine: Array("\u{1B}[K".utf8), repeatCharacter: ParameterString("%p1%c\u{1B}[%p2%{1}%-%db"),
        clearScreen: Array("\u{1B}[H\u{1B}[2J".utf8), resetAttributes: Array("\u{1B}(B\u{1B}[m".utf8),
        bold: Array("\u{1B}[1m".utf8), dim: Array("\u{1B}[2m".utf8), italic: Array("\u{1B}[3m".utf8),
        underline: Array("\u{1B}[4m".utf8), reverse: Array("\u{1B}[7m".utf8),
        foreground: ParameterString("\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m"),
        background: ParameterString("\u{1B}[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m"),
        showCursor: Array("\u{1B}[?12l\u{1B}[?25h".utf8), hideCursor: Array("\u{1B}[?25l".utf8),
        erasesWithBackground: true, wrapsAtLastColumn: false)
}

/// A terminfo string with parameters (`cup`, `cuf`, `setaf`, …). The forms every ANSI terminal
/// uses are filled in here, digits written directly; any other goes through terminfo's `tiparm`,
/// which costs a few thousand instructions a call (a frame makes dozens of moves).
struct ParameterString: Sendable, Equatable {
    /// The string as terminfo has it, padding removed.
    let text: [UInt8]
    private let form: Form

    private enum Form: Equatable, Sendable {
        /// `ESC [ %i %p1 %d ; %p2 %d H`: row and column counted from 1.
        case ansiAddress
        /// `ESC [ %p1 %d <final>`: one number, e.g. `C` (cuf) or `X` (ech).
        case ansiCount(UInt8)
        /// `%p1 %c ESC [ %p2 %{1} %- %d b`: xterm's `rep`.
        case ansiRepeat
        /// Anything else: evaluated by terminfo.
        case terminfo
    }

    init(_ text: [UInt8]) {
        self.text = text
        let string = String(decoding: text, as: UTF8.self)
        if string == "\u{1B}[%i%p1%d;%p2%dH" {
            form = .ansiAddress
        } else if string.hasPrefix("\u{1B}[%p1%d"), text.count == 8, let final = text.last, (0x40...0x7E).contains(final) {
            form = .ansiCount(final)
        } else if string == "%p1%c\u{1B}[%p2%{1}%-%db" {
            form = .ansiRepeat
        } else {
            form = .terminfo
        }
    }

    init(_ text: String) { self.init(Array(text.utf8)) }

    /// Appends the string with `first` (and `second`) filled in to `out`.
    func apply(_ first: Int, _ second: Int = 0, to out: inout [UInt8]) {
        switch form {
        case .ansiAddress:
            out.append(0x1B)
            out.append(UInt8(ascii: "["))
            Self.appendDecimal(first + 1, to: &out)
            out.append(UInt8(ascii: ";"))
            Self.appendDecimal(second + 1, to: &out)
            out.append(UInt8(ascii: "H"))
        case .ansiCount(let final):
            out.append(0x1B)
            out.append(UInt8(ascii: "["))
            Self.appendDecimal(first, to: &out)
            out.append(final)
        case .ansiRepeat:
            out.append(UInt8(truncatingIfNeeded: first))
            out.append(0x1B)
            out.append(UInt8(ascii: "["))
            Self.appendDecimal(second - 1, to: &out)
            out.append(UInt8(ascii: "b"))
        case .terminfo:
            // `tiparm` answers in one static buffer: one call at a time, the result copied out
            // before the next (writers on two threads, as the tests run them, mixed their bytes).
            let evaluated: [UInt8]? = Self.terminfo.withLock { _ in
                (text + [0]).withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { characters in
                        guard let result = cn_terminfo_apply(characters.baseAddress, Int32(truncatingIfNeeded: first),
                                                             Int32(truncatingIfNeeded: second)) else { return nil }
                        return Array(String(cString: result).utf8)
                    }
                }
            }
            if let evaluated { out += Self.withoutPadding(evaluated) }
        }
    }

    /// Held around each `tiparm` call.
    private static let terminfo = Mutex(())

    /// The string with `first` (and `second`) filled in.
    func applied(_ first: Int, _ second: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        apply(first, second, to: &out)
        return out
    }

    /// Whether the string is one of the ANSI forms filled in without terminfo.
    var isANSI: Bool { form != .terminfo }

    /// `value` in decimal, without building a string.
    @inline(__always)
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            appendDecimal(-value, to: &out)
            return
        }
        if value < 10 {
            out.append(UInt8(truncatingIfNeeded: 0x30 + value))
            return
        }
        if value < 100 {
            out.append(UInt8(truncatingIfNeeded: 0x30 + value / 10))
            out.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
            return
        }
        appendDecimal(value / 10, to: &out)
        out.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
    }

    /// `bytes` without terminfo's padding specifications (`$<5>`, `$<2*/>`).
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "$")) else { return bytes }
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let end = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")) {
                index = end + 1
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }
}
