import Foundation
import Testing
import TermletsTestSupport

/// However `terminal-check` ends — `q`, Ctrl-C, SIGTERM, a crash — the shell that started it gets
/// its terminal back: normal screen, cursor shown, mouse reporting off, echo and line mode on.
@Suite("terminal restored on every exit")
struct RestoreTests {
    /// Runs terminal-check under `sh`, which then prints its status and `stty -a`.
    static func start(_ arguments: [String] = []) async throws -> TmuxSession {
        let command = ([TermletsBinary.url.path, "terminal-check"] + arguments).map { "'\($0)'" }.joined(separator: " ")
        // Swift's crash reporter prints its backtrace on the restored terminal; on a terminal it
        // would then wait 30 s for a key, so make it non-interactive.
        let session = try TmuxSession(["sh", "-c", "\(command); echo \"[status $?]\"; stty -a; echo DONE"],
                                      environment: ["SWIFT_BACKTRACE": "interactive=no"])
        if arguments.contains("--crash-after-start") {
            // Swift's crash reporter symbolicates before the shell goes on: slow on a loaded machine.
            try await session.waitFor(text: "DONE", timeout: 90)
        } else {
            try await session.waitForScreen("the first frame") { $0.contains("events 0") && $0.contains("END") }
            #expect(try session.format("#{alternate_on}#{mouse_sgr_flag}#{cursor_flag}") == "110")
        }
        return session
    }

    static func pid(on screen: String) throws -> pid_t {
        let words = screen.split(separator: "\n").first?.split(separator: " ") ?? []
        let index = try #require(words.firstIndex(of: "pid"))
        return try #require(pid_t(words[index + 1]))
    }

    /// The shell's terminal is back: its output shows on the normal screen, with sane modes.
    static func expectRestored(_ session: TmuxSession, status: Set<Int>) async throws {
        let screen = try await session.waitFor(text: "DONE", timeout: 90)
        #expect(!screen.contains("colours:"), "the check screen is gone (alternate screen left)")
        let statusLine = try #require(screen.split(separator: "\n").first { $0.hasPrefix("[status ") })
        let code = Int(statusLine.dropFirst("[status ".count).dropLast())
        #expect(code.map(status.contains) == true, "exit status \(statusLine)")
        let modes = screen.replacingOccurrences(of: "\n", with: " ").split(separator: " ").map(String.init)
        for mode in ["echo", "icanon", "isig", "ixon", "icrnl", "opost"] {
            #expect(modes.contains(mode), "stty shows \(mode)")
            #expect(!modes.contains("-" + mode), "stty shows -\(mode)")
        }
        let flags = try session.format("#{alternate_on} #{mouse_standard_flag} #{mouse_sgr_flag} #{cursor_flag}")
        #expect(flags == "0 0 0 1", "alternate screen, mouse, SGR mouse, cursor: \(flags)")
    }

    @Test func afterQuit() async throws {
        let session = try await Self.start()
        try session.send("q")
        try await Self.expectRestored(session, status: [0])
    }

    @Test func standardErrorWrittenDuringTheScreenShowsAfterIt() async throws {
        let session = try await Self.start(["--write-stderr", "stray message 42"])
        #expect(!(try session.screen()).contains("stray message 42"), "not drawn over the screen")
        try session.send("q")
        try await Self.expectRestored(session, status: [0])
        let screen = try session.screen()
        let lines = screen.split(separator: "\n").map(String.init)
        let message = try #require(lines.firstIndex(of: "stray message 42"))
        let status = try #require(lines.firstIndex(of: "[status 0]"))
        #expect(message < status)
    }

    @Test func afterCtrlC() async throws {
        let session = try await Self.start()
        try session.send("C-c")
        try await Self.expectRestored(session, status: [130])
    }

    @Test func afterSIGTERM() async throws {
        let session = try await Self.start()
        let pid = try Self.pid(on: try session.screen())
        #expect(kill(pid, SIGTERM) == 0)
        try await Self.expectRestored(session, status: [143])
    }

    @Test func afterSIGINT() async throws {
        let session = try await Self.start()
        let pid = try Self.pid(on: try session.screen())
        #expect(kill(pid, SIGINT) == 0)
        try await Self.expectRestored(session, status: [130])
    }

    @Test func afterSIGHUP() async throws {
        let session = try await Self.start()
        let pid = try Self.pid(on: try session.screen())
        #expect(kill(pid, SIGHUP) == 0)
        try await Self.expectRestored(session, status: [129])
    }

    @Test func aStopGivesTheTerminalBackAndContinuingRedraws() async throws {
        let session = try await Self.start()
        let pid = try Self.pid(on: try session.screen())
        #expect(kill(pid, SIGTSTP) == 0)
        _ = try await waitFor("the normal screen while stopped") {
            try session.format("#{alternate_on} #{mouse_standard_flag} #{mouse_sgr_flag} #{cursor_flag}") == "0 0 0 1" ? true : nil
        }
        #expect(!(try session.screen()).contains("colours:"))
        #expect(kill(pid, SIGCONT) == 0)
        try await session.waitForScreen("the check screen redrawn") { $0.contains("colours:") && $0.contains("END") }
        #expect(try session.format("#{alternate_on}#{mouse_sgr_flag}#{cursor_flag}") == "110")
        try session.send("q")
        try await Self.expectRestored(session, status: [0])
    }

    @Test func afterASegmentationFault() async throws {
        let session = try await Self.start(["--crash-after-start"])
        try await Self.expectRestored(session, status: [128 + Int(SIGSEGV)])
    }

    @Test func afterASwiftRuntimeTrap() async throws {
        let session = try await Self.start(["--crash-after-start", "--crash-kind", "trap"])
        try await Self.expectRestored(session, status: [128 + Int(SIGILL), 128 + Int(SIGTRAP)])
        // The runtime's message, written to standard error before the trap, was kept and shown.
        let history = try session.history()
        #expect(history.contains("Fatal error: terminal-check: --crash-after-start trap"))
    }

    @Test func afterAbort() async throws {
        let session = try await Self.start(["--crash-after-start", "--crash-kind", "abort"])
        try await Self.expectRestored(session, status: [128 + Int(SIGABRT)])
    }
}
