import DDM
import Foundation
import Testing
import TermletsTestSupport

/// The real binary against a portal whose answers trickle in at 1 byte per second: every request
/// ends at its total deadline (60 s) with one `error: network: …` line, instead of never.
@Suite("the binary against a slow-drip portal")
struct SlowDripTests {
    @Test(.timeLimit(.minutes(3)))
    func aSlowDripAnswerFailsAtTheDeadline() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        try await portal.setFaults(["dripBytesPerSecond": 1, "pathPrefix": "/api/jsonws"])
        let started = Date()
        let run = try await home.run(
            ["list", "--record-set-id", "40001", "--offline-policy", "remote-only", "--format", "json"] + portal.server(),
            environment: ["TERMLETS_PASSWORD": "test"])
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 1)
        #expect(run.stderr == "error: network: the portal did not answer completely within 60 s\n", "\(run.stderr)")
        // One request (the login) under the 60 s deadline; before the fix it never ended.
        #expect(seconds > 58 && seconds < 90, "took \(seconds) s")
    }
}
