import DDM
import Foundation
import Testing
import TermletsTestSupport

/// `termlets form --offline-policy cache-first` on a form already in the cache draws it before any
/// round trip to the portal: the login runs behind the screen, and the screen's writes still reach
/// the portal (issue 17, "the cached form must not wait for the login").
@Suite("Cached form opens before the login")
struct CachedFormFirstFrameTests {
    /// Every JSON-WS answer (the probe, the version, the login, the site) takes this long: a
    /// login in front of the screen costs five of them, well over ``firstFrameBound``.
    static let latencyMs = 3500
    /// The cached form is on screen within this, counted from the start of the process.
    static let firstFrameBound: TimeInterval = 8

    /// A portal whose contacts form (record set 40003) is in `home`'s cache, read there once from it.
    static func portalWithCachedForm(_ home: CLIHome) async throws -> TestPortal {
        let portal = try await TestPortal.start(home)
        let filled = try await home.runOffPool(
            ["form", "--record-set-id", "40003", "--offline-policy", "remote-first", "--format", "json"] + portal.server(),
            environment: BrowserScreenTests.password)
        #expect(filled.status == 0, "\(filled.stderr)")
        return portal
    }

    @Test func theCachedFormIsDrawnWithoutWaitingForASlowPortalAndItsSubmitReachesThePortal() async throws {
        let home = try CLIHome()
        let portal = try await Self.portalWithCachedForm(home)
        defer { portal.stop() }
        let server = portal.server()

        try await portal.setFaults(["latencyMs": .int(Int64(Self.latencyMs)), "pathPrefix": "/api/jsonws"])
        let started = Date()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "form", "--record-set-id", "40003", "--offline-policy", "cache-first"] + server
                + home.options, columns: 100, rows: 30,
            environment: ["NO_COLOR": ""].merging(BrowserScreenTests.password) { $1 })
        let first = try await terminal.screen("the cached contacts form", timeout: 60) {
            $0.contains("? help") && $0.contains("Name")
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < Self.firstFrameBound, "the cached form took \(seconds) s to show:\n\(first)")
        #expect(first.contains("· online"), "\(first)")

        // The login behind the screen completes; a submit then goes to the portal's site.
        try await portal.clearFaults()
        try await terminal.press("Enter", "C-u")
        try await terminal.typeOffPool("Ada Lovelace")
        try await terminal.press("Enter")
        try await terminal.screen(containing: "Ada Lovelace")
        try await terminal.press("C-s")
        try await terminal.screen(containing: "submitted (approved)", timeout: 60)
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ").contains("[exit 0]"))
        let names = try await portal.records(40003).compactMap { $0["values"]?["Name"]?.stringValue }
        #expect(names.contains("Ada Lovelace"), "\(names)")
    }

    /// The login behind waits for the form to be drawn (it would compete with the first frame for
    /// the CPU), then goes out by itself: the version, the login and the site reach the portal with
    /// no key pressed, and the run stays online.
    @Test func theLoginBehindFollowsTheCachedFormWithoutAKey() async throws {
        let home = try CLIHome()
        let portal = try await Self.portalWithCachedForm(home)
        defer { portal.stop() }
        let server = portal.server()
        let before = try await portal.requests().count

        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "form", "--record-set-id", "40003", "--offline-policy", "cache-first"] + server
                + home.options, columns: 100, rows: 30,
            environment: ["NO_COLOR": ""].merging(BrowserScreenTests.password) { $1 })
        try await terminal.screen("the cached contacts form", timeout: 60) { $0.contains("? help") && $0.contains("Name") }
        // The login, then the site after it: a sites call of the run that filled the cache can
        // reach the journal after `before` was counted, and must not pass for this run's.
        let services = try await waitFor("the login behind the form on the portal", timeout: 30, every: 0.1) { () -> [String]? in
            let run = try await portal.requests().dropFirst(before).flatMap { $0["services"]?.arrayValue ?? [] }.compactMap(\.stringValue)
            guard let login = run.firstIndex(where: { $0.hasSuffix("/user/get-user-by-email-address") }) else { return nil }
            return run[login...].contains { $0.hasSuffix("/group/get-user-sites-groups") } ? run : nil
        }
        #expect(services.contains { $0.hasSuffix("/user/get-user-by-email-address") }, "\(services)")
        try await terminal.press("q")
        let last = try await terminal.screen(containing: "[exit ")
        #expect(last.contains("[exit 0]"), "\(last)")
    }
}
