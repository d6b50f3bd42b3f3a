import DDM
import Foundation
import Testing
import TermletsTestSupport

/// Offline in the interactive screens (issue 11): a form is always a specific record, a queued
/// add is saved again in place, discard takes a queued save back, a dirty row shows the queued
/// values, and a record of another set is refused. The real binary in tmux against a real
/// `termlets portal` that is stopped and started again on the same data and port; what the
/// portal holds is read back with ``PortalReadBack``, never through Termlets.
@Suite("Form identity offline in tmux")
struct FormIdentityTmuxTests {
    static let password = BrowserScreenTests.password
    static let environment = ListScreenTests.environment.merging(password) { $1 }

    static func cursorLine(_ screen: String) -> String? { ListScreenTests.cursorLine(screen) }

    /// Flow 1: a record opened earlier, opened again with the portal down, is that record (from
    /// the cache, never a blank new record), and saving it queues an update; after the portal is
    /// back and sync ran, the portal holds the edit on that record, and no new record.
    @Test func aRecordOpenedEarlierIsThatRecordOfflineAndSavesAnUpdate() async throws {
        let home = try CLIHome()
        let portal = try await RestartablePortal.start(home)
        defer { portal.terminate() }
        let terminal = try await BrowserScreenTests.contactsList(home, server: portal.server)
        try await terminal.screen("the contacts online", timeout: 120) { $0.contains("1 of 3") && $0.contains("· online") }
        try await terminal.press("Down")
        try await terminal.screen("the second contact") { Self.cursorLine($0)?.contains("43002") == true }
        try await terminal.press("Enter")
        try await terminal.screen("the record online", timeout: 60) { $0.contains("Record 43002") && $0.contains("José García") }
        try await terminal.press("Escape")
        try await terminal.screen("back on the list", timeout: 60) { $0.contains("of 3") && Self.cursorLine($0)?.contains("43002") == true }

        try await portal.stop()
        try await terminal.press("Enter")
        let witness = ScreenWitness()
        let form = try await terminal.screen("the record from the cache", timeout: 180) {
            witness.watch($0, for: "New record").contains("José García") && $0.contains("from the cache")
        }
        #expect(witness.offending == nil, "a blank new record was shown: \(witness.offending ?? "")")
        #expect(form.contains("Record 43002"), "\(form)")

        try await terminal.press("Enter", "C-u")
        try await terminal.typeOffPool("José Edited")
        try await terminal.press("Enter")
        try await terminal.screen(containing: "José Edited")
        try await terminal.press("C-s")
        try await terminal.screen("the update queued", timeout: 120) { $0.contains("Queued for sync") && $0.contains("1 pending") }
        let pending = try await home.jsonOffPool(["pending"] + portal.server, environment: Self.password)
        #expect(pending.arrayValue?.count == 1, "\(pending)")
        let update = pending.arrayValue?.first
        #expect(update?["operation"] == "update-record" && update?["recordId"]?.int64Value == 43002, "\(pending)")

        try await portal.restart()
        let records = try await Self.syncAndReadBack(home, portal) { records in
            records.contains { $0.recordId == 43002 && $0.values["Name"] == "José Edited" }
        }
        #expect(records.count == 3, "no record added: \(records)")
        #expect(records.filter { $0.values["Name"] == "José Edited" }.map(\.recordId) == [43002])
        try await terminal.press("Escape")
        try await terminal.screen("back on the list") { $0.contains(" Contacts") && !$0.contains("Record 43002") }
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ").contains("[exit 0]"))
    }

    /// Flow 1, a record only seen in a list: with the portal down, a row of the cached list that
    /// was never opened on its own opens as that record (the list's cached row holds it), never as
    /// a blank new record or an error.
    @Test func aRecordSeenOnlyInTheListOpensOfflineFromTheListsCache() async throws {
        let home = try CLIHome()
        let portal = try await RestartablePortal.start(home)
        defer { portal.terminate() }
        let terminal = try await BrowserScreenTests.contactsList(home, server: portal.server)
        try await terminal.screen("the contacts online", timeout: 120) { $0.contains("1 of 3") && $0.contains("· online") }
        try await portal.stop()
        try await terminal.press("Down")
        try await terminal.screen("the second contact") { Self.cursorLine($0)?.contains("43002") == true }
        try await terminal.press("Enter")
        let witness = ScreenWitness()
        let form = try await terminal.screen("the record from the list's cache", timeout: 120) {
            witness.watch($0, for: "New record").contains("José García") && $0.contains("from the cache")
        }
        #expect(witness.offending == nil, "a blank new record was shown: \(witness.offending ?? "")")
        #expect(form.contains("Record 43002") && form.contains("· offline"), "\(form)")
        #expect(!form.contains("cannot be shown"), "\(form)")
        try await terminal.press("Escape")
        try await terminal.screen("back on the list", timeout: 60) { $0.contains("of 3") && Self.cursorLine($0)?.contains("43002") == true }
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ", timeout: 60).contains("[exit 0]"))
    }

