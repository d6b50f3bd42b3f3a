import Foundation
import Testing
import TermletsTestSupport

/// The record list's default columns on a real terminal, and line breaks in values (issue 15).
@Suite("List columns in tmux")
struct ListColumnsTmuxTests {
    @Test func theTitleComesFirstTheMarkerIsWholeAndLineBreaksShowAsMarks() async throws {
        let home = try CLIHome()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "list", "--record-set-id", "40001"] + home.options, columns: 80, rows: 12,
            environment: ListScreenTests.environment)
        let screen = try await terminal.screen("the first records", timeout: 120) { $0.contains("First sample") }
        let lines = screen.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.contains("ID ") })
        #expect(header.trimmingCharacters(in: .whitespaces).hasPrefix("ID      Title"), "the title-like field first: \(header)")
        // Six fields by default (documents, images and locations left out), all of them fit in 80 columns.
        #expect(header.split(separator: " ", omittingEmptySubsequences: true)
            == ["ID", "Title", "Agreed", "Notes", "Colours", "Size", "Due", "date"], "\(header)")
        #expect(screen.contains("Two lines↵"), "\(screen)")
        #expect(!screen.contains("\u{FFFD}"))

        // 60 columns: fewer columns, the marker still whole.
        try await offPool { try terminal.resize(columns: 60, rows: 12) }
        let narrow = try await terminal.screen("the narrow list") { !$0.contains("Due date") && $0.contains("(+") }
        let narrowHeader = try #require(narrow.split(separator: "\n").first { $0.contains("ID ") })
        #expect(narrowHeader.range(of: #"\(\+\d+\)\s*$"#, options: .regularExpression) != nil, "the marker is whole: \(narrowHeader)")
        #expect(narrow.contains("First samp"))
    }

    @Test func theTextExportShowsLineBreaksAsMarks() async throws {
        let home = try CLIHome()
        let result = try await home.run(["list", "--record-set-id", "40001", "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Two lines↵of notes"), "\(result.stdout)")
        #expect(!result.stdout.contains("\u{FFFD}"))
    }
}
