import DDM
import Foundation
import Testing
import TermletsTestSupport

/// Issue 11's flows 4 to 6 in the browser, on the real binary in tmux: `termlets login` to a
/// `termlets portal` that is stopped and started again on the same data and port. What the user
/// saw online is served from the cache at once, marked; the status line says offline at once; a
/// write made offline is sent on its own within seconds of the portal's return, exactly once
/// (read back from the portal without Termlets).
@Suite("The browser offline in tmux")
struct OfflineBrowserTests {
    static let password = ["TERMLETS_PASSWORD": "test"]

    /// A `termlets portal` of the test's own (stopped and started again on the same data and port),
    /// with `termlets login` to it done.
    static func loggedInPortal(_ home: CLIHome) async throws -> RestartablePortal {
        let portal = try await RestartablePortal.start(home)
        let login = try await home.runOffPool(["login"] + portal.server, environment: password)
        #expect(login.status == 0, "\(login.stderr)")
        return portal
    }

    @Test func browsesFromTheCacheWhileThePortalIsDownAndSyncsWhenItIsBack() async throws {
        let home = try CLIHome()
        let portal = try await Self.loggedInPortal(home)
        defer { portal.terminate() }

        // Online: the sites, the demo site's record sets and folders, the contacts list.
        var terminal = try await Self.browser(home)
        try await terminal.screen("the site list online", timeout: 120) {
            BrowserScreenTests.cursorLine($0)?.contains("Termlets Demo") == true && $0.contains("· online")
        }
        try await Self.openContacts(terminal)
        try await terminal.screen("the contacts online", timeout: 60) {
            $0.contains("1 of 3") && BrowserScreenTests.cursorLine($0)?.contains("43001") == true
        }
        try await terminal.press("q")
        try await terminal.screen(containing: "[exit 0]")

        // The portal stops; the browser starts again: everything seen comes from the cache at once.
        try await portal.stop()
        let started = ContinuousClock.now
        terminal = try await Self.browser(home)
        let sites = try await terminal.screen("the sites from the cache", timeout: 60) {
            BrowserScreenTests.cursorLine($0)?.contains("Termlets Demo") == true
        }
        let startup = ContinuousClock.now - started
        #expect(sites.contains("offline: cached"), "\(sites)")
        #expect(sites.contains("· offline"), "the status line says offline from the first screen: \(sites)")
        #expect(startup < .seconds(8), "the sites within seconds of starting offline, not after the 15 s timeout: \(startup)")
        let opened = ContinuousClock.now
        try await terminal.press("Enter")
        let contents = try await terminal.screen("the record sets from the cache", timeout: 30) {
            $0.contains("Record sets") && $0.contains("Contacts") && $0.contains("Demo images")
        }
        // Well under the 15 s network timeout the bug waited for; 3 s failed once on a loaded CI machine (3.3 s).
        #expect(ContinuousClock.now - opened < .seconds(8), "the record sets at once, not after a network timeout")
        #expect(contents.contains("offline: cached"), "\(contents)")
        // A record set never opened online: said so, at once.
        try await terminal.press("Down")
        try await terminal.screen("Issues selected") { BrowserScreenTests.cursorLine($0)?.contains("Issues") == true }
        try await terminal.press("Enter")
        try await terminal.screen("Issues not available offline", timeout: 10) { $0.contains("not available offline: never loaded") }
        try await terminal.press("Down")
        try await terminal.screen("Contacts selected") { BrowserScreenTests.cursorLine($0)?.contains("Contacts") == true }
        let listOpened = ContinuousClock.now
        try await terminal.press("Enter")
        let list = try await terminal.screen("the contacts from the cache", timeout: 30) {
            $0.contains("offline: cached") && BrowserScreenTests.cursorLine($0)?.contains("43001") == true
        }
        #expect(ContinuousClock.now - listOpened < .seconds(8), "the list at once, not after a network timeout")
        #expect(BrowserScreenTests.cursorLine(list)?.hasPrefix("›~") == true, "rows marked stale: \(list)")
        #expect(list.contains("· offline"))

        // A new contact, saved while the portal is away: queued at once.
        try await terminal.press("n")
        // The list has a "Name" column and "? help" too: wait for the form itself.
        try await terminal.screen("the new record's form", timeout: 30) { $0.contains("New record") && $0.contains("Name*") }
        try await terminal.press("Enter", "C-u")
        try await terminal.typeOffPool("Grace Hopper")
        try await terminal.press("Enter")
        try await terminal.screen(containing: "Grace Hopper")
        let saved = ContinuousClock.now
        try await terminal.press("C-s")
        let queued = try await terminal.screen("the submit queued", timeout: 30) { $0.contains("1 pending") }
        #expect(ContinuousClock.now - saved < .seconds(8), "queued without waiting for the network (15 s timeout)")
        #expect(queued.contains("Queued for sync"), "\(queued)")

        // The portal comes back on the same port and data while the form is open: online and
        // synced within seconds, and the form becomes the record the portal made of it.
        try await portal.restart()
        let back = ContinuousClock.now
        let synced = try await terminal.screen("the write sent on its own", timeout: 60) {
            $0.contains("Sent to the portal by sync: record ") && !$0.contains("pending") && $0.contains("· online")
        }
        let syncTime = ContinuousClock.now - back
        #expect(syncTime < .seconds(10), "synced within seconds of the portal's return: \(syncTime)")
        #expect(synced.contains("Contacts — Record "), "the form is the record now: \(synced)")
        #expect(!synced.contains("New record"), "\(synced)")
        try await terminal.press("Escape")
        try await terminal.screen("the list reloaded from the portal", timeout: 30) {
            $0.contains("Sites › Termlets Demo › Contacts") && $0.contains("of 4") && !$0.contains("offline: cached")
        }
        let readBack = portal.readBack
        let graces = try await readBack.records(recordSetId: 40003, where: "Name", is: "Grace Hopper")
        #expect(graces.count == 1, "exactly one record on the portal: \(graces)")
        #expect(try await readBack.records(recordSetId: 40003).count == 4)
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ").contains("[exit 0]"))
    }

