import Foundation
import Testing
import TermletsTestSupport

@Suite("termlets command-line basics")
struct CommandLineBasicsTests {
    @Test func helpListsTheCommands() async throws {
        let result = try await ProcessRunner.termlets(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("inspect"))
    }

    @Test func unknownOptionIsAUsageError() async throws {
        let result = try await ProcessRunner.termlets(["--no-such-option"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--no-such-option"))
    }

    @Test func helpIsReadableInARealTerminal() async throws {
        let terminal = try TmuxSession([TermletsBinary.url.path, "--help"], columns: 80, rows: 40)
        let screen = try await terminal.waitFor(text: "[exit 0]")
        #expect(screen.contains("USAGE: termlets"))
    }
}
