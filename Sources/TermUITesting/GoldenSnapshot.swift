import Foundation
import TermUI
import Testing

/// Golden files for screens: compares a rendering with `__Snapshots__/<name>.txt` next to the test
/// file.
///
/// - `TERMLETS_RECORD_SNAPSHOTS=1`: (re)writes the golden and passes (review the diff in git).
/// - A missing golden is recorded and passes locally, but fails when `CI=true`, so CI never
///   records silently.
/// - A mismatch fails with a line-by-line diff; the actual text is written to the temporary
///   directory for inspection.
public enum GoldenSnapshot {
    /// Environment variable that turns recording on.
    public static let recordVariable = "TERMLETS_RECORD_SNAPSHOTS"

    /// What happened when a snapshot was checked.
    public enum Outcome: Equatable, Sendable {
        case matched
        case recorded(path: String)
        case mismatched(diff: String)
        case missingInCI(path: String)
    }

    /// Checks `grid` (text, styles and cursor) against the golden `name`; records an issue on failure.
    @discardableResult
    public static func assertMatches(_ grid: Grid, named name: String, includeStyles: Bool = true,
                                     filePath: StaticString = #filePath,
                                     sourceLocation: SourceLocation = #_sourceLocation) -> Outcome {
        assertMatches(GridText.snapshot(grid, includeStyles: includeStyles), named: name,
                      filePath: filePath, sourceLocation: sourceLocation)
    }

    /// Checks a text against the golden `name`; records an issue on failure.
    @discardableResult
    public static func assertMatches(_ actual: String, named name: String,
                                     filePath: StaticString = #filePath,
                                     sourceLocation: SourceLocation = #_sourceLocation) -> Outcome {
        let path = goldenPath(named: name, filePath: "\(filePath)")
        let outcome = check(actual, goldenPath: path, environment: ProcessInfo.processInfo.environment)
        switch outcome {
        case .matched:
            break
        case .recorded(let path):
            print("◇ Recorded snapshot \(path)")
        case .mismatched(let diff):
            let actualPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).actual.txt").path
            try? actual.write(toFile: actualPath, atomically: true, encoding: .utf8)
            Issue.record("""
                Snapshot "\(name)" does not match \(path)
                \(diff)
                Actual output written to \(actualPath). Re-record with \(recordVariable)=1 if the change is intended.
                """, sourceLocation: sourceLocation)
        case .missingInCI(let path):
            Issue.record("Missing golden snapshot \(path) (not recorded because CI is set). Record it locally with \(recordVariable)=1 and commit it.",
                         sourceLocation: sourceLocation)
        }
        return outcome
    }

    /// `<directory of the test file>/__Snapshots__/<name>.txt`.
    public static func goldenPath(named name: String, filePath: String) -> String {
        URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__").appendingPathComponent("\(name).txt").path
    }

    /// The decision, separated from Swift Testing so it can be tested itself.
    public static func check(_ actual: String, goldenPath path: String, environment: [String: String]) -> Outcome {
        let recording = isTruthy(environment[recordVariable])
        let inCI = isTruthy(environment["CI"])
        let existing = try? String(contentsOfFile: path, encoding: .utf8)
        if recording || (existing == nil && !inCI) {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do {
                try actual.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                return .mismatched(diff: "could not write \(path): \(error)")
            }
            return .recorded(path: path)
        }
        guard let existing else { return .missingInCI(path: path) }
        if existing == actual { return .matched }
        return .mismatched(diff: lineDiff(expected: existing, actual: actual))
    }

    /// A readable diff: every differing line as `-expected` / `+actual` with its line number.
    public static func lineDiff(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for index in 0..<max(old.count, new.count) {
            let a = index < old.count ? String(old[index]) : nil
            let b = index < new.count ? String(new[index]) : nil
            if a == b { continue }
            out.append(String(format: "%4d", index + 1) + " -" + (a.map { "|\($0)|" } ?? "(missing)"))
            out.append("     +" + (b.map { "|\($0)|" } ?? "(missing)"))
        }
        return out.joined(separator: "\n")
    }

    static func isTruthy(_ value: String?) -> Bool {
        guard let value = value?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(value)
    }
}