    /// The portal stops while the browser is open: the first request that finds it gone turns
    /// the status line offline, and from then on every screen comes from the cache without
    /// waiting; started again on the same port, the status is online again within seconds and
    /// the list on top reloads from the portal on its own.
    @Test func thePortalStoppingMidSessionTurnsEveryScreenOfflineOnce() async throws {
        let home = try CLIHome()
        let portal = try await Self.loggedInPortal(home)
        defer { portal.terminate() }
        let terminal = try await Self.browser(home)
        try await terminal.screen("the site list online", timeout: 120) {
            BrowserScreenTests.cursorLine($0)?.contains("Termlets Demo") == true && $0.contains("· online")
        }
        try await Self.openContacts(terminal)
        try await terminal.screen("the contacts online", timeout: 60) {
            $0.contains("1 of 3") && BrowserScreenTests.cursorLine($0)?.contains("43001") == true && $0.contains("· online")
        }

        try await portal.stop()
        // The first request finds it gone (how fast is the portal client's connect timeout).
        try await terminal.press("r")
        try await terminal.screen("the list offline from the cache", timeout: 60) {
            $0.contains("offline: cached") && $0.contains("· offline")
        }
        // Every other screen now reads the cache at once.
        try await terminal.press("Escape")
        let menu = try await terminal.screen("the site's menu, offline", timeout: 10) {
            $0.hasPrefix(" Sites › Termlets Demo") && $0.contains("Contacts") && $0.contains("· offline")
        }
        #expect(!menu.contains("Loading…"))
        try await terminal.press("Escape")
        // Wait for the site list before the next key: Esc and a key at once would read as Alt-key.
        try await terminal.screen("the sites", timeout: 10) {
            $0.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces) == "Sites"
        }
        let reopened = ContinuousClock.now
        try await terminal.press("r")
        try await terminal.screen("the sites reloaded from the cache", timeout: 10) {
            $0.contains("offline: cached") && BrowserScreenTests.cursorLine($0)?.contains("Termlets Demo") == true
        }
        try await Self.openContacts(terminal)
        try await terminal.screen("the contacts from the cache", timeout: 10) {
            $0.contains("offline: cached") && BrowserScreenTests.cursorLine($0)?.contains("43001") == true
        }
        #expect(ContinuousClock.now - reopened < .seconds(8), "menus and list from the cache without waiting, not after the 15 s network timeout")

        try await portal.restart()
        let back = ContinuousClock.now
        try await terminal.screen("online again, the list reloaded from the portal", timeout: 30) {
            $0.contains("· online") && !$0.contains("offline: cached") && $0.contains("1 of 3")
        }
        #expect(ContinuousClock.now - back < .seconds(10), "the probe sees the portal within seconds")
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ").contains("[exit 0]"))
    }

    /// `termlets` (the browser) with the stored login, in tmux.
    static func browser(_ home: CLIHome) async throws -> TmuxSession {
        try await TmuxSession.startOffPool(
            [TermletsBinary.url.path] + home.options, columns: 100, rows: 30, environment: ListScreenTests.environment)
    }

    /// From the site list: the demo site, then its Contacts record set.
    static func openContacts(_ terminal: TmuxSession) async throws {
        try await terminal.press("Enter")
        try await terminal.screen("the site's record sets", timeout: 60) { $0.contains("Record sets") && $0.contains("Contacts") }
        try await terminal.press("Down", "Down")
        try await terminal.screen("Contacts selected") { BrowserScreenTests.cursorLine($0)?.contains("Contacts") == true }
        try await terminal.press("Enter")
    }
}
