import DDM
import Foundation
import Testing
import TermletsTestSupport

/// The command line's details (issue 15): the version, completion, help wrapping, error wording,
/// bookmarks and list exports, and where `login` keeps the password. The real binary throughout.
@Suite("termlets command-line details")
struct CommandLinePolishTests {
    @Test func versionIsPrinted() async throws {
        let result = try await ProcessRunner.termlets(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.wholeMatch(of: /\d+\.\d+\.\d+\n/) != nil, "stdout: \(result.stdout)")
    }

    @Test func completionScriptsNameTheCommandsAndOptions() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try await ProcessRunner.termlets(["--generate-completion-script", shell])
            #expect(result.status == 0, "\(shell): \(result.stderr)")
            #expect(result.stdout.contains("record-set-id"), "\(shell)")
            #expect(result.stdout.contains("bookmarks"), "\(shell)")
        }
    }

    /// A discussion is one paragraph the parser wraps to the terminal, not lines broken at 100
    /// columns and then broken again.
    @Test func helpIsWrappedOnce() async throws {
        let wide = try await ProcessRunner.termlets(["help", "list"], environment: ["COLUMNS": "400"])
        #expect(wide.status == 0)
        #expect(wide.stdout.contains("the first --first-page-size rows, each later page --page-size rows."), "\(wide.stdout)")
        let narrow = try await ProcessRunner.termlets(["help", "login"], environment: ["COLUMNS": "60"])
        let discussion = narrow.stdout.components(separatedBy: "\n\n")[1].split(separator: "\n")
        #expect(discussion.count >= 2)
        // Every line but the last of a paragraph wrapped once is filled close to the width.
        for line in discussion.dropLast() { #expect(line.count > 40, "\(discussion)") }
    }
}
