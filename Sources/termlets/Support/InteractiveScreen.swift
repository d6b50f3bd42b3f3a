import CursesBackend
import Foundation
import TermUI

/// Running a screen on the terminal: whether to, the terminal's size, and the run itself.
enum InteractiveScreen {
    /// Standard input and output are both terminals, and `TERM` can draw a screen. When the
    /// terminal cannot (`TERM=dumb`, unknown), one note on standard error says plain mode is used.
    static var isAvailable: Bool { availability }

    private static let availability: Bool = {
        guard CursesTerminal.isAvailable else { return false }
        guard let problem = TerminalCapability.screenProblem() else { return true }
        PrivateFile.warnOnStandardError("note: \(problem): plain mode instead of the screen")
        return false
    }()

    /// The terminal's size now (80×24 when it cannot be read).
    static func currentSize() -> Size {
        CursesTerminal.currentSize() ?? Size(width: 80, height: 24)
    }

    /// Runs `program` on the terminal until it quits; the terminal is restored on every exit.
    @discardableResult
    static func run<P: Program>(_ program: P) async throws(CommandFailure) -> P.Model {
        do {
            return try await CursesTerminal.run(program)
        } catch let error as CursesTerminalError {
            throw CommandFailure(.input, "cannot open the terminal: \(error)")
        } catch {
            throw CommandFailure(.input, "cannot open the terminal: \(error)")
        }
    }
}
