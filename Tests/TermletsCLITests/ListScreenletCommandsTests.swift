import Foundation
import Testing
import TermletsTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `termlets list`, `gallery` and `bookmarks`, run as the real binary: through the offline cache
/// against a `termlets portal` that goes away, and against the embedded emulator.
@Suite("list, gallery and bookmarks commands", .serialized)
struct ListScreenletCommandsTests {
    private func json(_ result: ProcessResult) throws -> [String: Any] {
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any], "stdout: \(result.stdout)")
    }

    @Test("list and gallery work from the cache when the portal is gone; an upload is queued")
    func offlineFromTheCache() async throws {
        let folder = try TemporaryDirectory(prefix: "termlets-cli-offline")
        let portal = try SpawnedProcess.demoPortal(data: folder.path("portal"))
        let line = try await portal.firstLine(timeout: 300)
        let match = try #require(line.firstMatch(of: /^listening on (http:\/\/127\.0\.0\.1:\d+)$/), "first line: \(line)")
        let server = String(match.1)
        let common = [
            "--server", server, "--user", "test@liferay.com", "--cache-dir", folder.path("cache").path,
            "--config-dir", folder.path("config").path, "--group-id", "20143", "--format", "json",
        ]
        let environment = ["TERMLETS_PASSWORD": "test"]
        let list = ["list", "--record-set-id", "40002", "--label-fields", "Title,Priority", "--offline-policy", "cache-first"]

        let online = try json(await ProcessRunner.termlets(list + common, environment: environment))
        #expect(online["source"] as? String == "portal")
        #expect(online["storedAt"] is NSNull)
        #expect(online["rowCount"] as? Int == 10_000)
        let onlineRecords = try #require(online["records"] as? [[String: Any]])
        #expect(onlineRecords.count == 50)
        let galleryList = ["gallery", "--folder-id", "50001", "--list", "--offline-policy", "cache-first"]
        let galleryOnline = try json(await ProcessRunner.termlets(galleryList + common, environment: environment))
        #expect(galleryOnline["source"] as? String == "portal")
        #expect((galleryOnline["entries"] as? [Any])?.count == 50)

        portal.signal(SIGTERM)
        #expect(portal.wait(timeout: 30) != nil)

        let offline = try json(await ProcessRunner.termlets(list + common, environment: environment))
        #expect(offline["source"] as? String == "cache")
        let storedAt = try #require(offline["storedAt"] as? String)
        #expect(ISO8601DateFormatter.withFractions.date(from: storedAt) != nil, "storedAt: \(storedAt)")
        #expect(offline["rowCount"] as? Int == 10_000)
        let offlineRecords = try #require(offline["records"] as? [[String: Any]])
        #expect(offlineRecords.map { $0["recordId"] as? Int } == onlineRecords.map { $0["recordId"] as? Int })
        #expect((offlineRecords.first?["values"] as? [String: Any])?["Title"] as? String != nil)

        let galleryOffline = try json(await ProcessRunner.termlets(galleryList + common, environment: environment))
        #expect(galleryOffline["source"] as? String == "cache")

        // Remote-only cannot use the cache: a network error, on one line.
        let remoteOnly = try await ProcessRunner.termlets(
            ["list", "--record-set-id", "40002", "--offline-policy", "remote-only"] + common, environment: environment)
        #expect(remoteOnly.status == 1)
        #expect(remoteOnly.stderr.hasPrefix("error: network: "))

        // A page never cached under cache-only: not-found.
        let notCached = try await ProcessRunner.termlets(
            list.dropLast() + ["cache-only", "--page", "7"] + common, environment: environment)
        #expect(notCached.status == 1)
        #expect(notCached.stderr.hasPrefix("error: not-found: "), "stderr: \(notCached.stderr)")

        let image = folder.path("offline.png")
        try Data([0x89, 0x50, 0x4E, 0x47] + Array(repeating: 7, count: 2_000)).write(to: image)
        let upload = try json(await ProcessRunner.termlets(
            ["gallery", "--folder-id", "50001", "--upload", image.path, "--title", "Offline"] + common, environment: environment))
        #expect(upload["status"] as? String == "queued")
        #expect((upload["queueId"] as? String)?.isEmpty == false)
    }

    @Test("gallery --list, --upload and --delete on the embedded emulator; events as JSON lines")
    func galleryOnline() async throws {
        let folder = try TemporaryDirectory(prefix: "termlets-cli-gallery")
        let common = ["--cache-dir", folder.path("cache").path, "--config-dir", folder.path("config").path, "--format", "json"]
        let image = folder.path("new.png")
        try Data([0x89, 0x50, 0x4E, 0x47] + Array(repeating: 1, count: 50_000)).write(to: image)

        let uploaded = try json(await ProcessRunner.termlets(
            ["gallery", "--folder-id", "50001", "--upload", image.path, "--title", "From the CLI", "--description", "d"] + common))
        #expect(uploaded["status"] as? String == "uploaded")
        #expect(uploaded["title"] as? String == "From the CLI")
        let newId = try #require(uploaded["fileEntryId"] as? Int)

        let deleted = try json(await ProcessRunner.termlets(["gallery", "--folder-id", "50001", "--delete", "51001"] + common))
        #expect(deleted["status"] as? String == "deleted")
        #expect(deleted["fileEntryId"] as? Int == 51001)

        let events = folder.path("events.jsonl")
        let all = try json(await ProcessRunner.termlets(
            ["gallery", "--folder-id", "50001", "--list", "--all", "--events", events.path] + common))
        let entries = try #require(all["entries"] as? [[String: Any]])
        let ids = entries.compactMap { $0["fileEntryId"] as? Int }
        #expect(all["rowCount"] as? Int == 120)
        #expect(ids.count == 120)
        #expect(ids.contains(newId))
        #expect(!ids.contains(51001))
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4, "one entriesLoaded per page")
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["event"] as? String == "entriesLoaded")
        #expect(first["page"] as? Int == 0)

        let usage = try await ProcessRunner.termlets(["gallery", "--folder-id", "50001", "--list", "--delete", "1"] + common)
        #expect(usage.status != 0)
    }

    @Test("bookmarks: the example list's 30 entries")
    func bookmarks() async throws {
        let folder = try TemporaryDirectory(prefix: "termlets-cli-bookmarks")
        let common = ["--cache-dir", folder.path("cache").path, "--config-dir", folder.path("config").path]
        let result = try json(await ProcessRunner.termlets(["bookmarks", "--folder-id", "60001", "--all", "--format", "json"] + common))
        let bookmarks = try #require(result["bookmarks"] as? [[String: Any]])
        #expect(bookmarks.count == 30)
        #expect(result["rowCount"] as? Int == 30)
        #expect(result["source"] as? String == "portal")
        #expect(bookmarks.allSatisfy { ($0["url"] as? String)?.isEmpty == false })
        let text = try await ProcessRunner.termlets(["bookmarks", "--folder-id", "60001", "--format", "text"] + common)
        #expect(text.status == 0)
        #expect(text.stdout.contains("30 of 30 bookmarks"))
    }

    @Test("list keeps its CSV output and writes pageLoaded events")
    func listCSVAndEvents() async throws {
        let folder = try TemporaryDirectory(prefix: "termlets-cli-list")
        let events = folder.path("events.jsonl")
        let result = try await ProcessRunner.termlets([
            "list", "--record-set-id", "40002", "--label-fields", "Title", "--page", "2", "--format", "csv",
            "--events", events.path, "--cache-dir", folder.path("cache").path, "--config-dir", folder.path("config").path,
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.first == "Title")
        #expect(lines.count == 26)
        let event = try String(contentsOf: events, encoding: .utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(event.utf8)) as? [String: Any])
        #expect(json["event"] as? String == "pageLoaded")
        #expect(json["page"] as? Int == 2)
        #expect(json["rowCount"] as? Int == 10_000)
    }
}

extension ISO8601DateFormatter {
    /// ISO-8601 with fractional seconds, as `storedAt` is printed.
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
