import DDM
import Foundation
import Testing
import TermletsTestSupport

/// An Objects entry's form in the screens (issue 14), on the real binary in tmux against a stock
/// 7.4 portal: a local file chosen for the attachment field is uploaded with the record form's
/// progress line and the entry saved as a draft (Ctrl-D) carries its file ID; a file of a type the
/// field does not take is refused; offline, a file discarded with the edits is never uploaded, and the file is queued with an edited entry's save and with
/// a new entry's add and, back online, sync uploads each once and the entries get them (one new
/// entry). Everything read back from the portal over
/// HTTP, not through Termlets.
@Suite("Objects form screen (7.4, tmux)")
struct ObjectsFormScreenTests {
    /// Focuses the Screenshot field and gives `file` in its path prompt (the upload starts).
    static func chooseScreenshot(_ file: URL, in form: FormScreenSession) async throws {
        try await form.focus("Screenshot")
        try form.keys("Enter", "C-u")
        try form.type(file.path)
        try form.keys("Enter")
    }

    static let tickets = "/o/c/tickets/scopes/20143"

    @Test func attachmentUploadedFromTheFormDraftSavedAndQueuedOfflineSyncedOnce() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        defer { portal.stop() }
        let readBack = ObjectsReadBack(server: portal.url)
        let shot = home.directory.path("screen-shot.png")
        try (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 300_000)).write(to: shot)
        let offlineShot = home.directory.path("offline-shot.png")
        try (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 9, count: 1000)).write(to: offlineShot)
        let newShot = home.directory.path("new-shot.png")
        try (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 5, count: 2000)).write(to: newShot)
        let discarded = home.directory.path("discarded.png")
        try (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 3, count: 500)).write(to: discarded)
        let notes = home.directory.path("notes.txt")
        try Data("not a picture".utf8).write(to: notes)

        let terminal = try await ObjectsScreensTests.openTickets(home, portal, rows: 40)
        let form = FormScreenSession(home: home, terminal: terminal)
        try await terminal.press("Enter")
        try await terminal.screen("entry 200001 in the form", timeout: 60) { $0.contains("Entry 200001") && $0.contains("Ticket 1:") }

        // A file of a type the field does not take is refused, and nothing is uploaded.
        try await form.focus("Screenshot")
        try form.keys("Enter")
        try form.type(notes.path)
        try form.keys("Enter")
        try await form.waitFor("this field takes png, jpg, jpeg, gif files")

        // A picture is uploaded at once, with the record form's progress line.
        try await Self.chooseScreenshot(shot, in: form)
        try await form.waitFor("uploaded", timeout: 60)
        try form.keys("C-d")
        try await form.waitFor("Entry 200001 saved as a draft", timeout: 60)

        let entry = try #require(try await readBack.entry("tickets", id: 200_001))
        #expect((entry["status"] as? [String: Any])?["code"] as? Int == 2, "saved as a draft: \(entry)")
        let attachment = try #require(entry["screenshot"] as? [String: Any], "\(entry)")
        #expect(attachment["name"] as? String == "screen-shot.png")
        let fileId = try #require((attachment["id"] as? NSNumber)?.int64Value)
        let file = try await Self.fileEntry(fileId, portal: portal)
        #expect(Self.number(file["size"]) == 300_008, "the whole file: \(file)")

        // Offline: the file is queued with the entry's save; back online, sync uploads it once.
        try await terminal.press("Escape")
        try await terminal.screen("back on the entries", timeout: 60) { ObjectsScreensTests.cursorLine($0)?.contains("200001") == true }
        try await terminal.press("Down")
        try await terminal.screen("the next entry") { ObjectsScreensTests.cursorLine($0)?.contains("200002") == true }
        try await terminal.press("Enter")
        try await terminal.screen("entry 200002 in the form", timeout: 60) { $0.contains("Entry 200002") && $0.contains("Ticket 2:") }
        try await portal.setFaults(["offline": true])
        // A file chosen offline and then discarded with the edits leaves the queue: never uploaded.
        try await Self.chooseScreenshot(discarded, in: form)
        try await form.waitFor("queued: uploads when the portal is back", timeout: 60)
        try form.keys("Escape")
        try await form.waitFor("Unsaved changes")
        try form.keys("d")
        try await terminal.screen("back on the entries, the edit discarded", timeout: 60) { $0.contains("of 1000") }
        try await terminal.press("Enter")
        try await terminal.screen("entry 200002 from the cache", timeout: 60) { $0.contains("Entry 200002") && $0.contains("Ticket 2:") }
        try await Self.chooseScreenshot(offlineShot, in: form)
        try await form.waitFor("queued: uploads when the portal is back", timeout: 60)
        try form.keys("C-s")
        try await form.waitFor("queued for sync", timeout: 60)
        // A new entry with a file, offline too: the add waits for its upload.
        try form.keys("Escape")
        try await terminal.screen("back on the entries offline", timeout: 60) { ObjectsScreensTests.cursorLine($0)?.contains("200002") == true }
        try await terminal.press("n")
        try await terminal.screen("a new entry", timeout: 60) { $0.contains("New entry") }
        try await form.focus("Title")
        try form.replaceText("Added offline with a file")
        try await form.waitFor("Added offline with a file")
        try await form.focus("Screenshot")
        try form.keys("Enter")
        try form.type(newShot.path)
        try form.keys("Enter")
        try await form.waitFor("queued: uploads when the portal is back", timeout: 60)
        try form.keys("C-s")
        try await form.waitFor("queued for sync", timeout: 60)
        try await portal.setFaults(["offline": false])
        let synced = try await waitFor("the queued attachment on the entry", timeout: 90, every: 0.5) {
            let entry = try? await readBack.entry("tickets", id: 200_002)
            return (entry?["screenshot"] as? [String: Any]).flatMap { $0["name"] as? String == "offline-shot.png" ? $0 : nil }
        }
        let offlineFileId = try #require((synced["id"] as? NSNumber)?.int64Value)
        let groupId = try #require(Self.number(file["groupId"]))
        let files = try await Self.fileEntries(groupId: groupId, portal: portal)
        let titles = files.compactMap { $0["title"] as? String }
        #expect(titles.filter { $0.hasSuffix("-offline-shot.png") }.count == 1, "uploaded exactly once: \(titles)")
        #expect(files.contains { Self.number($0["fileEntryId"]) == offlineFileId })
        let added = try await waitFor("the new entry with its file", timeout: 90, every: 0.5) {
            let found = try? await readBack.entries(Self.tickets, filter: "title eq 'Added offline with a file'")
            return found?.first { ($0["screenshot"] as? [String: Any])?["name"] as? String == "new-shot.png" } != nil ? found : nil
        }
        #expect(added.count == 1, "one entry however often the add is sent")
        let after = try await Self.fileEntries(groupId: groupId, portal: portal).compactMap { $0["title"] as? String }
        #expect(after.filter { $0.hasSuffix("-new-shot.png") }.count == 1, "uploaded exactly once: \(after)")
        #expect(!after.contains { $0.hasSuffix("-discarded.png") }, "a discarded file is never uploaded: \(after)")
        try form.keys("Escape")
        try await terminal.screen("back on the entries", timeout: 60) { $0.contains("of 1000") }
        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }

    /// Words typed in a relationship field search the related object on the portal; the matches
    /// pop up with their titles, Enter sets the chosen entry's ID and the saved entry has it.
    /// Offline the search cannot run: the note says to type the ID, and a typed ID is taken.
    @Test func relationshipPickedBySearchingTheRelatedObject() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        defer { portal.stop() }
        let readBack = ObjectsReadBack(server: portal.url)
        let terminal = try await ObjectsScreensTests.openTickets(home, portal, rows: 40)
        let form = FormScreenSession(home: home, terminal: terminal)
        for _ in 0..<2 { try await terminal.press("Down") }
        try await terminal.screen("entry 200003") { ObjectsScreensTests.cursorLine($0)?.contains("200003") == true }
        try await terminal.press("Enter")
        try await terminal.screen("entry 200003 in the form", timeout: 60) { $0.contains("Entry 200003") && $0.contains("Ticket 3:") }

        try await form.focus("Customer")
        try form.keys("Enter", "C-u")
        try form.type("Customer 7")
        try form.keys("Enter")
        let popup = try await form.waitFor("Customer 7:", timeout: 60)
        let line = try #require(popup.split(separator: "\n").first { $0.contains("Customer 7:") })
        let id = try #require(line.split(separator: "(").last.flatMap { Int64($0.prefix { $0.isNumber }) }, "\(line)")
        try form.keys("Enter")
        try await terminal.screen("the chosen ID in the field") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("› ") && $0.contains("Customer") && $0.contains(String(id)) }
        }
        try form.keys("C-s")
        try await form.waitFor("submitted (approved)", timeout: 60)
        let entry = try #require(try await readBack.entry("tickets", id: 200_003))
        #expect(Self.number(entry["r_customerTickets_c_customerId"]) == id, "\(entry)")
        let customer = try #require(try await readBack.entry("customers", id: id))
        #expect((customer["name"] as? String)?.hasPrefix("Customer 7:") == true, "\(customer)")

        // Offline: no search, a clear note; the ID typed is taken.
        try await portal.setFaults(["offline": true])
        try form.keys("Enter", "C-u")
        try form.type("Customer 9")
        try form.keys("Enter")
        try await form.waitFor("type the entry's ID", timeout: 60)
        try form.keys("C-u")
        try form.type(String(id + 1))
        try form.keys("Enter")
        try await terminal.screen("the typed ID in the field") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("› ") && $0.contains("Customer") && $0.contains(String(id + 1)) }
        }
        try form.keys("C-s")
        try await form.waitFor("queued for sync", timeout: 60)
        try await portal.setFaults(["offline": false])
        let synced = try await waitFor("the typed ID on the portal", timeout: 90, every: 0.5) {
            let entry = try? await readBack.entry("tickets", id: 200_003)
            return Self.number(entry?["r_customerTickets_c_customerId"]) == id + 1 ? entry : nil
        }
        #expect(synced["title"] != nil)
        try form.keys("Escape")
        try await terminal.screen("back on the entries", timeout: 60) { $0.contains("of 1000") }
        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }

    /// A JSON-WS long: a number, or (as Liferay sends longs) a string of digits.
    static func number(_ value: Any?) -> Int64? {
        (value as? NSNumber)?.int64Value ?? (value as? String).flatMap { Int64($0) }
    }

    /// The file entry `id`, read over JSON-WS (`/dlapp/get-file-entry`), not through Termlets.
    static func fileEntry(_ id: Int64, portal: TestPortal) async throws -> [String: Any] {
        let answer = try await PortalReadBack(server: portal.url).invoke(["/dlapp/get-file-entry": ["fileEntryId": id]])
        return try #require(answer as? [String: Any], "\(answer)")
    }

    /// The files in the root folder of site `groupId` (`/dlapp/get-file-entries`).
    static func fileEntries(groupId: Int64, portal: TestPortal) async throws -> [[String: Any]] {
        let answer = try await PortalReadBack(server: portal.url).invoke(
            ["/dlapp/get-file-entries": ["repositoryId": groupId, "folderId": 0]])
        return try #require(answer as? [[String: Any]], "\(answer)")
    }
}
