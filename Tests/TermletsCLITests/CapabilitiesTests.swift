import DDM
import Foundation
import Testing
import TermletsTestSupport

/// Capability probing (issue 14, item 1): `overview` reports what the portal offers and its object
/// definitions; `list` says plainly that a portal without the Screens plugin cannot show record
/// values; the probe's answer is stored per server and refreshed on demand.
@Suite("capabilities: the stock 7.4 portal and the 7.x one")
struct CapabilitiesTests {
    static let password = ["TERMLETS_PASSWORD": "test"]
    static let noScreensLine =
        "error: server: record set 40002: this portal has no Screens plugin: DDL record values cannot be read through its remote APIs; new records can still be added"

    static func stored(_ home: CLIHome, _ portal: TestPortal) throws -> JSONValue? {
        let file = home.directory.path("config/capabilities.json")
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return try JSONValue.parse(bytes: Array(data))["servers"]?[portal.url]
    }

    @Test func overviewOnStock74ReportsObjectsAndNoScreensPlugin() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        let overview = try await home.json(portal.server(), environment: Self.password)
        #expect(overview["capabilities"] == ["screensPlugin": false, "headlessDelivery": true, "objects": true, "oauth2": true])
        let definitions = try #require(overview["objectDefinitions"]?.arrayValue)
        #expect(definitions.contains(["name": "Ticket", "label": "Ticket", "pluralLabel": "Tickets", "scope": "site", "entries": 10_000]))
        #expect(definitions.contains(["name": "Customer", "label": "Customer", "pluralLabel": "Customers", "scope": "company", "entries": 24]))
        let issues = try #require(overview["recordSets"]?.arrayValue?.first { $0["recordSetId"] == 40002 })
        #expect(issues["records"] == .null, "no stock 7.4 API counts DDL records")
        #expect(overview["bookmarkFolders"] == [], "7.4 has no Bookmarks service: an empty list, not a failure")
        let stored = try #require(try Self.stored(home, portal))
        #expect(stored["screensPlugin"] == false && stored["objects"] == true)
        let mode = try FileManager.default.attributesOfItem(atPath: home.directory.path("config/capabilities.json").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let text = try await home.run(portal.server() + ["--format", "text"], environment: Self.password)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Screens plugin: no"))
        #expect(text.stdout.contains("Liferay Objects: yes"))
        #expect(text.stdout.contains("Ticket"))
        #expect(!text.stdout.contains("termlets list --record-set-id"), "no advice that cannot work there")
    }

    @Test func overviewOn7xIsUnchangedAndReportsTheScreensPlugin() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        let overview = try await home.json(portal.server(), environment: Self.password)
        #expect(overview["capabilities"] == ["screensPlugin": true, "headlessDelivery": false, "objects": false, "oauth2": false])
        #expect(overview["objectDefinitions"] == [])
        let issues = try #require(overview["recordSets"]?.arrayValue?.first { $0["recordSetId"] == 40002 })
        #expect(issues["records"] == 10_000)
        #expect(overview["bookmarkFolders"]?.arrayValue?.contains { $0["folderId"] == 60001 } == true)

        let listing = try await home.run(
            ["list", "--record-set-id", "40002", "--page-size", "3", "--first-page-size", "3", "--format", "json"] + portal.server(),
            environment: Self.password)
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(try JSONValue.parse(listing.stdout)["records"]?.arrayValue?.count == 3)
    }

    @Test func listOnStock74SaysThereIsNoScreensPlugin() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        for policy in ["remote-first", "remote-only"] {
            let listing = try await home.run(
                ["list", "--record-set-id", "40002", "--offline-policy", policy, "--format", "json"] + portal.server(), environment: Self.password)
            #expect(listing.status == 1)
            #expect(listing.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == Self.noScreensLine, "\(policy)")
            #expect(listing.stdout.isEmpty)
        }
    }

    static func storeCapabilities(_ home: CLIHome, _ portal: TestPortal, screensPlugin: Bool) throws {
        // What an earlier probe of this server stored, now out of date.
        let stale: JSONValue = ["servers": .object([
            portal.url: ["screensPlugin": .bool(screensPlugin), "headlessDelivery": false, "objects": false, "oauth2": false,
                         "probedAt": "2026-01-01T00:00:00Z"],
        ])]
        let folder = home.directory.path("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(stale.serialized().utf8).write(to: folder.appendingPathComponent("capabilities.json"))
    }

    @Test func storedCapabilitiesAreUsedUntilRefreshedOrContradicted() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        try Self.storeCapabilities(home, portal, screensPlugin: false)
        let cached = try await home.json(["overview"] + portal.server(), environment: Self.password)
        #expect(cached["capabilities"]?["objects"] == false, "the stored answer is used: no probe on every run")
        #expect(cached["objectDefinitions"] == [])

        let refreshed = try await home.json(["overview", "--refresh-capabilities"] + portal.server(), environment: Self.password)
        #expect(refreshed["capabilities"]?["objects"] == true)
        #expect(refreshed["objectDefinitions"]?.arrayValue?.count == 2)
        #expect(try Self.stored(home, portal)?["objects"] == true)
    }

    @Test func aScreensCallAnsweringNoActionRefreshesWhatIsStored() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        try Self.storeCapabilities(home, portal, screensPlugin: true)
        let listing = try await home.run(["list", "--record-set-id", "40002", "--format", "json"] + portal.server(), environment: Self.password)
        #expect(listing.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == Self.noScreensLine)
        #expect(try Self.stored(home, portal)?["screensPlugin"] == false)
        #expect(try Self.stored(home, portal)?["objects"] == true)

        try Self.storeCapabilities(home, portal, screensPlugin: true)
        let overview = try await home.json(["overview"] + portal.server(), environment: Self.password)
        #expect(overview["capabilities"]?["screensPlugin"] == false, "the overview's own record counts find the plugin gone")
        #expect(overview["objectDefinitions"]?.arrayValue?.count == 2)
    }

    @Test func theListScreenOnStock74SaysThereIsNoScreensPlugin() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        var environment = ListScreenTests.environment
        environment["TERMLETS_PASSWORD"] = "test"
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "list", "--record-set-id", "40002"] + portal.server() + home.options,
            columns: 200, rows: 30, environment: environment)
        let screen = try await terminal.screen(containing: "this portal has no Screens plugin", timeout: 60)
        #expect(screen.contains("record set 40002: this portal has no Screens plugin: DDL record values cannot be read through its remote APIs"))
        #expect(!screen.contains("No JSON web service action"))
    }
}
