import CNcurses
import Glibc

/// Stopping and continuing with the terminal in a usable state. In raw mode Ctrl-Z is a key, so a
/// SIGTSTP comes from outside (`kill -TSTP`) or from the program itself (`raise(SIGTSTP)`). The
/// handler leaves the screen as the restore would (reporting off, normal screen, cursor shown,
/// the shell's modes), stops with SIGSTOP, and when continued puts the program's modes, the
/// alternate screen and reporting back, then asks for a full repaint through the resize pipe (the
/// program sees a `.resize` event). SIGCONT after an outside SIGSTOP asks for a repaint too.
///
/// Installed instead of ncurses' own SIGTSTP handler, which would call curses from whatever thread
/// the signal lands on.
enum JobControl {
    // `nonisolated(unsafe)`: shared with the handlers, as in `TerminalRestore`. Written on the main
    // actor before the handlers are installed (the cursor flag atomically at any time).
    /// [0] handlers installed, [1] cursor hidden, [2] program modes saved.
    nonisolated(unsafe) private static let state: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
        pointer.initialize(repeating: 0, count: 3)
        return pointer
    }()
    nonisolated(unsafe) private static let programModes: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 2)
        pointer.initialize(repeating: sigaction(), count: 2)
        return pointer
    }()
    /// smcup and the reporting modes, written when continued.
    nonisolated(unsafe) private static var resumeBytes = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    /// civis, written when continued if the cursor was hidden.
    nonisolated(unsafe) private static var hideCursorBytes = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

    /// Installs the SIGTSTP and SIGCONT handlers. Call before `newterm`, so ncurses does not
    /// install its own; they stop plainly until the restore is active.
    @MainActor
    static func install() {
        guard cn_exchange(state, 1) == 0 else { return }
        _ = cn_install_handler(SIGTSTP, handleStop, previousActions)
        _ = cn_install_handler(SIGCONT, handleContinue, previousActions + 1)
    }

    /// Saves the program's terminal modes and the bytes that re-enter the screen (`resume`) and
    /// hide the cursor (`hideCursor`). Call once curses has set its modes, before
    /// `TerminalRestore.activate()`.
    @MainActor
    static func prepare(resume: [UInt8], hideCursor: [UInt8]) {
        precondition(!TerminalRestore.isActive, "prepare job control before activating the restore")
        cn_store(state + 2, tcgetattr(TerminalRestore.terminalDescriptor, programModes) == 0 ? 1 : 0)
        TerminalRestore.replace(&resumeBytes, with: resume)
        TerminalRestore.replace(&hideCursorBytes, with: hideCursor)
    }

    /// Puts the previous SIGTSTP and SIGCONT actions back.
    @MainActor
    static func remove() {
        guard cn_exchange(state, 0) == 1 else { return }
        _ = cn_restore_handler(SIGTSTP, previousActions)
        _ = cn_restore_handler(SIGCONT, previousActions + 1)
    }

    /// Whether the cursor is hidden, to hide it again after a stop.
    static func setCursorHidden(_ hidden: Bool) { cn_store(state + 1, hidden ? 1 : 0) }

    /// The SIGTSTP handler's work (async-signal-safe).
    static func stop() {
        guard TerminalRestore.isActive else {
            _ = kill(getpid(), SIGSTOP)
            return
        }
        TerminalRestore.leaveScreenForStop()
        _ = kill(getpid(), SIGSTOP)
        // Continued.
        guard TerminalRestore.isActive else { return }
        if cn_load(state + 2) == 1 { _ = tcsetattr(TerminalRestore.terminalDescriptor, TCSANOW, programModes) }
        TerminalRestore.writeToTerminal(resumeBytes)
        if cn_load(state + 1) == 1 { TerminalRestore.writeToTerminal(hideCursorBytes) }
        TerminalRestore.notifyResize()
    }
}

private func handleStop(_ signal: Int32) {
    let saved = errno
    JobControl.stop()
    errno = saved
}

private func handleContinue(_ signal: Int32) {
    let saved = errno
    TerminalRestore.notifyResize()
    errno = saved
}
