import CNcurses
import Glibc

/// Puts the terminal back the way the shell had it, from any exit path: the normal close, `exit()`
/// (an `atexit` hook), SIGINT/SIGTERM/SIGHUP (restore, then exit with 128 + signal) and crashes
/// (SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP, SIGQUIT: restore, then hand the signal to
/// the action it had before — the default, or the Swift runtime's backtracer). Restoring happens at most once, whichever path gets there first.
///
/// The signal path is async-signal-safe up to its last step: it writes precomputed bytes (mouse
/// and paste reporting off, and attributes, cursor and screen when curses cannot do it) with
/// `write`, puts the saved terminal modes back with `tcsetattr`, and only then calls `endwin` —
/// and only when the main thread was not inside a curses call, so a crash in the middle of
/// `doupdate` cannot re-enter curses. If `endwin` fails in a wrecked process, echo and line mode
/// are already back.
///
/// The state lives in memory allocated once and never moved or freed, so handlers read it with
/// plain loads; the flags are read and written atomically through the shim.
enum TerminalRestore {
    // `nonisolated(unsafe)`: these are shared with signal handlers, which no isolation domain can
    // describe. They are written only on the main actor while `active` is 0 (no handler will read
    // them), and read by handlers only after `active` became 1.
    /// [0] active (1 while a restore is owed), [1] inside a curses call, [2] terminal descriptor,
    /// [3] write end of the resize pipe (-1: none), [4] handlers installed, [5] atexit registered.
    nonisolated(unsafe) private static let flags: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 6)
        pointer.initialize(repeating: 0, count: 6)
        pointer[2] = -1
        pointer[3] = -1
        return pointer
    }()
    nonisolated(unsafe) private static let savedModes: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        pointer.initialize(repeating: sigaction(), count: 65)
        return pointer
    }()
    /// Mode resets: mouse and bracketed paste off. Always written.
    nonisolated(unsafe) private static var modeReset = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    /// Screen resets (sgr0, cnorm, rmcup from terminfo): written when `endwin` cannot be called.
    nonisolated(unsafe) private static var screenReset = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    /// Attributes and colours off (sgr0): frames are written outside curses, which does not know
    /// what they left on. Always written, before `endwin`.
    nonisolated(unsafe) private static var attributeReset = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    nonisolated(unsafe) private static var hasSavedModes = false

    /// Signals after which the program exits with status 128 + signal.
    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// Signals that are crashes: passed on to their previous action after restoring.
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP, SIGQUIT]

    /// Records what restoring needs: the terminal descriptor and its current (shell) modes, and the
    /// reset bytes. Call before curses changes any mode; nothing is owed until `activate()`.
    @MainActor
    static func prepare(terminal descriptor: Int32, modeReset mode: [UInt8]) {
        precondition(cn_load(flags) == 0, "a terminal restore is already owed")
        flags[2] = descriptor
        hasSavedModes = tcgetattr(descriptor, savedModes) == 0
        replace(&modeReset, with: mode)
    }

    /// Sets the screen reset bytes, known once curses has read terminfo.
    @MainActor
    static func setScreenReset(_ bytes: [UInt8]) {
        precondition(cn_load(flags) == 0, "set the reset bytes before activating")
        replace(&screenReset, with: bytes)
    }

    /// Sets the attribute reset bytes, known once curses has read terminfo.
    @MainActor
    static func setAttributeReset(_ bytes: [UInt8]) {
        precondition(cn_load(flags) == 0, "set the reset bytes before activating")
        replace(&attributeReset, with: bytes)
    }

    /// From now on every exit path restores the terminal.
    @MainActor
    static func activate() {
        if cn_exchange(flags + 5, 1) == 0 { atexit(restoreAtExit) }
        cn_store(flags, 1)
    }

    /// True while a restore is owed.
    static var isActive: Bool { cn_load(flags) == 1 }

    /// Installs the termination, crash and (when `resizePipe` is given) SIGWINCH handlers. Install
    /// them before `newterm`: ncurses then leaves these signals to us.
    @MainActor
    static func installHandlers(resizePipe: Int32?) {
        guard cn_exchange(flags + 4, 1) == 0 else { return }
        for signal in terminationSignals { _ = cn_install_handler(signal, handleTermination, previousActions + Int(signal)) }
        for signal in crashSignals { _ = cn_install_info_handler(signal, handleCrash, previousActions + Int(signal)) }
        if let resizePipe {
            cn_store(flags + 3, resizePipe)
            _ = cn_install_handler(SIGWINCH, handleResize, previousActions + Int(SIGWINCH))
        }
    }

    /// Puts back the signal actions found by `installHandlers`.
    @MainActor
    static func removeHandlers() {
        guard cn_exchange(flags + 4, 0) == 1 else { return }
        for signal in terminationSignals + crashSignals { _ = cn_restore_handler(signal, previousActions + Int(signal)) }
        if cn_exchange(flags + 3, -1) >= 0 { _ = cn_restore_handler(SIGWINCH, previousActions + Int(SIGWINCH)) }
    }

    /// Runs `body`, a sequence of curses calls, marked so a signal handler will not call `endwin`
    /// in the middle of it.
    @MainActor
    static func insideCurses<T>(_ body: () -> T) -> T {
        cn_store(flags + 1, 1)
        defer { cn_store(flags + 1, 0) }
        return body()
    }

    /// The normal restore, on the main actor: mouse and paste reporting off, `endwin`, the saved
    /// modes back. Returns false when nothing was owed (already restored by another path).
    @MainActor
    @discardableResult
    static func restore() -> Bool {
        guard cn_exchange(flags, 0) == 1 else { return false }
        writeAll(modeReset)
        writeAll(attributeReset)
        if endwin() == ERR { writeAll(screenReset) }
        if hasSavedModes { _ = tcsetattr(flags[2], TCSANOW, savedModes) }
        StandardErrorCapture.release()
        return true
    }

    /// The restore for signal handlers and `atexit`: async-signal-safe writes and `tcsetattr`
    /// first, then `endwin` unless curses was interrupted mid-call.
    static func restoreFromHandler() {
        guard cn_exchange(flags, 0) == 1 else { return }
        writeAll(modeReset)
        writeAll(attributeReset)
        if hasSavedModes { _ = tcsetattr(flags[2], TCSANOW, savedModes) }
        if cn_load(flags + 1) == 0 {
            if endwin() == ERR { writeAll(screenReset) }
            if hasSavedModes { _ = tcsetattr(flags[2], TCSANOW, savedModes) }
        } else {
            writeAll(screenReset)
        }
        StandardErrorCapture.release()
    }

    /// Puts back the action `signal` had before `installHandlers` (async-signal-safe).
    static func restorePreviousAction(_ signal: Int32) {
        _ = cn_restore_handler(signal, previousActions + Int(signal))
    }

    /// For a stop (SIGTSTP): the handler path's terminal steps — reporting off, attributes, cursor
    /// and screen reset, the shell's modes — leaving the restore owed (async-signal-safe).
    static func leaveScreenForStop() {
        writeAll(modeReset)
        writeAll(screenReset)
        if hasSavedModes { _ = tcsetattr(flags[2], TCSANOW, savedModes) }
    }

    /// Writes bytes to the terminal (async-signal-safe).
    static func writeToTerminal(_ bytes: UnsafeMutableBufferPointer<UInt8>) { writeAll(bytes) }

    /// The terminal descriptor (-1 before `prepare`).
    static var terminalDescriptor: Int32 { flags[2] }

    /// Writes SIGWINCH's wake-up byte (async-signal-safe).
    static func notifyResize() {
        let descriptor = cn_load(flags + 3)
        guard descriptor >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    private static func writeAll(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        TerminalWrite.all(bytes.baseAddress, count: bytes.count, to: flags[2])
    }

    /// Swaps in a new buffer; the old one is leaked on purpose, as a handler might still hold it.
    @MainActor
    static func replace(_ buffer: inout UnsafeMutableBufferPointer<UInt8>, with bytes: [UInt8]) {
        let fresh = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = fresh.initialize(from: bytes)
        buffer = fresh
    }
}

private func handleTermination(_ signal: Int32) {
    TerminalRestore.restoreFromHandler()
    _exit(128 + signal)
}

private func handleCrash(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    TerminalRestore.restoreFromHandler()
    // The previous action: the default, or the Swift runtime's crash reporter, which now prints its
    // backtrace on a usable terminal.
    TerminalRestore.restorePreviousAction(signal)
    // A fault re-executes the faulting instruction when this returns and faults again, with its
    // real siginfo; a signal that was sent (kill, abort) is sent again, delivered on return.
    if cn_signal_was_sent(info) != 0 { raise(signal) }
}

private func handleResize(_ signal: Int32) {
    let saved = errno
    TerminalRestore.notifyResize()
    errno = saved
}

private func restoreAtExit() {
    TerminalRestore.restoreFromHandler()
}
