import DDM
import Foundation
import Testing
import TermletsTestSupport

/// Issue 11, point 3: "Discard your changes and quit?" → discard, while the add is in flight to a
/// live, slow portal, must not leave the record on the portal. The real binary in tmux against
/// `termlets portal` whose answers trickle (`dripBytesPerSecond`: the call runs at once, its answer
/// comes slowly), so the portal has created the record before the user discards; the portal is
/// read back with ``PortalReadBack``, never through Termlets.
@Suite("Discard of an add in flight in tmux")
struct WithdrawInFlightTmuxTests {
    static let environment = FormIdentityTmuxTests.environment
    static let password = FormIdentityTmuxTests.password

    @Test func discardWhileTheAddIsInFlightLeavesNoRecordOnThePortal() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let readBack = PortalReadBack(server: portal.url)
        let before = try await readBack.records(recordSetId: 40003)
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "form", "--record-set-id", "40003"] + portal.server() + home.options, columns: 100,
            rows: 30, environment: Self.environment)
        try await terminal.screen("the form online", timeout: 120) { $0.contains("New record") && $0.contains("· online") }
        try await terminal.press("Enter", "C-u")
        try await terminal.typeOffPool("Discarded In Flight")
        try await terminal.press("Enter")
        try await terminal.screen(containing: "Discarded In Flight")

        // From now on every answer trickles: the add runs on the portal at once, its answer is slow
        // (20 bytes a second: the add's answer takes well over 10 s, so that the discard below
        // comes while it is in flight even on a saturated machine; at 150 the answer was once
        // complete, and the form closed as saved, before Esc arrived).
        try await portal.setFaults(["dripBytesPerSecond": 20])
        try await terminal.press("C-s")
        try await terminal.screen(containing: "Submitting")
        _ = try await waitFor("the portal to have run the add", timeout: 60, every: 0.2) {
            let ran = try await portal.requests().contains { request in
                request["services"]?.arrayValue?.contains { $0.stringValue?.hasSuffix("add-record") == true } == true
            }
            return ran ? true : nil
        }
        try await terminal.press("Escape")
        let prompt = try await terminal.screen("the prompt", timeout: 60) { $0.contains("being sent right now") }
        #expect(prompt.contains("from the portal too if it got there"), "\(prompt)")
        try await terminal.press("d")
        // The form either took the record back at once (the answer named it) or says it is being
        // taken back and leaves it to sync.
        let left = try await terminal.screen(containing: "[exit ", timeout: 120)
        #expect(
            left.contains("it was deleted again") || left.contains("Being taken back from the portal"),
            "the form says what happened: \(left)")
        try await portal.clearFaults()
        let pending = try await home.jsonOffPool(["pending"] + portal.server(), environment: Self.password)
        let entries = pending.arrayValue ?? []
        #expect(entries.allSatisfy { $0["operation"] == "withdraw-add" }, "only the tombstone may wait: \(pending)")
        if left.contains("it was deleted again") { #expect(entries.isEmpty, "taken back by the form: \(pending)") }
        let synced = try await home.jsonOffPool(["sync"] + portal.server(), environment: Self.password)
        #expect(synced["pending"]?.intValue == 0 && synced["failed"]?.intValue == 0, "\(synced)")
        let again = try await home.jsonOffPool(["sync"] + portal.server(), environment: Self.password)
        #expect(again["synced"]?.intValue == 0, "resolved exactly once: \(again)")

        let records = try await readBack.records(recordSetId: 40003)
        #expect(!records.contains { $0.values["Name"] == "Discarded In Flight" }, "the discarded record is on the portal: \(records)")
        #expect(records.map(\.recordId) == before.map(\.recordId), "\(records)")
    }
}
