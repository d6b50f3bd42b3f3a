import Foundation
import Testing
import TermletsTestSupport

/// A terminal that cannot draw a screen (`TERM=dumb`, an unknown `TERM`) runs plain mode, with one
/// note on standard error, instead of a broken curses screen (issue 15).
@Suite("Dumb terminal")
struct DumbTerminalTests {
    static func run(_ arguments: [String], term: String, home: CLIHome) async throws -> TmuxSession {
        // tmux sets TERM in its panes itself: env sets it for the binary.
        try await TmuxSession.startOffPool(
            ["env", "TERM=\(term)", TermletsBinary.url.path] + arguments + home.options, columns: 100, rows: 30,
            environment: ["NO_COLOR": "", "TERMLETS_QUIET": "1"])
    }

    @Test func aListOnADumbTerminalPrintsItsRowsWithANote() async throws {
        let home = try CLIHome()
        let terminal = try await Self.run(["list", "--record-set-id", "40003"], term: "dumb", home: home)
        let screen = try await terminal.screen(containing: "[exit ")
        #expect(screen.contains("note: TERM=dumb cannot move the cursor: plain mode instead of the screen"), "\(screen)")
        #expect(screen.components(separatedBy: "note: ").count == 2, "one note: \(screen)")
        #expect(screen.contains("[exit 0]"), "\(screen)")
        #expect(!screen.contains("? help"), "no screen was drawn: \(screen)")
    }

    @Test func aFormOnAnUnknownTerminalAsksLineByLine() async throws {
        let home = try CLIHome()
        let terminal = try await Self.run(["form", "--record-set-id", "40003"], term: "no-such-terminal", home: home)
        try await terminal.screen(containing: "Name * (text) []:")
        #expect(try await terminal.screen(containing: "note: TERM=no-such-terminal is not a known terminal type").contains("plain mode"))
        try await terminal.typeOffPool("Grace Hopper")
        try await terminal.press("Enter")
        try await terminal.screen(containing: "Email (text) []:")
    }

    @Test func theGalleryAndTheBrowserFallBackToo() async throws {
        let home = try CLIHome()
        for arguments in [["gallery"], []] {
            let terminal = try await Self.run(arguments, term: "dumb", home: home)
            try await terminal.screen(containing: "[exit ")
            let screen = try await offPool { try terminal.history() }
            #expect(screen.contains("note: TERM=dumb cannot move the cursor"), "\(arguments): \(screen)")
            #expect(screen.contains("[exit 0]"), "\(arguments): \(screen)")
        }
    }
}
