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

/// A loopback TCP port that never answers: it listens and never accepts. Connections complete in
/// the kernel and then hear nothing; with `dropNewConnections`, the accept queue (backlog 0) is
/// filled by one connection of our own first, so the kernel drops every later SYN and a client's
/// connect attempt times out.
final class SilentListener: @unchecked Sendable {
    private let listener: Int32
    private var filler: Int32 = -1

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(port: UInt16, dropNewConnections: Bool) throws {
        // Close-on-exec: a child spawned meanwhile (a tmux server) must not keep the port bound after close().
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw Failure(description: "socket: \(errno)") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, dropNewConnections ? 0 : 64) == 0 else {
            Glibc.close(listener)
            throw Failure(description: "bind/listen on \(port): \(errno)")
        }
        if dropNewConnections {
            filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw Failure(description: "filling the backlog: \(errno)") }
        }
    }

    static func loopback(_ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    func close() {
        if filler >= 0 { Glibc.close(filler) }
        Glibc.close(listener)
    }
}
