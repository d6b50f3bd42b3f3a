import Foundation
import Testing
import TermletsTestSupport

/// What the command line's quick parse (`QuickRootParse`: the root parsed without ArgumentParser's
/// completion-script probe, falling back to the real root for anything but one of Termlets' own
/// commands) relies on: a completion request anywhere on the line still gets the root's script,
/// help and usage name the root once, and a refused line fails with the contract's one line.
@Suite("Quick root parse keeps the command line's outputs")
struct QuickRootParseTests {
    /// ArgumentParser looks for `--generate-completion-script` among every argument, after a
    /// subcommand too: those lines take the real root's parse and print the root's script.
    @Test func aCompletionRequestAfterACommandPrintsTheRootsScript() async throws {
        let bash = try await ProcessRunner.termlets(["--generate-completion-script", "bash"])
        #expect(bash.status == 0, "\(bash.stderr)")
        #expect(bash.stdout.contains("record-set-id"))
        for arguments in [["form", "--generate-completion-script", "bash"], ["list", "--generate-completion-script=bash"]] {
            let result = try await ProcessRunner.termlets(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == bash.stdout, "\(arguments)")
        }
        // After `--`, it is a value, as before.
        let value = try await ProcessRunner.termlets(["form", "--", "--generate-completion-script", "bash"])
        #expect(value.status == 1)
        #expect(value.stderr.hasPrefix("error: input: "), "\(value.stderr)")
    }

    /// Help (asked by flag or by `help`) is the real root's: the usage names `termlets` once.
    @Test func helpNamesTheRootOnce() async throws {
        let flag = try await ProcessRunner.termlets(["form", "--help"], environment: ["COLUMNS": "100"])
        let command = try await ProcessRunner.termlets(["help", "form"], environment: ["COLUMNS": "100"])
        #expect(flag.status == 0 && command.status == 0)
        #expect(flag.stdout == command.stdout)
        #expect(flag.stdout.contains("USAGE: termlets form <options>"), "\(flag.stdout)")
        #expect(!flag.stdout.contains("termlets termlets"))
        let root = try await ProcessRunner.termlets(["--help"], environment: ["COLUMNS": "100"])
        #expect(root.stdout.contains("USAGE: termlets <subcommand>"), "\(root.stdout)")
    }

    /// A line the parser refuses gets the real root's message, as the contract's `input` line.
    @Test func refusedLinesKeepTheirMessages() async throws {
        for (arguments, message) in [
            (["form", "--no-such-option"], "error: input: Unknown option '--no-such-option'\n"),
            (["form", "--record-set-id", "x"], "error: input: The value 'x' is invalid for '--record-set-id <record-set-id>'\n"),
        ] {
            let result = try await ProcessRunner.termlets(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
    }
}
