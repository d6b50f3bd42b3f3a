import DDM
import Foundation
import Testing
import TermletsTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Commands that may answer from the offline cache give up on a dead portal within a couple of
/// seconds (a short reachability probe), instead of waiting for the 15 s connect timeout.
@Suite("termlets against a dead portal: quick offline answers", .serialized)
struct DeadServerTimingTests {
    static let password = ["TERMLETS_PASSWORD": "test"]
    /// Process start, the probe (≤ 4.5 s when a port accepts and never answers, about 1.5 s when
    /// it refuses or drops) and a few attempts that give up in half a second, on a loaded 2-core
    /// machine; the 15 s connect timeout alone would exceed it.
    static let bound: TimeInterval = 9

    /// Fills the cache of `http://127.0.0.1:PORT` from a real emulator on that port, then stops it.
    static func cachedHome() async throws -> (home: CLIHome, port: UInt16, server: [String]) {
        let home = try CLIHome()
        let portal = try SpawnedProcess.demoPortal(data: home.directory.path("portal"))
        let line = try await portal.firstLine(timeout: 120)
        let url = String(line.dropFirst("listening on ".count))
        let port = try #require(UInt16(url.split(separator: ":").last ?? ""))
        let server = ["--server", url, "--user", "test@liferay.com"]
        for arguments in [["list", "--record-set-id", "40001", "--label-fields", "Title"], ["form", "--record-set-id", "40001"]] {
            let read = try await home.runOffPool(arguments + ["--offline-policy", "remote-first", "--format", "json"] + server, environment: password)
            #expect(read.status == 0, "\(read.stderr)")
        }
        portal.signal(SIGTERM)
        #expect(try await offPool { portal.wait(timeout: 30) } != nil, "the portal stopped")
        return (home, port, server)
    }

    /// Times the offline answers of `list` and `form --submit` against whatever is on the port now.
    static func expectQuickOfflineAnswers(_ home: CLIHome, server: [String], what: String) async throws {
        var started = Date()
        let list = try await home.runOffPool(
            ["list", "--record-set-id", "40001", "--label-fields", "Title", "--offline-policy", "cache-first", "--format", "json"] + server,
            environment: password)
        let listSeconds = Date().timeIntervalSince(started)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(listSeconds < bound, "\(what): list --offline-policy cache-first took \(listSeconds) s")

        started = Date()
        let form = try await home.runOffPool(
            ["form", "--record-set-id", "40001", "--set", "Title=offline", "--submit", "--offline-policy", "remote-first", "--format", "json"]
                + server, environment: password)
        let formSeconds = Date().timeIntervalSince(started)
        #expect(form.status == 0, "\(form.stderr)")
        #expect((try? JSONValue.parse(form.stdout))?["status"] == "queued", "\(form.stdout)")
        #expect(formSeconds < bound, "\(what): form --submit --offline-policy remote-first took \(formSeconds) s")
    }

    /// Commands that need the portal itself (`--offline-policy remote-only`, `sync`) fail with
    /// `error: network: …` within `bound` seconds, and `sync` keeps the queued write.
    static func expectQuickNetworkFailures(_ home: CLIHome, server: [String], what: String, bound: TimeInterval) async throws {
        let queued = try await home.runOffPool(
            ["form", "--record-set-id", "40001", "--set", "Title=kept", "--submit", "--offline-policy", "cache-only", "--format", "json"]
                + server, environment: password)
        #expect(queued.status == 0, "\(queued.stderr)")
        let commands: [[String]] = [
            ["list", "--record-set-id", "40001", "--label-fields", "Title", "--offline-policy", "remote-only", "--format", "json"],
            ["form", "--record-set-id", "40001", "--set", "Title=now", "--submit", "--offline-policy", "remote-only", "--format", "json"],
            ["sync"],
        ]
        for arguments in commands {
            let started = Date()
            let run = try await home.runOffPool(arguments + server, environment: password)
            let seconds = Date().timeIntervalSince(started)
            #expect(run.status == 1, "\(what): \(arguments[0]) exit \(run.status)")
            #expect(run.stderr.hasPrefix("error: network: "), "\(what): \(arguments[0]): \(run.stderr)")
            #expect(seconds < bound, "\(what): \(arguments.joined(separator: " ")) took \(seconds) s")
        }
        let pending = try await home.runOffPool(["pending", "--format", "json"] + server, environment: password)
        #expect(pending.stdout.contains("kept"), "\(what): the queued write is still queued: \(pending.stdout) \(pending.stderr)")
    }

    @Test func aRefusedPortFailsRemoteOnlyCommandsAtOnce() async throws {
        let (home, port, server) = try await Self.cachedHome()
        // Hold the port, refusing, so that no other test's server takes it meanwhile.
        let refusing = try RefusingPort(port: port)
        defer { refusing.close() }
        // Process start and one refused connect; AsyncHTTPClient's connect retries took 15-30 s.
        try await Self.expectQuickNetworkFailures(home, server: server, what: "refused", bound: 4)
    }

    @Test func aBlackholedPortFailsRemoteOnlyCommandsWithinTheConnectTimeout() async throws {
        let (home, port, server) = try await Self.cachedHome()
        let blackhole = try SilentListener(port: port, dropNewConnections: true)
        defer { blackhole.close() }
        // Process start and one 3 s connect timeout (version detection stops at the first).
        try await Self.expectQuickNetworkFailures(home, server: server, what: "blackholed", bound: 7)
    }

    @Test func aRefusedPortAnswersFromTheCacheAtOnce() async throws {
        let (home, _, server) = try await Self.cachedHome()
        try await Self.expectQuickOfflineAnswers(home, server: server, what: "refused")
    }

    @Test func aPortThatAcceptsAndNeverAnswersAnswersFromTheCacheQuickly() async throws {
        let (home, port, server) = try await Self.cachedHome()
        let silent = try SilentListener(port: port, dropNewConnections: false)
        defer { silent.close() }
        try await Self.expectQuickOfflineAnswers(home, server: server, what: "silent")
    }

    @Test func aPortThatDropsConnectionAttemptsAnswersFromTheCacheQuickly() async throws {
        let (home, port, server) = try await Self.cachedHome()
        let blackhole = try SilentListener(port: port, dropNewConnections: true)
        defer { blackhole.close() }
        try await Self.expectQuickOfflineAnswers(home, server: server, what: "blackholed")
    }
}
