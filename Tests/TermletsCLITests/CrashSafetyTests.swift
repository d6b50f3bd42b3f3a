import DDM
import Foundation
import Testing
import TermletsTestSupport

/// `form --submit`, `gallery --upload` and `sync` killed with SIGKILL at seeded random moments
/// (a kill point is a delay by nature), then `termlets sync` run to completion: nothing is on the
/// portal twice, every write that was queued is on the portal exactly once, nothing stays queued.
/// Extends KilledSyncTests (sync killed after a given number of adds) to the other writers.
/// Rounds: 3 per writer in CI, 15 with TERMLETS_LONG_TESTS=1.
@Suite("crash safety: kill -9 at random moments", .serialized)
struct CrashSafetyTests {
    static let rounds = ProcessInfo.processInfo.environment["TERMLETS_LONG_TESTS"] == "1" ? 15 : 3
    static let env = ["TERMLETS_PASSWORD": "test", "TERMLETS_QUIET": "1"]

    /// Starts `arguments`, kills it after a random delay from `generator` (unless it ends first).
    static func killRandomly(_ home: CLIHome, _ arguments: [String], maximumMs: Int, _ generator: inout SeededGenerator) async throws {
        let delay = Int.random(in: 0...maximumMs, using: &generator)
        let child = try SpawnedProcess(TermletsBinary.url, arguments + home.options, environment: env)
        child.closeStandardInput()
        try await Task.sleep(for: .milliseconds(delay))
        child.signal(SIGKILL)
        _ = try await offPool { child.wait(timeout: 30) }
    }

    /// The titles of the queued writes (values.Title of records, nothing for uploads) and the count.
    static func pending(_ home: CLIHome, _ server: [String]) async throws -> [JSONValue] {
        let result = try await home.run(["pending", "--format", "json"] + server, environment: env)
        guard result.status == 0 else { throw CLIFailure(result: result) }
        return try JSONValue.parse(result.stdout).arrayValue ?? []
    }

    @Test(.timeLimit(.minutes(15)))
    func killedWritersLeaveEveryQueuedWriteExactlyOnce() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--latency-ms", "40", "--jitter-ms", "40"])
        defer { portal.stop() }
        let server = portal.server() + ["--group-id", "20143"]
        let image = home.directory.path("dot.png")
        try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
            .write(to: image)
        #expect(try await home.run(["form", "--record-set-id", "40001", "--offline-policy", "remote-first", "--format", "json"] + server, environment: Self.env).status == 0)
        var generator = SeededGenerator(seed: 0xC0FFEE)
        var titles: [String] = []
        var uploadTitles: [String] = []

        for round in 0..<Self.rounds {
            let title = "crash submit \(round)"
            titles.append(title)
            try await Self.killRandomly(
                home, ["form", "--record-set-id", "40001", "--set", "Title=\(title)", "--submit", "--offline-policy", "remote-first"] + server,
                maximumMs: 2_500, &generator)
            let upload = "crash upload \(round)"
            uploadTitles.append(upload)
            try await Self.killRandomly(
                home, ["gallery", "--folder-id", "50001", "--repository-id", "20143", "--upload", image.path, "--title", upload] + server,
                maximumMs: 2_500, &generator)
            // Queue a few writes offline, then kill a sync of them part-way.
            try await portal.setFaults(["offline": true])
            for extra in 0..<3 {
                let queuedTitle = "crash sync \(round).\(extra)"
                titles.append(queuedTitle)
                let queued = try await home.run(
                    ["form", "--record-set-id", "40001", "--set", "Title=\(queuedTitle)", "--submit", "--offline-policy", "cache-first",
                     "--format", "json"] + server, environment: Self.env)
                #expect(queued.status == 0, "\(queued.stderr)")
            }
            try await portal.setFaults(["offline": false])
            try await Self.killRandomly(home, ["sync"] + server, maximumMs: 1_500, &generator)
        }

        // What is still queued now must be on the portal exactly once after a full sync.
        let queuedTitles = Set(try await Self.pending(home, server).compactMap { $0["values"]?["Title"]?.stringValue })
        let sync = try await home.run(["sync", "--format", "json"] + server, environment: Self.env)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try await Self.pending(home, server).isEmpty, "nothing stays queued")
        let counts = try await portal.valueCounts(40001, field: "Title")
        for title in titles {
            #expect((counts[title] ?? 0) <= 1, "\(title) is on the portal \(counts[title] ?? 0) times")
            if queuedTitles.contains(title) || title.hasPrefix("crash sync") {
                #expect(counts[title] == 1, "\(title) was queued and is on the portal \(counts[title] ?? 0) times")
            }
        }
        let listing = try JSONValue.parse(try await home.run(
            ["gallery", "--folder-id", "50001", "--list", "--all", "--format", "json"] + server, environment: Self.env).stdout)
        let uploaded = (listing["entries"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
        #expect(!uploaded.isEmpty)
        for title in uploadTitles {
            #expect(uploaded.filter { $0 == title }.count <= 1, "\(title) uploaded more than once")
        }
    }
}
