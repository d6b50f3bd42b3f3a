import CNcurses
import Foundation
import Glibc
import TermUI

/// Runs TermUI programs on the terminal through `CursesBackend`, and tells callers whether there is
/// a terminal to run them on (when there is not, fall back to plain, line-by-line mode).
public enum CursesTerminal {
    /// True when standard input and standard output are both terminals.
    public static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// The terminal's size now, from standard output; `nil` when it is not a terminal.
    public static func currentSize(of descriptor: Int32 = STDOUT_FILENO) -> Size? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard cn_window_size(descriptor, &rows, &columns) == 0 else { return nil }
        return Size(width: Int(columns), height: Int(rows))
    }

    /// Throws `CursesTerminalError.notATerminal` unless both descriptors are terminals.
    public static func checkTerminal(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        guard isatty(input) == 1 else { throw CursesTerminalError.notATerminal("standard input") }
        guard isatty(output) == 1 else { throw CursesTerminalError.notATerminal("standard output") }
    }

    /// Runs `program` until it quits or the terminal goes away, and returns its last model. The
    /// terminal is restored whatever happens: on return, on a thrown error, on signals and crashes.
    /// Refuses (before touching curses) when the configured input or output is not a terminal.
    @MainActor
    public static func run<P: Program>(_ program: P, configuration: CursesConfiguration = CursesConfiguration()) async throws -> P.Model {
        try checkTerminal(input: configuration.inputDescriptor, output: configuration.outputDescriptor)
        let backend = try CursesBackend(configuration: configuration)
        defer { backend.close() }
        let runtime = Runtime(program: program, backend: backend)
        await runtime.run()
        return runtime.model
    }
}
