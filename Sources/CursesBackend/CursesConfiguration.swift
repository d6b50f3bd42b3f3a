import Foundation
import TermUI

/// How `CursesBackend` opens the terminal. The defaults are the interactive program's: the
/// process's standard input and output, input read on a background thread, mouse and bracketed
/// paste reporting on, signal handlers that restore the terminal.
public struct CursesConfiguration: Sendable {
    /// Where keys come from.
    public var inputDescriptor: Int32 = STDIN_FILENO
    /// Where the screen is drawn (and whose modes are set and restored).
    public var outputDescriptor: Int32 = STDOUT_FILENO
    /// The terminfo entry; nil: `TERM` from `environment`.
    public var terminalType: String? = nil
    /// Read for `TERM`, `NO_COLOR`, `COLORTERM` (colour depth).
    public var environment: [String: String] = ProcessInfo.processInfo.environment
    /// Caps the colour depth below what the environment and terminfo allow (e.g. a monochrome theme).
    public var maximumColorDepth: ColorDepth = .trueColor
    /// How long a lone ESC waits for the rest of a sequence before it is Esc, in milliseconds.
    public var escapeDelay: Int = 25
    /// Start the input thread. Off for output-only uses (measuring bytes into a file).
    public var readsInput = true
    /// Report mouse clicks and the wheel (`ESC[?1000h`, SGR encoding `ESC[?1006h`).
    public var reportsMouse = true
    /// Bracketed paste (`ESC[?2004h`): a paste arrives as one `.paste` event.
    public var bracketedPaste = true
    /// Install the SIGINT/SIGTERM/SIGHUP, crash and SIGWINCH handlers.
    public var installsSignalHandlers = true
    /// Hold standard error back while the screen is up and write it out after the restore (when
    /// standard error is a terminal), so stray messages neither corrupt the screen nor vanish.
    public var capturesStandardError = true
    /// Use this size instead of asking the terminal (for a file or pipe as the terminal).
    public var fixedSize: Size? = nil

    public init() {}
}
