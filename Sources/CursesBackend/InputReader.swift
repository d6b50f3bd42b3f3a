import CNcurses
import Foundation
import Glibc
import TermUI

/// Reads the terminal on a background thread (`TerminalInput`) and yields its events into the
/// stream the runtime reads (`sink`): the backend's input when no `MainThreadLoop` serves the main
/// thread (tests, programs that keep `dispatch_main`). One `poll` waits on three descriptors: the
/// terminal, the resize pipe and a stop pipe. End of file or a read error ends the stream.
final class InputReader: Sendable {
    private let input: Int32
    private let resizePipe: Int32
    private let stopPipe: (read: Int32, write: Int32)
    private let escapeDelay: Int
    private let continuation: AsyncStream<InputEvent>.Continuation
    private let finished = DispatchSemaphore(value: 0)

    /// `input`: the terminal; `resizePipe`: read end of the SIGWINCH pipe; `escapeDelay` in ms;
    /// `sink`: where the events go, in order, from the moment `start()` is called (finished when
    /// the terminal goes away).
    init(input: Int32, resizePipe: Int32, escapeDelay: Int, sink: AsyncStream<InputEvent>.Continuation) throws {
        self.input = input
        self.resizePipe = resizePipe
        self.escapeDelay = escapeDelay
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
        var terminal = TerminalInput(input: input, resizePipe: resizePipe, escapeDelay: escapeDelay)
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: resizePipe, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), terminal.timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                yield(terminal.timedOut())
                continue
            }
            if descriptors[2].revents != 0 { return }
            guard let events = terminal.read(inputReady: descriptors[0].revents != 0, resizeReady: descriptors[1].revents != 0)
            else { return }
            yield(events)
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
