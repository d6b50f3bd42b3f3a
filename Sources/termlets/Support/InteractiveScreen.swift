import CursesBackend
import Foundation
import TermUI

/// Running a screen on the terminal: whether to, the terminal's size, and the run itself.
enum InteractiveScreen {
    /// Standard input and output are both terminals.
    static var isAvailable: Bool { CursesTerminal.isAvailable }

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
