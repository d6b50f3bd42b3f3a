import Foundation
import TermletsTestSupport
import DDM

/// One isolated Termlets "home" for a test: its own config and cache folders, so the embedded
/// emulator's data and the stored configuration never leak between tests running in parallel.
struct CLIHome {
    let directory: TemporaryDirectory

    /// A new home whose embedded emulator starts on a copy of the seeded demo data.
    init() throws {
        directory = try TemporaryDirectory(prefix: "termlets-cli")
        try SeededEmulatorData.copy(to: directory.path("cache/emulator-7"))
    }

    /// Writes `members` as this home's `config.json` (what `login` and the settings screen store).
    func storeSettings(_ members: [String: JSONValue]) throws {
        let folder = directory.path("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(JSONValue.object(members).serialized().utf8).write(to: folder.appendingPathComponent("config.json"))
    }

    var options: [String] {
        ["--config-dir", directory.path("config").path, "--cache-dir", directory.path("cache").path]
    }

    /// Runs `termlets` with the arguments plus this home's folders.
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) async throws -> ProcessResult {
        try await ProcessRunner.termlets(arguments + options, environment: environment, stdin: stdin, timeout: 120)
    }

    /// Runs `termlets … --format json` and parses standard output, failing on a non-zero status.
    func json(_ arguments: [String], environment: [String: String] = [:]) async throws -> JSONValue {
        let result = try await run(arguments + ["--format", "json"], environment: environment)
        guard result.status == 0 else { throw CLIFailure(result: result) }
        return try JSONValue.parse(result.stdout)
    }
}

struct CLIFailure: Error, CustomStringConvertible {
    let result: ProcessResult
    var description: String { "exit \(result.status): \(result.stderr)" }
}
