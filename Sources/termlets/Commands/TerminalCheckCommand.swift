import ArgumentParser
import CursesBackend
import Foundation

/// `termlets terminal-check` (hidden): exercises the curses backend end to end — size, keys,
/// paste, mouse, resize, Unicode, colours — and restores the terminal when it ends. Used by the
/// tmux tests and for checking a user's terminal.
struct TerminalCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terminal-check",
        abstract: "Check the terminal: keys, paste, mouse, resize, Unicode and colours (q quits).",
        shouldDisplay: false
    )

    @Flag(help: .hidden)
    var crashAfterStart = false

    @Option(help: .hidden)
    var crashKind: String = TerminalCheckScreen.Crash.segv.rawValue

    @Option(help: .hidden)
    var writeStderr: String?

    func validate() throws {
        guard TerminalCheckScreen.Crash(rawValue: crashKind) != nil else {
            throw ValidationError("--crash-kind must be one of: \(TerminalCheckScreen.Crash.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() async throws {
        let screen = TerminalCheckScreen(
            pid: getpid(), crash: crashAfterStart ? TerminalCheckScreen.Crash(rawValue: crashKind) : nil,
            standardErrorLine: writeStderr)
        let model: TerminalCheckScreen.Model
        do {
            model = try await CursesTerminal.run(screen)
        } catch let error as CursesTerminalError {
            if case .notATerminal = error { throw CommandFailure(.input, "terminal-check needs a terminal: \(error)") }
            throw CommandFailure(.input, "cannot open the terminal: \(error)")
        }
        if model.exitStatus != 0 { throw ExitCode(model.exitStatus) }
    }
}
