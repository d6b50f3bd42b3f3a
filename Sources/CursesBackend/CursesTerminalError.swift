import Glibc

/// Why the curses terminal could not start.
public enum CursesTerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file): use plain mode instead.
    case notATerminal(String)
    /// `TERM` is unset, or terminfo has no entry for it.
    case unknownTerminal(String)
    /// Another curses terminal is already open in this process.
    case alreadyOpen
    /// A system call failed (name, errno).
    case systemCall(String, Int32)

    public var description: String {
        switch self {
        case .notATerminal(let stream): return "\(stream) is not a terminal"
        case .unknownTerminal(let name):
            return name.isEmpty ? "TERM is not set" : "unknown terminal type \"\(name)\" (no terminfo entry)"
        case .alreadyOpen: return "a curses terminal is already open"
        case .systemCall(let name, let code): return "\(name) failed: \(String(cString: strerror(code)))"
        }
    }
}
