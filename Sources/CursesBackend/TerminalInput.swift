import CNcurses
import Glibc
import TermUI

/// Reading the terminal's bytes and decoding them with TermUI's `ANSIInputDecoder`, one `poll`
/// at a time, wherever the polling happens: on the main thread (`MainThreadLoop`, the program's
/// own loop) or on `InputReader`'s thread (when no such loop runs, e.g. in tests). It never calls
/// curses: it only reads file descriptors.
///
/// The caller polls `input` and `resizePipe` (SIGWINCH writes a byte) for reading, with `timeout`;
/// when the decoder holds back an ESC (lone Esc or the start of a sequence), the poll times out
/// after the escape delay and `timedOut()` flushes the ESC as Esc. A resize is reported with the
/// size from `TIOCGWINSZ`.
struct TerminalInput {
    let input: Int32
    let resizePipe: Int32
    private let escapeDelay: Int32
    private var decoder = ANSIInputDecoder()
    private var buffer = [UInt8](repeating: 0, count: 4096)
    /// When a held-back ESC is flushed (monotonic ms), while one is.
    private var flushAt: Int64?

    /// `input`: the terminal; `resizePipe`: read end of the SIGWINCH pipe; `escapeDelay` in ms.
    init(input: Int32, resizePipe: Int32, escapeDelay: Int) {
        self.input = input
        self.resizePipe = resizePipe
        self.escapeDelay = Int32(max(1, escapeDelay))
    }

    /// The `poll` timeout in ms: what is left of the escape delay (counted from the last read)
    /// while an ESC is held back, else none (-1).
    var timeout: Int32 {
        guard let flushAt else { return -1 }
        return Int32(clamping: max(0, flushAt - Self.now()))
    }

    /// The poll timed out: once the escape delay has passed, the ESC held back, as Esc (or the
    /// incomplete sequence's keys); nothing before.
    mutating func timedOut() -> [InputEvent] {
        guard let flushAt, Self.now() >= flushAt else { return [] }
        self.flushAt = nil
        return decoder.flush()
    }

    /// Reads what `poll` found ready: the resize pipe (a `.resize` with the terminal's size) and
    /// the terminal's bytes, decoded. Nil when the terminal went away (end of file, read error).
    mutating func read(inputReady: Bool, resizeReady: Bool) -> [InputEvent]? {
        var events: [InputEvent] = []
        if resizeReady {
            Pipe.drain(resizePipe)
            var rows: Int32 = 0
            var columns: Int32 = 0
            if cn_window_size(input, &rows, &columns) == 0 {
                events.append(.resize(Size(width: Int(columns), height: Int(rows))))
            }
        }
        if inputReady {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if count > 0 {
                let decoded = buffer.withUnsafeBytes { decoder.decode(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                if events.isEmpty { events = decoded } else { events += decoded }
                flushAt = decoder.isWaitingForMoreInput && !decoder.isInsidePaste ? Self.now() + Int64(escapeDelay) : nil
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                return nil
            }
        }
        return events
    }

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
