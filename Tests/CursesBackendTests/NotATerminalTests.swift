import Foundation
import Testing
@testable import CursesBackend
import TermletsTestSupport

/// Without a terminal, curses is never started: callers get a clear error and fall back to plain mode.
@Suite("no terminal")
struct NotATerminalTests {
    @Test func checkTerminalRefusesPipes() async throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(throws: CursesTerminalError.notATerminal("standard input")) {
            try CursesTerminal.checkTerminal(input: ends[0], output: ends[1])
        }
    }

    @Test func terminalCheckWithoutATerminalFailsCleanly() async throws {
        let result = try await ProcessRunner.termlets(["terminal-check"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: input: terminal-check needs a terminal: standard input is not a terminal"))
        #expect(!result.stdout.contains("\u{1B}"), "curses wrote nothing")
        #expect(result.stdout.isEmpty)
    }

    @Test func terminalCheckIsHiddenFromHelp() async throws {
        let result = try await ProcessRunner.termlets(["--help"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("terminal-check"))
    }
}
