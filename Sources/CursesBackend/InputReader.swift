import CNcurses
import Foundation
import Glibc
import TermUI

/// Reads the terminal's bytes on a background thread and decodes them with TermUI's
/// `ANSIInputDecoder`. It never calls curses: it only reads file descriptors and yields events.
///
/// One `poll` waits on three descriptors: the terminal, the resize pipe (SIGWINCH writes a byte)
/// and a stop pipe. When the decoder holds back an ESC (lone Esc or the start of a sequence), the
/// poll times out after `escapeDelay` and the ESC is flushed as Esc. A resize is reported with the
/// size from `TIOCGWINSZ`. End of file or a read error (the terminal went away) ends the stream.
///
/// Events go straight into the stream the runtime reads (`sink`): one hop from this thread to the
/// main actor per key, not two.
final class InputReader: Sendable {
    private let input: Int32
    private let resizePipe: Int32
    private let stopPipe: (read: Int32, write: Int32)
    private let escapeDelay: Int32
    private let continuation: AsyncStream<InputEvent>.Continuation
    private let finished = DispatchSemaphore(value: 0)

    /// `input`: the terminal; `resizePipe`: read end of the SIGWINCH pipe; `escapeDelay` in ms;
    /// `sink`: where the events go, in order, from the moment `start()` is called (finished when
    /// the terminal goes away).
    init(input: Int32, resizePipe: Int32, escapeDelay: Int, sink: AsyncStream<InputEvent>.Continuation) throws {
        self.input = input
        self.resizePipe = resizePipe
        self.escapeDelay = Int32(max(1, escapeDelay))
        stopPipe = try Pipe.make()
        continuation = sink
    }

    /// Starts the reading thread.
    func start() {
        let thread = Thread { [self] in
            run()
            continuation.finish()
            finished.signal()
        }
        thread.name = "termlets.input"
        thread.start()
    }

    /// Stops the thread and waits (up to a second) until it no longer reads; closes the stop pipe.
    func stop(started: Bool) {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        if started { _ = finished.wait(timeout: .now() + 1) }
        close(stopPipe.read)
        close(stopPipe.write)
    }

    private func run() {
        var decoder = ANSIInputDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: resizePipe, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let waiting = decoder.isWaitingForMoreInput && !decoder.isInsidePaste
            let ready = poll(&descriptors, nfds_t(descriptors.count), waiting ? escapeDelay : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                yield(decoder.flush())
                continue
            }
            if descriptors[2].revents != 0 { return }
            if descriptors[1].revents != 0 {
                Pipe.drain(resizePipe)
                var rows: Int32 = 0
                var columns: Int32 = 0
                if cn_window_size(input, &rows, &columns) == 0 {
                    continuation.yield(.resize(Size(width: Int(columns), height: Int(rows))))
                }
            }
            if descriptors[0].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count > 0 {
                    yield(decoder.decode(buffer[0..<count]))
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    return
                }
            }
        }
    }

    private func yield(_ events: [InputEvent]) {
        for event in events { continuation.yield(event) }
    }
}

/// Small helpers for the self-pipes.
enum Pipe {
    /// A pipe with both ends close-on-exec and non-blocking.
    static func make() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard cn_make_pipe(&ends) == 0 else { throw CursesTerminalError.systemCall("pipe2", errno) }
        return (ends[0], ends[1])
    }

    /// Reads everything waiting in a non-blocking pipe.
    static func drain(_ descriptor: Int32) {
        var scratch = [UInt8](repeating: 0, count: 64)
        while scratch.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
