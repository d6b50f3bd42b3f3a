import DDM
import Foundation
import Testing
import TermletsTestSupport

/// The record list screen on a real terminal (tmux) with the real binary and the embedded
/// emulator: scrolling the 10,000-record list, paging, refresh, and leaving.
@Suite("List screen in tmux")
struct ListScreenTests {
    /// `swift test` runs with `NO_COLOR=1`; tmux passes it on: clear it.
    static let environment = ["NO_COLOR": "", "TERMLETS_QUIET": "1"]

    /// The line the cursor (›) is on.
    static func cursorLine(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("›") }.map(String.init)
    }

    /// A list screen of the Issues record set (40002, 10,000 records) at 100×30.
    static func start(_ home: CLIHome) async throws -> TmuxSession {
        let session = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "list", "--record-set-id", "40002", "--label-fields", "title,priority,dueDate"]
                + home.options, columns: 100, rows: 30, environment: environment)
        try await session.screen("the first page", timeout: 120) {
            $0.contains("1 of 10000") && cursorLine($0)?.contains("100001") == true
        }
        return session
    }

    @Test func scrollsToTheEndAndBackAndPagesWithoutPlaceholdersStaying() async throws {
        let home = try CLIHome()
        let terminal = try await Self.start(home)
        let screen = try await terminal.screen(containing: "ID      Title")
        #expect(screen.contains("Priority"))
        #expect(screen.contains("help"))

        // End jumps to the last record; its page loads directly.
        try await terminal.press("End")
        try await terminal.screen("the last record under the cursor", timeout: 60) {
            $0.contains("10000 of 10000") && Self.cursorLine($0)?.contains("110000") == true
        }
        try await terminal.press("Home")
        try await terminal.screen("the first record again", timeout: 60) {
            $0.contains("1 of 10000") && Self.cursorLine($0)?.contains("100001") == true
        }

        // Page by page: each screen's cursor row is a loaded record, soon if not at once.
        var placeholdersSeen = 0
        for page in 1...6 {
            try await terminal.press("PageDown")
            let row = 1 + page * 25
            let shown = try await terminal.screen("row \(row)", timeout: 60) { $0.contains("\(row) of 10000") }
            if Self.cursorLine(shown)?.contains("loading…") == true { placeholdersSeen += 1 }
            try await terminal.screen("record \(100_000 + row) under the cursor", timeout: 60) {
                Self.cursorLine($0)?.contains(String(100_000 + row)) == true
            }
        }
        #expect(placeholdersSeen <= 1, "prefetch keeps the next screens loaded")

        // Refresh keeps the rows and comes back to the same place.
        try await terminal.press("r")
        try await terminal.screen("the list after refresh", timeout: 60) {
            !$0.contains("refreshing") && Self.cursorLine($0)?.contains("100151") == true
        }
        try await terminal.press("F5")
        try await terminal.screen("the list after F5", timeout: 60) {
            !$0.contains("refreshing") && $0.contains("151 of 10000")
        }

        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }

    @Test func searchFindsLoadedRows() async throws {
        let home = try CLIHome()
        let terminal = try await Self.start(home)
        try await terminal.press("/")
        try await terminal.typeOffPool("issue 2")
        try await terminal.screen(containing: "/issue 2")
        try await terminal.press("Enter")
        try await terminal.screen("the first match", timeout: 60) { Self.cursorLine($0)?.contains("100002") == true }
        try await terminal.press("n")
        try await terminal.screen("the next match", timeout: 60) { Self.cursorLine($0)?.contains("100020") == true }
        try await terminal.press("Escape")
        try await terminal.screen("the search cleared") { !$0.contains("loaded matches") }
        try await terminal.press("Escape")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }

    /// With --format (or not on a terminal) the list prints as before.
    @Test func formatStillPrints() async throws {
        let home = try CLIHome()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "list", "--record-set-id", "40003", "--format", "csv"] + home.options,
            environment: Self.environment)
        let screen = try await terminal.screen(containing: "[exit ", timeout: 120)
        #expect(screen.contains("[exit 0]"))
        #expect(!screen.contains("1 of 3"))
    }

    @Test func bookmarksOpensTheBookmarksScreen() async throws {
        let home = try CLIHome()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "bookmarks", "--folder-id", "60001"] + home.options, columns: 100, rows: 30,
            environment: Self.environment)
        let screen = try await terminal.screen("the bookmarks", timeout: 120) {
            $0.contains("Demo bookmarks") && $0.contains("1 of 30") && Self.cursorLine($0) != nil
        }
        #expect(screen.contains("Name") && screen.contains("URL"))
        #expect(!screen.contains("n new"), "bookmarks cannot be added from this list")
        try await terminal.press("End")
        try await terminal.screen(containing: "30 of 30")
        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }
}
