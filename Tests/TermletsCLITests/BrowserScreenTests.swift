import DDM
import Foundation
import Testing
import TermletsTestSupport

/// The portal browser on a real terminal (tmux) with the real binary: from the site list to a
/// record list and back with the cursor restored; offline and back online with the sync view.
@Suite("Browser screen in tmux")
struct BrowserScreenTests {
    static let password = ["TERMLETS_PASSWORD": "test"]

    static func cursorLine(_ screen: String) -> String? { ListScreenTests.cursorLine(screen) }

    @Test func browsesFromTheSiteListToARecordListAndBack() async throws {
        let home = try CLIHome()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path] + home.options, columns: 100, rows: 30, environment: ListScreenTests.environment)
        try await terminal.screen("the site list", timeout: 120) {
            $0.hasPrefix(" Sites") && Self.cursorLine($0)?.contains("Termlets Demo") == true
        }
        try await terminal.press("Enter")
        let contents = try await terminal.screen("the site's record sets and folders", timeout: 60) {
            $0.contains("Record sets") && $0.contains("Demo images") && $0.contains("Demo bookmarks")
        }
        // Folders show their counts as record sets do (issue 15).
        #expect(contents.contains("120 images · 50001"), "\(contents)")
        #expect(contents.contains("30 bookmarks · 60001"), "\(contents)")
        try await terminal.press("Down")
        try await terminal.screen("Issues selected") { Self.cursorLine($0)?.contains("Issues") == true }
        try await terminal.press("Enter")
        let list = try await terminal.screen("the Issues list", timeout: 60) {
            $0.contains("Sites › Termlets Demo › Issues") && Self.cursorLine($0)?.contains("100001") == true
        }
        #expect(list.contains("1 of 10000"))
        try await terminal.press("Down")
        try await terminal.press("Down")
        try await terminal.screen("the third record") { Self.cursorLine($0)?.contains("100003") == true }
        try await terminal.press("Escape")
        try await terminal.screen("back on the site with Issues selected") {
            $0.contains("Record sets") && Self.cursorLine($0)?.contains("Issues") == true
        }
        try await terminal.press("Escape")
        try await terminal.screen("back on the site list") {
            $0.hasPrefix(" Sites") && Self.cursorLine($0)?.contains("Termlets Demo") == true
        }
        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }

    /// Enter on an image folder opens its gallery (tiles of the 120 demo images); Esc comes back to
    /// the folder menu with the folder still selected.
    @Test func anImageFolderOpensTheGalleryAndBackReturnsToTheFolders() async throws {
        let home = try CLIHome()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path] + home.options, columns: 100, rows: 30, environment: ListScreenTests.environment)
        try await terminal.screen("the site list", timeout: 120) { Self.cursorLine($0)?.contains("Termlets Demo") == true }
        try await terminal.press("Enter")
        try await terminal.screen("the site's folders", timeout: 60) { $0.contains("Demo images") }
        for _ in 0..<3 { try await terminal.press("Down") }
        try await terminal.screen("Demo images selected") { Self.cursorLine($0)?.contains("Demo images") == true }
        try await terminal.press("Enter")
        try await terminal.screen("the gallery's tiles", timeout: 60) { $0.contains("1 of 120") && $0.contains("▸") }
        try await terminal.press("Escape")
        try await terminal.screen("back on the folders with Demo images selected") {
            $0.contains("Record sets") && Self.cursorLine($0)?.contains("Demo images") == true
        }
        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }

    /// Enter on a record opens it in the form screen; Esc comes back to the same row; `n` starts
    /// a new record which, submitted, shows up in the refreshed list.
    @Test func aRecordOpensInTheFormAndBackReturnsToTheSameRow() async throws {
        let home = try CLIHome()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "list", "--record-set-id", "40003"] + home.options, columns: 100, rows: 30,
            environment: ListScreenTests.environment)
        try await terminal.screen("the contacts", timeout: 120) {
            $0.contains("1 of 3") && Self.cursorLine($0)?.contains("43001") == true
        }
        try await terminal.press("Down")
        try await terminal.screen("the second contact") { Self.cursorLine($0)?.contains("43002") == true }
        try await terminal.press("Enter")
        // The title names the record from the first frame ("Loading…"); the fields follow.
        let form = try await terminal.screen("the record in the form", timeout: 60) { $0.contains("Record 43002") && $0.contains("José García") }
        #expect(form.contains("Name") && !form.contains("New record"))
        try await terminal.press("Escape")
        try await terminal.screen("back on the same row", timeout: 60) {
            $0.contains("of 3") && Self.cursorLine($0)?.contains("43002") == true
        }
        try await terminal.press("n")
        try await terminal.screen("a new record", timeout: 60) { $0.contains("New record") && Self.cursorLine($0)?.contains("Name") == true }
        try await terminal.press("Enter")
        try await terminal.typeOffPool("Grace Hopper")
        try await terminal.screen("the name typed") { $0.contains("Grace Hopper") }
        try await terminal.press("Enter")
        try await terminal.press("C-s")
        try await terminal.screen("the record submitted", timeout: 60) { $0.contains("submitted (approved)") }
        try await terminal.press("Escape")
        let list = try await terminal.screen("the list with the new record", timeout: 60) {
            $0.contains("of 4") && $0.contains("Grace Hopper") && !$0.contains("refreshing")
        }
        #expect(Self.cursorLine(list)?.contains("43002") == true, "the cursor stayed on its row")
        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }

    /// On a `termlets portal` the test started: the list goes offline (fault injection), shows its
    /// rows from the cache marked stale; a write is queued meanwhile; back online, the sync view
    /// sends it and the queue is empty.
    @Test func offlineShowsStaleRowsAndTheSyncViewClearsTheQueue() async throws {
        let home = try CLIHome()
        // This test drives the sync view by hand: automatic sync off (the settings' switch).
        try home.storeSettings(["autoSync": .bool(false)])
        let (portal, address, server) = try await Self.contactsOnOwnPortal(home)
        defer {
            portal.terminate()
        }
        let terminal = try await Self.contactsList(home, server: server)
        try await terminal.screen("the contacts online", timeout: 120) {
            $0.contains("1 of 3") && $0.contains("· online") && Self.cursorLine($0)?.contains("43001") == true
        }

        // Record 43002 read online, so that an edit of it can be queued offline too.
        let read = try await home.jsonOffPool(
            ["form", "--record-set-id", "40003", "--record-id", "43002", "--offline-policy", "remote-first"] + server,
            environment: Self.password)
        #expect(read["fields"]?.arrayValue?.first?["values"]?.arrayValue?.first == "José García", "\(read)")
        try await Self.goOfflineAndQueue("Grace Hopper", home: home, server: server, address: address, list: terminal)
        let update = try await home.jsonOffPool(
            ["form", "--record-set-id", "40003", "--record-id", "43002", "--set", "Name=José Queued", "--submit",
             "--offline-policy", "remote-first"] + server, environment: Self.password)
        #expect(update["status"] == "queued", "\(update)")
        let stale = try await terminal.screen("stale rows from the cache", timeout: 60) {
            $0.contains("offline: cached") && $0.contains("· offline")
        }
        #expect(Self.cursorLine(stale)?.hasPrefix("›~") == true, "the stale marker")

        try await Self.setOffline(false, address)
        try await terminal.press("s")
        let view = try await terminal.screen("the queued writes in the sync view", timeout: 60) {
            $0.contains("2 waiting") && $0.contains("add record (record set 40003)")
        }
        #expect(view.contains("update record 43002 (record set 40003)"), "\(view)")
        #expect(!view.contains("record record"), "\(view)")
        try await terminal.press("s")
        let synced = try await terminal.screen("the queue cleared", timeout: 60) {
            $0.contains("Nothing waiting for the portal.") && $0.contains("synced 2")
        }
        #expect(synced.contains("· online"))
        try await terminal.press("Escape")
        // Wait for the list before the next key: Esc and a key at once would read as Alt-key.
        try await terminal.screen("the list again") { $0.hasPrefix(" Contacts ") && !$0.contains("Sync") }
        try await terminal.press("r")
        try await terminal.screen("four contacts online", timeout: 60) {
            $0.contains("of 4") && !$0.contains("offline: cached")
        }
        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }

    /// With automatic sync on (the default), a write queued while the portal is away is sent on
    /// its own once the portal answers again: the status line's pending count drops to none and
    /// the list reloads with the new record, without a key pressed.
    @Test func automaticSyncClearsTheQueueWhenThePortalIsBack() async throws {
        let home = try CLIHome()
        let (portal, address, server) = try await Self.contactsOnOwnPortal(home)
        defer {
            portal.terminate()
        }
        let terminal = try await Self.contactsList(home, server: server)
        try await terminal.screen("the contacts online", timeout: 120) { $0.contains("1 of 3") && $0.contains("· online") }

        // The scheduler notices the write, finds the portal away and probes it; nothing is lost meanwhile.
        try await Self.goOfflineAndQueue("Ada Lovelace", home: home, server: server, address: address, list: terminal)
        try await terminal.screen("stale rows from the cache", timeout: 60) { $0.contains("offline: cached") }

        try await Self.setOffline(false, address)
        let synced = try await terminal.screen("the write sent on its own", timeout: 90) {
            $0.contains("Synced 1 queued write automatically") && !$0.contains("pending")
        }
        #expect(synced.contains("· online"))
        try await terminal.screen("the list reloaded with the new contact", timeout: 60) {
            $0.contains("of 4") && !$0.contains("offline: cached")
        }
        let pending = try await home.jsonOffPool(["pending"] + server, environment: Self.password)
        #expect(pending.arrayValue?.isEmpty == true, "\(pending)")
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ").contains("[exit 0]"))
    }

    /// A `termlets portal` of the test's own (stop it with `terminate()`), its address, the
    /// server options for it, and the contacts form read once online so an offline submit can be
    /// validated.
    static func contactsOnOwnPortal(_ home: CLIHome) async throws -> (SpawnedProcess, String, [String]) {
        let portal = try SpawnedProcess.demoPortal(data: home.directory.path("portal"))
        do {
            let address = String(try await portal.firstLine(timeout: 120).dropFirst("listening on ".count))
            let server = ["--server", address, "--user", "test@liferay.com"]
            let read = try await home.runOffPool(
                ["form", "--record-set-id", "40003", "--offline-policy", "remote-first", "--format", "json"] + server,
                environment: password)
            #expect(read.status == 0, "\(read.stderr)")
            return (portal, address, server)
        } catch {
            portal.terminate()
            throw error
        }
    }

    /// `termlets list` of the contacts (40003) on `server`, in tmux.
    static func contactsList(_ home: CLIHome, server: [String]) async throws -> TmuxSession {
        try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "list", "--record-set-id", "40003"] + server + home.options, columns: 100, rows: 30,
            environment: ListScreenTests.environment.merging(password) { $1 })
    }

    /// Takes the portal offline, queues a new contact named `name` from another `termlets`
    /// process on the same cache, and refreshes the list on `list` (which then reads the cache).
    static func goOfflineAndQueue(
        _ name: String, home: CLIHome, server: [String], address: String, list: TmuxSession
    ) async throws {
        try await setOffline(true, address)
        let queued = try await home.jsonOffPool(
            ["form", "--record-set-id", "40003", "--set", "Name=\(name)", "--submit", "--offline-policy", "remote-first"]
                + server, environment: password)
        #expect(queued["status"] == "queued")
        try await list.press("r")
    }

    /// Stopped from outside (SIGTSTP) the program gives the terminal back; continued (SIGCONT) it
    /// draws its screen again at once, before any key. Its screens take the resize that a
    /// continue sends as a message that changes nothing, and the shell's screen used to stay
    /// until the next key.
    @Test func aStopAndContinueDrawsTheScreenAgainWithoutAKey() async throws {
        let home = try CLIHome()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path] + home.options, columns: 100, rows: 30, environment: ListScreenTests.environment)
        try await terminal.screen("the site list", timeout: 120) { Self.cursorLine($0)?.contains("Termlets Demo") == true }
        let shell = try #require(pid_t(try terminal.format("#{pane_pid}")))
        let program = try #require(Self.child(of: shell))
        #expect(kill(program, SIGTSTP) == 0)
        _ = try await waitFor("the shell's screen while stopped") {
            try terminal.format("#{alternate_on}") == "0" ? true : nil
        }
        #expect(kill(program, SIGCONT) == 0)
        try await terminal.screen("the site list drawn again") { Self.cursorLine($0)?.contains("Termlets Demo") == true }
        #expect(try terminal.format("#{alternate_on}") == "1")
        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
    }

    /// The process whose parent is `parent` (the program the pane's shell runs).
    static func child(of parent: pid_t) -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (comm)": the state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == parent { return pid }
        }
        return nil
    }

    /// `POST /_emulator/faults {"offline": …}` with curl.
    static func setOffline(_ offline: Bool, _ address: String) async throws {
        let result = try await offPool {
            try ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["curl", "-sS", "-X", "POST", "-H", "Content-Type: application/json", "-d", "{\"offline\": \(offline)}",
                 address + "/_emulator/faults"], timeout: 30)
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"offline\":\(offline)") || result.stdout.contains("\"offline\": \(offline)"))
    }
}
