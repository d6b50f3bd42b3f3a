import CNcurses
import Foundation

/// Whether the terminal named by `TERM` can draw a full screen, read from terminfo without
/// touching the terminal. A terminal that cannot (`TERM=dumb`, an unknown or unset `TERM`) gets
/// plain, line-by-line mode instead of a broken curses screen.
public enum TerminalCapability {
    /// Why `environment`'s `TERM` cannot draw screens, as a phrase (`TERM=dumb cannot move the
    /// cursor`), or nil when it can.
    public static func screenProblem(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let name = environment["TERM"] ?? ""
        guard !name.isEmpty else { return "TERM is not set" }
        switch cn_terminal_can_draw_screens(name) {
        case 1: return nil
        case 0: return "TERM=\(name) cannot move the cursor"
        default: return "TERM=\(name) is not a known terminal type"
        }
    }
}