    /// Flow 2: offline, a new record saved twice (changed in between), then once more unchanged,
    /// is one queued add with the last values ("nothing new" the third time); once the portal is
    /// back, automatic sync sends it, the portal holds it once and the form becomes "Record N".
    @Test func savingAQueuedNewRecordAgainReplacesTheQueuedAdd() async throws {
        let home = try CLIHome()
        let portal = try await RestartablePortal.start(home)
        defer { portal.terminate() }
        let terminal = try await Self.newContactQueuedOffline(home, portal, name: "Grace Hopper")

        try await terminal.press("Enter", "C-u")
        try await terminal.typeOffPool("Grace B. Hopper")
        try await terminal.press("Enter")
        try await terminal.screen("the second name") { $0.contains("Grace B. Hopper") && $0.contains("modified") }
        try await terminal.press("C-s")
        let again = try await terminal.screen("the queued add saved again", timeout: 120) {
            $0.contains("Queued for sync") && !$0.contains("modified")
        }
        #expect(again.contains("1 pending") && !again.contains("2 pending"), "\(again)")
        try await terminal.press("C-s")
        try await terminal.screen("nothing new", timeout: 60) { $0.contains("nothing new to save") }

        let pending = try await home.jsonOffPool(["pending"] + portal.server, environment: Self.password)
        #expect(pending.arrayValue?.count == 1, "one queued write: \(pending)")
        let add = pending.arrayValue?.first
        #expect(add?["operation"] == "add-record" && add?["values"]?["Name"] == "Grace B. Hopper", "\(pending)")

        // Back online, the form's automatic sync sends it, and the form becomes the record added.
        try await portal.restart()
        let synced = try await terminal.screen("the add sent and the form that record", timeout: 150) {
            $0.contains("Synced 1 queued write automatically") && $0.contains("— Record ") && !$0.contains("queued for sync")
        }
        let records = try await portal.readBack.records(recordSetId: 40003)
        #expect(records.count == 4, "exactly one record added: \(records)")
        let added = records.filter { $0.values["Name"]?.hasPrefix("Grace") == true }
        #expect(added.map { $0.values["Name"] } == ["Grace B. Hopper"], "\(records)")
        if let id = added.first?.recordId { #expect(synced.contains("Record \(id)"), "\(synced)") }
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ", timeout: 60).contains("[exit 0]"))
    }

    /// Flow 3: with the portal down, a new record is saved (queued), edited again, and the form
    /// left: the prompt says the save is queued and that discarding takes it out of the queue;
    /// after discard nothing is pending, and once the portal is back and sync ran it holds no such
    /// record. (A save still in flight is taken back the same way: `FormWithdrawTests`.)
    @Test func discardTakesAQueuedSaveBackOutOfTheQueue() async throws {
        let home = try CLIHome()
        let portal = try await RestartablePortal.start(home)
        defer { portal.terminate() }
        let terminal = try await Self.newContactQueuedOffline(home, portal, name: "Never Sent")
        try await terminal.press("Enter", "C-u")
        try await terminal.typeOffPool("Never Sent Either")
        try await terminal.press("Enter")
        try await terminal.screen("edited again") { $0.contains("Never Sent Either") && $0.contains("modified") }
        try await terminal.press("Escape")
        let prompt = try await terminal.screen("the prompt", timeout: 60) { $0.contains("Discarding takes it back out of the queue") }
        #expect(prompt.contains("queued for sync, not on the portal yet"), "\(prompt)")
        try await terminal.press("d")
        try await terminal.screen(containing: "[exit ", timeout: 120)

        let pending = try await home.jsonOffPool(["pending"] + portal.server, environment: Self.password)
        #expect(pending.arrayValue?.isEmpty == true, "nothing left in the queue: \(pending)")
        try await portal.restart()
        let synced = try await home.jsonOffPool(["sync"] + portal.server, environment: Self.password)
        #expect(synced["synced"]?.intValue == 0, "\(synced)")
        let records = try await portal.readBack.records(recordSetId: 40003)
        #expect(records.count == 3 && !records.contains { $0.values["Name"]?.hasPrefix("Never Sent") == true }, "\(records)")
    }

    /// Flow 3, in flight: the portal's port accepts connections and never answers, so the save is
    /// still being sent when the user leaves; the prompt says so, and discard, getting no answer,
    /// says the record is being taken back: a `withdraw-add` tombstone waits, and the sync after
    /// the portal is back finds no such record and drops it; the portal never has the record.
    /// (A slow portal that did create it: `WithdrawInFlightTmuxTests`.)
    @Test func discardDuringASubmitInFlightTakesItBack() async throws {
        let home = try CLIHome()
        let portal = try await RestartablePortal.start(home)
        defer { portal.terminate() }
        // The form opens online; then the portal goes and its port accepts and never answers.
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "form", "--record-set-id", "40003"] + portal.server + home.options, columns: 100,
            rows: 30, environment: Self.environment)
        try await terminal.screen("the form online", timeout: 120) { $0.contains("New record") && $0.contains("· online") }
        try await portal.stop()
        let port = try #require(URL(string: portal.address)?.port.flatMap { UInt16(exactly: $0) })
        let silent = try SilentListener(port: port, dropNewConnections: false)
        var silentOpen = true
        defer { if silentOpen { silent.close() } }

