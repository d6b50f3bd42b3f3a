import DDM
import Foundation
import Testing
import TermletsTestSupport

/// Plain mode (SPEC §2.6): the form as line-by-line prompts on piped standard input, and lists
/// printed instead of screens.
@Suite("plain mode")
struct PlainModeTests {
    @Test func fillsAFormThroughStandardInputAndTheRecordIsOnThePortal() async throws {
        let home = try CLIHome()
        // Contacts (40003): Name (required), Email, Subscribed. An empty Name and "maybe" are
        // refused and asked again; the summary is confirmed with "y".
        let answers = ["", "Grace Hopper", "grace@example.com", "maybe", "yes", "y"].joined(separator: "\n") + "\n"
        let result = try await home.run(["form", "--record-set-id", "40003"], stdin: answers)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let outcome = try JSONValue.parse(result.stdout)
        #expect(outcome["status"] == "added")
        let recordId = try #require(outcome["recordId"]?.int64Value)
        // Prompts went to standard error (standard output holds only the JSON document).
        #expect(result.stderr.contains("Name * (text) []: "))
        #expect(result.stderr.components(separatedBy: "Name * (text) []: ").count - 1 == 2, "asked again after the empty answer")
        #expect(result.stderr.contains("Subscribed (yes/no) ["))
        #expect(result.stderr.contains("  ! "), "the invalid answer is explained")
        #expect(result.stderr.contains("Submit? [Y/n/d(raft)] "))

        let list = try await home.json(["list", "--record-set-id", "40003", "--all"])
        let record = list["records"]?.arrayValue?.first { $0["recordId"]?.int64Value == recordId }
        #expect(record?["values"]?["Name"] == "Grace Hopper")
        #expect(record?["values"]?["Email"] == "grace@example.com")
    }

    @Test func textOutputWithPlainAndEndOfInputCancels() async throws {
        let home = try CLIHome()
        let submitted = try await home.run(
            ["form", "--record-set-id", "40003", "--plain", "--format", "text"], stdin: "Ada Lovelace\n\nno\n\n")
        #expect(submitted.status == 0, "stderr: \(submitted.stderr)")
        #expect(submitted.stdout.contains("Name * (text) []: "))
        #expect(submitted.stdout.contains("\nAdded record "), "\(submitted.stdout)")

        let ended = try await home.run(["form", "--record-set-id", "40003"], stdin: "Ada\n")
        #expect(ended.status == 1)
        #expect(ended.stderr.hasSuffix("error: input: standard input ended: the form was not submitted\n"), "\(ended.stderr)")
    }

    @Test func galleryPrintsRowsWhenPlain() async throws {
        let home = try CLIHome()
        let result = try await home.run(["gallery", "--plain", "--format", "text"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("50 of 120 images"))
    }
}
