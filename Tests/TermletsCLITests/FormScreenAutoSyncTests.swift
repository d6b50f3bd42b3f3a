import Foundation
import Testing
import TermletsTestSupport

/// `termlets form` on its own screen keeps automatic sync running, as the browser does: a submit
/// queued while the portal is away goes out once it answers, and the screen says so.
@Suite("Form screen automatic sync in tmux")
struct FormScreenAutoSyncTests {
    @Test func aSubmitQueuedOfflineIsSentWhenThePortalIsBack() async throws {
        let home = try CLIHome()
        let (portal, address, server) = try await BrowserScreenTests.contactsOnOwnPortal(home)
        defer {
            portal.terminate()
        }
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "form", "--record-set-id", "40003"] + server + home.options, columns: 100, rows: 30,
            environment: ["NO_COLOR": ""].merging(BrowserScreenTests.password) { $1 })
        try await terminal.screen("the contacts form online", timeout: 120) {
            $0.contains("? help") && $0.contains("Name") && $0.contains("· online")
        }

        try await BrowserScreenTests.setOffline(true, address)
        try await terminal.press("Enter", "C-u")
        try await terminal.typeOffPool("Grace Hopper")
        try await terminal.press("Enter")
        try await terminal.screen(containing: "Grace Hopper")
        try await terminal.press("C-s")
        // Automatic sync wakes as soon as the write is queued, so its report may count the write
        // before the submit's answer says so: the screen settles on one write, queued.
        _ = try await terminal.screen("the submit queued") { $0.contains("1 pending") && $0.contains("Queued for sync") }

        try await BrowserScreenTests.setOffline(false, address)
        let synced = try await terminal.screen("the write sent on its own", timeout: 90) {
            $0.contains("Synced 1 queued write automatically") && !$0.contains("pending")
        }
        #expect(synced.contains("· online"), "\(synced)")
        let pending = try await home.jsonOffPool(["pending"] + server, environment: BrowserScreenTests.password)
        #expect(pending.arrayValue?.isEmpty == true, "\(pending)")
        let list = try await home.jsonOffPool(
            ["list", "--record-set-id", "40003", "--all", "--offline-policy", "remote-only"] + server,
            environment: BrowserScreenTests.password)
        let names = list["records"]?.arrayValue?.compactMap { $0["values"]?["Name"]?.stringValue } ?? []
        #expect(names.contains("Grace Hopper"), "\(names)")
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ").contains("[exit 0]"))
    }
}