        try await terminal.press("Enter", "C-u")
        try await terminal.typeOffPool("In Flight")
        try await terminal.press("Enter")
        try await terminal.screen(containing: "In Flight")
        try await terminal.press("C-s")
        try await terminal.screen(containing: "Submitting")
        try await terminal.press("Escape")
        let prompt = try await terminal.screen("the prompt", timeout: 60) { $0.contains("being sent right now") }
        #expect(prompt.contains("from the portal too if it got there"), "\(prompt)")
        try await terminal.press("d")
        let left = try await terminal.screen(containing: "[exit ", timeout: 120)
        #expect(left.contains("Being taken back from the portal"), "the form says what happened: \(left)")

        let pending = try await home.jsonOffPool(["pending"] + portal.server, environment: Self.password)
        #expect(pending.arrayValue?.map { $0["operation"] } == ["withdraw-add"], "only the tombstone waits: \(pending)")
        let text = try await home.runOffPool(["pending", "--format", "text"] + portal.server, environment: Self.password)
        #expect(text.stdout.contains("withdraw add (record may have been created by a request already sent)"), "\(text.stdout)")
        silent.close()
        silentOpen = false
        try await portal.restart()
        let synced = try await home.jsonOffPool(["sync"] + portal.server, environment: Self.password)
        #expect(synced["pending"]?.intValue == 0 && synced["failed"]?.intValue == 0, "\(synced)")
        let records = try await portal.readBack.records(recordSetId: 40003)
        #expect(records.count == 3 && !records.contains { $0.values["Name"] == "In Flight" }, "\(records)")
    }

    /// Flow 7: a record edited offline shows its queued values in the list screen (marked) and in
    /// `list --format json` / `text`; after sync the portal holds them.
    @Test func aDirtyRowShowsTheQueuedValues() async throws {
        let home = try CLIHome()
        let portal = try await RestartablePortal.start(home)
        defer { portal.terminate() }
        let terminal = try await BrowserScreenTests.contactsList(home, server: portal.server)
        try await terminal.screen("the contacts online", timeout: 120) { Self.cursorLine($0)?.contains("43001") == true }
        try await terminal.press("Enter")
        try await terminal.screen("the record online", timeout: 60) { $0.contains("Record 43001") && $0.contains("Ada Lovelace") }
        try await portal.stop()
        try await terminal.press("Enter", "C-u")
        try await terminal.typeOffPool("Ada King")
        try await terminal.press("Enter")
        try await terminal.screen(containing: "Ada King")
        try await terminal.press("C-s")
        try await terminal.screen("the update queued", timeout: 120) { $0.contains("Queued for sync") }
        try await terminal.press("Escape")
        let list = try await terminal.screen("the list with the queued values", timeout: 180) {
            $0.contains(" of 3") && Self.cursorLine($0)?.contains("Ada King") == true
        }
        #expect(Self.cursorLine(list)?.contains("*43001") == true, "the dirty marker: \(list)")
        #expect(!list.contains("Ada Lovelace"), "\(list)")

        let json = try await home.jsonOffPool(
            ["list", "--record-set-id", "40003", "--offline-policy", "remote-first"] + portal.server, environment: Self.password)
        let row = json["records"]?.arrayValue?.first { $0["recordId"]?.int64Value == 43001 }
        #expect(row?["values"]?["Name"] == "Ada King" && row?["pending"] == "dirty", "\(json)")
        let text = try await home.runOffPool(
            ["list", "--record-set-id", "40003", "--offline-policy", "remote-first", "--format", "text"] + portal.server,
            environment: Self.password)
        #expect(text.stdout.contains("43001*") && text.stdout.contains("Ada King"), "\(text.stdout)")

        try await portal.restart()
        let records = try await Self.syncAndReadBack(home, portal) { $0.contains { $0.values["Name"] == "Ada King" } }
        #expect(records.count == 3 && records.first { $0.recordId == 43001 }?.values["Name"] == "Ada King", "\(records)")
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ", timeout: 60).contains("[exit 0]"))
    }

    /// Flow 9: a record of another record set is `not-found` naming both ids, before any form is
    /// shown: on the command line (print, submit, plain mode) and on the form screen; the portal
    /// keeps both record sets as they were.
    @Test func aRecordOfAnotherSetIsNotFoundBeforeAnyFormIsShown() async throws {
        let home = try CLIHome()
        let portal = try await RestartablePortal.start(home)
        defer { portal.terminate() }
        let before = try await portal.readBack.records(recordSetId: 40001)
        let expected = "error: not-found: record 41001 is not in record set 40003\n"
        for extra in [["--format", "json"], ["--set", "Name=Mallory", "--submit", "--offline-policy", "remote-first"], ["--plain"]] {
            let result = try await home.runOffPool(
                ["form", "--record-set-id", "40003", "--record-id", "41001"] + extra + portal.server, environment: Self.password)
            #expect(result.status == 1 && result.stderr == expected, "\(extra): \(result.stderr)")
            #expect(!result.stdout.contains("Name"), "no form printed: \(result.stdout)")
        }
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "form", "--record-set-id", "40003", "--record-id", "41001"] + portal.server + home.options,
            columns: 100, rows: 30, environment: Self.environment)
        let screen = try await terminal.screen("the refusal", timeout: 120) { $0.contains("record 41001 is not in record set 40003") }
        #expect(!screen.contains("Name") && !screen.contains("Submit"), "no form shown: \(screen)")
        try await terminal.press("C-s")
        try await terminal.screen(containing: "the form is not loaded")
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ", timeout: 60).contains("[exit 0]"))
        #expect(try await portal.readBack.records(recordSetId: 40001) == before)
        #expect(try await portal.readBack.records(recordSetId: 40003).count == 3)
    }

    // MARK: - Helpers

    /// Reads the contacts form once online with remote-first, so it is in the cache for later.
    /// The contacts form cached online, the portal stopped, then `termlets form` in tmux with a new
    /// contact named `name` saved: the add is queued (the form's screen, still open, is returned).
    static func newContactQueuedOffline(_ home: CLIHome, _ portal: RestartablePortal, name: String) async throws -> TmuxSession {
        try await cacheContactsForm(home, portal)
        try await portal.stop()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "form", "--record-set-id", "40003"] + portal.server + home.options, columns: 100,
            rows: 30, environment: environment)
        try await terminal.screen("the cached form", timeout: 180) { $0.contains("New record") && $0.contains("Name") }
        try await terminal.press("Enter", "C-u")
        try await terminal.typeOffPool(name)
        try await terminal.press("Enter")
        try await terminal.screen(containing: name)
        try await terminal.press("C-s")
        try await terminal.screen("the add queued", timeout: 120) { $0.contains("Queued for sync") && $0.contains("1 pending") }
        return terminal
    }

    static func cacheContactsForm(_ home: CLIHome, _ portal: RestartablePortal) async throws {
        let read = try await home.runOffPool(
            ["form", "--record-set-id", "40003", "--offline-policy", "remote-first", "--format", "json"] + portal.server,
            environment: password)
        #expect(read.status == 0, "\(read.stderr)")
    }

    /// Runs `termlets sync` (automatic sync of an open screen may send the queue too), then waits
    /// until the portal, read back independently, satisfies `done`; returns the record set 40003.
    static func syncAndReadBack(
        _ home: CLIHome, _ portal: RestartablePortal, until done: @escaping @Sendable ([PortalRecordReading]) -> Bool
    ) async throws -> [PortalRecordReading] {
        _ = try await home.runOffPool(["sync"] + portal.server, environment: password)
        return try await waitFor("the portal to hold the synced write", timeout: 120, every: 0.5) {
            let records = try await portal.readBack.records(recordSetId: 40003)
            return done(records) ? records : nil
        }
    }
}
