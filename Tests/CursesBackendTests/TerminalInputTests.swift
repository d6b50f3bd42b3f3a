import Glibc
import Testing
import TermUI
@testable import CursesBackend

/// The terminal's reading step (`TerminalInput`), on a pipe standing in for the terminal: the
/// main thread's loop also wakes for the main queue, so a held-back ESC must wait out the whole
/// escape delay counted from its read, not be flushed by an early wake-up.
@Suite("Terminal input step")
struct TerminalInputTests {
    @Test func aHeldBackEscIsFlushedOnlyOnceTheDelayHasPassed() throws {
        let terminal = try Pipe.make()
        let resize = try Pipe.make()
        defer { for fd in [terminal.read, terminal.write, resize.read, resize.write] { close(fd) } }
        var input = TerminalInput(input: terminal.read, resizePipe: resize.read, escapeDelay: 200)
        #expect(input.timeout == -1)  // nothing held back: no limit

        var esc: UInt8 = 0x1B
        #expect(write(terminal.write, &esc, 1) == 1)
        #expect(input.read(inputReady: true, resizeReady: false) == [])
        #expect(input.timeout > 0 && input.timeout <= 200)
        // An early wake-up (the main queue had work): the ESC stays held back.
        #expect(input.timedOut() == [])

        // Waiting out what is left of the delay (the loop's poll, on an idle descriptor).
        var idle = pollfd(fd: resize.read, events: Int16(POLLIN), revents: 0)
        while input.timeout > 0 { _ = poll(&idle, 1, input.timeout) }
        #expect(input.timedOut() == [.key(.escape)])
        #expect(input.timeout == -1)
    }

    @Test func theResizePipeIsDrainedBesideTheKeys() throws {
        let terminal = try Pipe.make()
        let resize = try Pipe.make()
        defer { for fd in [terminal.read, terminal.write, resize.read, resize.write] { close(fd) } }
        var input = TerminalInput(input: terminal.read, resizePipe: resize.read, escapeDelay: 25)
        let bytes: [UInt8] = Array("ab".utf8)
        #expect(write(terminal.write, bytes, bytes.count) == 2)
        var byte: UInt8 = 1
        #expect(write(resize.write, &byte, 1) == 1)
        // A pipe has no window size: the resize byte is drained and no `.resize` reported.
        #expect(input.read(inputReady: true, resizeReady: true) == [.key(.character("a")), .key(.character("b"))])
        var probe = pollfd(fd: resize.read, events: Int16(POLLIN), revents: 0)
        #expect(poll(&probe, 1, 0) == 0)  // the resize pipe was drained
    }

    @Test func endOfFileEndsTheInput() throws {
        let terminal = try Pipe.make()
        let resize = try Pipe.make()
        defer { for fd in [terminal.read, resize.read, resize.write] { close(fd) } }
        var input = TerminalInput(input: terminal.read, resizePipe: resize.read, escapeDelay: 25)
        close(terminal.write)
        #expect(input.read(inputReady: true, resizeReady: false) == nil)
    }
}
