import DDM
import Foundation
import Testing
import TermletsTestSupport

/// Issue 12, items 8–12, through the real binary against `termlets portal`: a damaged queued write,
/// bad local files, cache-only gallery uploads.
@Suite("termlets queue hardening: damaged writes, bad files, cache-only uploads")
struct QueueHardeningTests {
    static let password = ["TERMLETS_PASSWORD": "test"]

    /// The `cache.sqlite` of the (server, user) cache under the home's cache folder (not the
    /// embedded emulator's data).
    static func cacheDatabase(_ home: CLIHome) throws -> URL {
        let root = home.directory.path("cache")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path)
        let databases = folders.map { root.appendingPathComponent($0).appendingPathComponent("cache.sqlite") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        return try #require(databases.count == 1 ? databases.first : nil, "one cache among \(folders)")
    }

    /// Runs the `sqlite3` command-line shell on `database`.
    static func sqlite(_ database: URL, _ statement: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database.path, statement]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 \(statement)")
    }

    @Test func aDamagedQueuedWriteIsSetAsideAndTheOthersAreListedAndSent() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let server = portal.server()
        let read = try await home.runOffPool(
            ["form", "--record-set-id", "40003", "--offline-policy", "remote-first", "--format", "json"] + server,
            environment: Self.password)
        #expect(read.status == 0, "\(read.stderr)")
        let marker = UUID().uuidString.prefix(8)
        var queueIds: [String] = []
        for name in ["first", "damaged", "third"] {
            let queued = try await home.jsonOffPool(
                ["form", "--record-set-id", "40003", "--set", "Name=\(name)-\(marker)", "--submit", "--offline-policy", "cache-only"]
                    + server, environment: Self.password)
            #expect(queued["status"] == "queued")
            queueIds.append(try #require(queued["queueId"]?.stringValue))
        }
        try Self.sqlite(
            try Self.cacheDatabase(home),
            "UPDATE pending_write SET payload = '{\"recordSetId\": 40003, \"values\": {' WHERE queueId = '\(queueIds[1])';")

        let pending = try await home.jsonOffPool(["pending"] + server)
        let entries = try #require(pending.arrayValue)
        #expect(entries.compactMap { $0["queueId"]?.stringValue } == queueIds)
        #expect(entries.map { $0["state"] } == ["dirty", "failed", "dirty"])
        #expect(entries[1]["error"]?.stringValue?.hasPrefix("damaged in the offline cache") == true)
        let text = try await home.runOffPool(["pending", "--format", "text"] + server)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("\(queueIds[1])  add-record  failed"))

        let sync = try await home.runOffPool(["sync", "--format", "json"] + server, environment: Self.password)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try JSONValue.parse(sync.stdout) == ["synced": 2, "failed": 0, "conflicts": 0, "pending": 1])

        let readBack = PortalReadBack(server: portal.url)
        let names = try await readBack.records(recordSetId: 40003).compactMap { $0.values["Name"] }
        #expect(names.filter { $0.hasSuffix(String(marker)) }.sorted() == ["first-\(marker)", "third-\(marker)"])
        let after = try await home.jsonOffPool(["pending"] + server)
        #expect(after.arrayValue?.compactMap { $0["queueId"]?.stringValue } == [queueIds[1]])
    }
}
