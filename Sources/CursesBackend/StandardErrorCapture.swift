import CNcurses
import Glibc

/// Holds standard error back while the screen is up and writes it out after the restore.
enum StandardErrorCapture {
    // `nonisolated(unsafe)`: read by signal handlers (through `TerminalRestore`); the descriptors
    // are swapped atomically, so exactly one path releases the capture.
    /// [0] the real standard error while it is captured (-1: not captured), [1] the capture pipe.
    nonisolated(unsafe) private static let state: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        pointer.initialize(repeating: -1, count: 2)
        return pointer
    }()
    /// Scratch space for copying the capture in a handler (no allocation there).
    nonisolated(unsafe) private static let copyBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)

    /// Sends standard error into a pipe while the screen is up — stray output (a runtime warning,
    /// a `fatalError` message) would corrupt the screen and vanish with the alternate screen — and
    /// keeps it (up to the pipe's size, 1 MiB where Linux allows; beyond that it is dropped, never
    /// blocking the writer) until the restore writes it to the real standard error. Only when
    /// standard error is a terminal.
    @MainActor
    static func capture() {
        guard isatty(STDERR_FILENO) == 1, cn_load(state) < 0 else { return }
        var ends: [Int32] = [-1, -1]
        guard cn_make_pipe(&ends) == 0 else { return }
        _ = cn_set_pipe_size(ends[0], 1 << 20)
        let saved = cn_dup_cloexec(STDERR_FILENO)
        guard saved >= 0, dup2(ends[1], STDERR_FILENO) >= 0 else {
            if saved >= 0 { close(saved) }
            close(ends[0])
            close(ends[1])
            return
        }
        close(ends[1])
        cn_store(state + 1, ends[0])
        cn_store(state, saved)
    }

    /// Puts the real standard error back and writes what was captured to it (async-signal-safe).
    static func release() {
        let saved = cn_exchange(state, -1)
        guard saved >= 0 else { return }
        let captured = cn_exchange(state + 1, -1)
        _ = dup2(saved, STDERR_FILENO)
        close(saved)
        guard captured >= 0, let base = copyBuffer.baseAddress else { return }
        while true {
            let count = read(captured, base, copyBuffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let written = write(STDERR_FILENO, base + offset, count - offset)
                if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { break }
            }
        }
        close(captured)
    }
}
