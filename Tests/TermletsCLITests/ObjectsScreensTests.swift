import DDM
import Foundation
import Testing
import TermletsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Liferay Objects in the interactive screens (issue 14), on the real binary in tmux against a
/// stock 7.4 portal (`termlets portal --portal-version 7.4`): the browser lists the site's object
/// definitions beside its record sets, the Tickets entries page at reading speed without a
/// placeholder left, an entry opens in the form, is edited and saved, and the portal has it; the
/// next one is deleted (d, d) and the portal has it no more;
/// offline, the entry opens from the cache with the edit, an edit saved there is queued, and
/// back online automatic sync sends it.
@Suite("Objects in the screens (7.4, tmux)")
struct ObjectsScreensTests {
    static let password = ["TERMLETS_PASSWORD": "test"]

    static func cursorLine(_ screen: String) -> String? { ListScreenTests.cursorLine(screen) }

    /// The real binary in tmux on `portal` (a 7.4), walked from the site list to the Tickets
    /// entries, with the first entry under the cursor.
    static func openTickets(_ home: CLIHome, _ portal: TestPortal, rows: Int = 30) async throws -> TmuxSession {
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path] + portal.server() + home.options, columns: 100, rows: rows,
            environment: ListScreenTests.environment.merging(password) { $1 })
        try await terminal.screen("the site list", timeout: 120) { cursorLine($0)?.contains("Termlets Demo") == true }
        try await terminal.press("Enter")
        try await terminal.screen("the site's objects", timeout: 60) { $0.contains("Tickets") && $0.contains("Customers") }
        for _ in 0..<3 { try await terminal.press("Down") }
        try await terminal.screen("Tickets selected") { cursorLine($0)?.contains("Tickets") == true }
        try await terminal.press("Enter")
        try await terminal.screen("the Tickets entries", timeout: 60) { cursorLine($0)?.contains("200001") == true }
        return terminal
    }

    @Test func browsePageOpenEditSaveAndReadBackOverHTTP() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        defer { portal.stop() }
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path] + portal.server() + home.options, columns: 100, rows: 30,
            environment: ListScreenTests.environment.merging(Self.password) { $1 })
        try await terminal.screen("the site list", timeout: 120) { Self.cursorLine($0)?.contains("Termlets Demo") == true }
        try await terminal.press("Enter")
        let site = try await terminal.screen("the site's record sets and objects", timeout: 60) {
            $0.contains("Objects") && $0.contains("Tickets") && $0.contains("Customers")
        }
        #expect(site.contains("10000 entries · site · 70001"))
        #expect(site.contains("24 entries · company · 70002"))
        #expect(site.contains("no Screens plugin: values not readable"), "record sets say their values cannot be read here")

        for _ in 0..<3 { try await terminal.press("Down") }
        try await terminal.screen("Tickets selected") { Self.cursorLine($0)?.contains("Tickets") == true }
        try await terminal.press("Enter")
        try await terminal.screen("the Tickets entries", timeout: 60) {
            $0.contains("Sites › Termlets Demo › Tickets") && $0.contains("1 of 10000") && Self.cursorLine($0)?.contains("200001") == true
        }

        // `/` searches on the portal; Esc lists every entry again.
        try await terminal.press("/")
        try await terminal.typeOffPool("Ticket 777")
        try await terminal.press("Enter")
        let found = try await terminal.screen("the entries found by the portal", timeout: 60) {
            $0.contains("searched on the portal") && Self.cursorLine($0)?.contains("200777") == true
        }
        #expect(!found.contains("of 10000"), "the count is the portal's count of matches")
        try await terminal.press("Escape")
        try await terminal.screen("every entry again", timeout: 60) {
            $0.contains("1 of 10000") && Self.cursorLine($0)?.contains("200001") == true
        }

        // Page by page at reading speed: the cursor row is a loaded entry, and no placeholder stays.
        var placeholdersSeen = 0
        for page in 1...8 {
            try await terminal.press("PageDown")
            let row = 1 + page * 25
            let shown = try await terminal.screen("row \(row)", timeout: 60) { $0.contains("\(row) of 10000") }
            if shown.contains("loading…") { placeholdersSeen += 1 }
            try await terminal.screen("entry \(200_000 + row) under the cursor, no placeholder left", timeout: 60) {
                Self.cursorLine($0)?.contains(String(200_000 + row)) == true && !$0.contains("loading…")
            }
        }
        #expect(placeholdersSeen <= 1, "prefetch keeps the next screens of entries loaded")

        let id = 200_201
        try await terminal.press("Enter")
        try await terminal.screen("the entry in the form", timeout: 60) {
            $0.contains("Tickets") && $0.contains("Entry \(id)") && $0.contains("Ticket 201:")
        }
        try await terminal.press("Enter")
        try await terminal.typeOffPool(" (edited in tmux)")
        try await terminal.screen("the title edited") { $0.contains("(edited in tmux)") }
        try await terminal.press("Enter")
        try await terminal.press("C-s")
        try await terminal.screen("the entry saved", timeout: 60) { $0.contains("Entry \(id) submitted (approved)") }

        let entry = try await Self.readBack("/o/c/tickets/\(id)", portal: portal)
        #expect(entry["title"]?.stringValue?.hasSuffix("(edited in tmux)") == true, "\(entry)")
        #expect(entry["severity"]?["key"] != nil, "the other fields are kept")

        try await terminal.press("Escape")
        try await terminal.screen("back on the entries with the edit", timeout: 60) {
            Self.cursorLine($0)?.contains(String(id)) == true && Self.cursorLine($0)?.contains("(edited") == true
        }

        // d, d deletes the entry under the cursor on the portal; the list refreshes without it.
        try await terminal.press("Down")
        try await terminal.screen("the next entry") { Self.cursorLine($0)?.contains(String(id + 1)) == true }
        try await terminal.press("d")
        try await terminal.screen(containing: "press d again to delete entry \(id + 1)")
        try await terminal.press("d")
        try await terminal.screen("the entry deleted", timeout: 60) { $0.contains("deleted entry \(id + 1)") && $0.contains("of 9999") }
        #expect(try await Self.status("/o/c/tickets/\(id + 1)", portal: portal) == 404)
        try await terminal.press("Up")
        try await terminal.screen("back on the edited entry") { Self.cursorLine($0)?.contains(String(id)) == true }

        // Offline: the entry seen online opens from the cache, with the edit.
        try await portal.setFaults(["offline": true])
        try await terminal.press("Enter")
        try await terminal.screen("the entry from the cache", timeout: 60) {
            $0.contains("Entry \(id)") && $0.contains("(edited in tmux)")
        }
        // An edit saved offline is queued; back online, automatic sync sends it.
        try await terminal.press("Enter")
        try await terminal.typeOffPool(" +offline")
        try await terminal.press("Enter")
        try await terminal.press("C-s")
        try await terminal.screen("the save queued", timeout: 60) { $0.contains("queued for sync") }
        try await portal.setFaults(["offline": false])
        let synced = try await waitFor("the offline edit on the portal", timeout: 60, every: 0.5) {
            let title = try? await Self.readBack("/o/c/tickets/\(id)", portal: portal)["title"]?.stringValue
            return title?.hasSuffix("(edited in tmux) +offline") == true ? title : nil
        }
        #expect(synced.hasSuffix("+offline"))
        try await terminal.press("Escape")
        try await terminal.screen("back on the entries", timeout: 60) { Self.cursorLine($0)?.contains(String(id)) == true }
        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }

    /// `m` in an object's entry list shows only the entries the signed-in user created (the portal
    /// filters `creatorId eq <user>`), as many as the portal counts for that filter; `m` again
    /// shows everyone's.
    @Test func mineShowsOnlyTheEntriesTheUserCreated() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        defer { portal.stop() }
        let user = try await PortalReadBack(server: portal.url).invoke(["/user/get-current-user": [String: Any]()]) as? [String: Any]
        let userId = try #require((user?["userId"] as? NSNumber)?.int64Value ?? (user?["userId"] as? String).flatMap { Int64($0) })
        let filter = "creatorId%20eq%20\(userId)"
        let mine = try await Self.readBack("\(ObjectsFormTests.tickets)?pageSize=1&filter=\(filter)", portal: portal)["totalCount"]?.intValue
        let count = try #require(mine)
        #expect(count > 0 && count < 10_000, "the demo tickets have more than one creator")

        let terminal = try await Self.openTickets(home, portal)
        try await terminal.screen("the Tickets entries", timeout: 60) { $0.contains("1 of 10000") }
        try await terminal.press("m")
        let filtered = try await terminal.screen("only my entries", timeout: 60) { $0.contains("1 of \(count)") }
        #expect(filtered.contains("mine"), "the status says the list is filtered")
        try await terminal.press("m")
        try await terminal.screen("everyone's entries again", timeout: 60) { $0.contains("1 of 10000") }
        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }

    /// `GET <portal><path>` with Basic auth, straight over HTTP (not through Termlets).
    static func readBack(_ path: String, portal: TestPortal) async throws -> JSONValue {
        let (data, status) = try await get(path, portal: portal)
        #expect(status == 200)
        return try JSONValue.parse(bytes: data)
    }

    /// The HTTP status of `GET <portal><path>` with Basic auth.
    static func status(_ path: String, portal: TestPortal) async throws -> Int {
        try await get(path, portal: portal).1
    }

    private static func get(_ path: String, portal: TestPortal) async throws -> (Data, Int) {
        var request = URLRequest(url: URL(string: portal.url + path)!)
        request.setValue("Basic " + Data("test@liferay.com:test".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        request.setValue("close", forHTTPHeaderField: "Connection")
        request.timeoutInterval = 30
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}
