import DDM
import Foundation
import Testing
import TermletsTestSupport

/// `termlets bench --quick --format json`: the smoke test CI runs. The real binary starts its own
/// emulator; the JSON must carry every key the CONTRACT pins and show Termlets ahead where the
/// SPEC says it must be.
@Suite("termlets bench")
struct BenchCommandTests {
    /// The keys the CONTRACT pins, per section path.
    static let contractKeys: [(path: [String], keys: [String])] = [
        (["scroll", "termlets"], ["placeholderFrames", "stallMs", "requests", "duplicateRequests"]),
        (["scroll", "reference"], ["placeholderFrames", "stallMs", "requests", "duplicateRequests"]),
        (["firstPaint"], ["warmCacheMs", "portalMs", "rawHttpMs"]),
        (["keystroke", "fields10"], ["usPerKey", "bytesPerKey"]),
        (["keystroke", "fields1000"], ["usPerKey", "bytesPerKey"]),
        (["sync", "termlets"], ["wallMs", "requests"]),
        (["sync", "reference"], ["wallMs", "requests"]),
        (["memory"], ["peakRssMB"]),
    ]

    @Test(.timeLimit(.minutes(10)))
    func quickRunHasEveryContractKeyAndTermletsAhead() async throws {
        let result = try await ProcessRunner.termletsOffPool(["bench", "--quick", "--format", "json"], timeout: 540)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue.parse(result.stdout)
        for (path, keys) in Self.contractKeys {
            let section = path.reduce(Optional(json)) { $0?[$1] }
            for key in keys {
                #expect(section?[key]?.doubleValue != nil, "\(path.joined(separator: ".")).\(key) is missing or not a number")
            }
        }
        #expect(json["mode"] == "quick")
        #expect(json["settings"]?["scroll"]?.stringValue?.contains("rows/s") == true, "quick mode says what it ran")

        let scroll = try #require(json["scroll"])
        #expect(scroll["termlets"]?["placeholderFrames"]?.doubleValue == 0)
        #expect(scroll["termlets"]?["duplicateRequests"]?.doubleValue == 0)
        #expect((scroll["reference"]?["placeholderFrames"]?.doubleValue ?? 0) > 0, "the reference shows placeholders")
        #expect((scroll["termlets"]?["frames"]?.doubleValue ?? 0) > 1_000)

        let sync = try #require(json["sync"])
        let batched = try #require(sync["termlets"]?["wallMs"]?.doubleValue)
        let oneByOne = try #require(sync["reference"]?["wallMs"]?.doubleValue)
        // A smoke test in a loaded CI run: batching must clearly win; the ≥ 10× figure is the full
        // bench's (docs/benchmarks.md) and SyncTests/BatchingTests asserts ≥ 5× on its best attempt.
        #expect(oneByOne >= 2 * batched, "sync speed-up \(oneByOne / batched)× (at least 2× in quick mode)")
        #expect((sync["termlets"]?["requests"]?.doubleValue ?? 0) < (sync["reference"]?["requests"]?.doubleValue ?? 0))

        let memory = try #require(json["memory"]?["peakRssMB"]?.doubleValue)
        #expect(memory > 0 && memory < 256)
        #expect(json["errors"] == nil)
    }

    @Test func oneScenarioPrintsTheOthersAsNullAndAnUnknownOneIsAnInputError() async throws {
        let result = try await ProcessRunner.termletsOffPool(["bench", "--quick", "--format", "json", "--scenario", "keystroke"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue.parse(result.stdout)
        #expect(json["keystroke"]?["fields1000"]?["bytesPerKey"]?.doubleValue != nil)
        #expect(json["scroll"] == .null)
        #expect(json["memory"] == .null)

        let unknown = try await ProcessRunner.termletsOffPool(["bench", "--scenario", "nope"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("error: input: unknown scenario \"nope\""))
    }
}
