import DDM
import Foundation
import Testing
import TermletsTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The real binary against `termlets portal` while the portal misbehaves: two processes on one
/// cache, queued writes' workflow status, untrusted certificates, … (each kind of fault against
/// every command: ``FaultKindTests``).
@Suite("faults: the portal misbehaves", .serialized)
struct FaultsTests {
    static let env = ["TERMLETS_PASSWORD": "test"]
    static let faults: [(name: String, settings: JSONValue)] = [
        ("latency spike", ["latencyMs": 2_500, "jitterMs": 1_000, "seed": 3]),
        ("errors", ["failureRate": 0.5, "seed": 5]),
        ("dropped answers", ["dropRate": 0.5, "seed": 7]),
        ("half-written answers", ["truncateRate": 0.5, "seed": 11]),
        ("offline", ["offline": true]),
    ]
    /// The kinds a fault may surface as.
    static let faultKinds = ["error: network: ", "error: server: "]

    /// Whether `result` is a clean outcome: success, or exactly one `error: <kind>: ` line.
    static func isClear(_ result: ProcessResult) -> Bool {
        if result.status == 0 { return true }
        let lines = result.stderr.split(separator: "\n").filter { !$0.isEmpty }
        return result.status == 1 && lines.count == 1 && faultKinds.contains { lines[0].hasPrefix($0) }
    }

    /// Two `termlets` processes on the same cache folder at once, both queueing and both syncing:
    /// no corruption, no write lost, none duplicated.
    @Test(.timeLimit(.minutes(10)))
    func twoProcessesOnOneCacheLoseAndDuplicateNothing() async throws {
        let home = try CLIHome()
        let portal = try await Self.offlinePortalWithTheFormCached(home)
        defer { portal.stop() }
        let server = portal.server()
        let perProcess = 6
        async let first = Self.queue(home, server: server, prefix: "twin A", count: perProcess)
        async let second = Self.queue(home, server: server, prefix: "twin B", count: perProcess)
        let results = try await first + second
        #expect(results.allSatisfy { $0 == "queued" }, "\(results)")
        try await portal.clearFaults()
        async let syncA = home.run(["sync", "--format", "json"] + server, environment: Self.env)
        async let syncB = home.run(["sync", "--format", "json"] + server, environment: Self.env)
        let (a, b) = try await (syncA, syncB)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        let finalSync = try await home.run(["sync", "--format", "json"] + server, environment: Self.env)
        #expect(finalSync.status == 0, "\(finalSync.stderr)")
        let counts = try await portal.valueCounts(40001, field: "Title")
        for prefix in ["twin A", "twin B"] {
            for index in 0..<perProcess {
                #expect(counts["\(prefix) \(index)"] == 1, "\(prefix) \(index): \(counts["\(prefix) \(index)"] ?? 0)")
            }
        }
    }

    /// Issue 12, item 15: a write queued while the portal is offline printed `"workflowStatus": null`;
    /// it says the status the record will have: `draft` with `--draft`, else `approved`.
    @Test(.timeLimit(.minutes(5)))
    func aQueuedWriteShowsTheWorkflowStatusItWillHave() async throws {
        let home = try CLIHome()
        let portal = try await Self.offlinePortalWithTheFormCached(home)
        defer { portal.stop() }
        let server = portal.server()
        let cases: [(flags: [String], expected: String)] = [([], "approved"), (["--draft"], "draft")]
        for (flags, expected) in cases {
            let result = try await home.run(
                ["form", "--record-set-id", "40001", "--set", "Title=queued \(expected)", "--submit", "--offline-policy", "cache-first",
                 "--format", "json"] + flags + server, environment: Self.env)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONValue.parse(result.stdout)
            #expect(json["status"] == "queued", "\(result.stdout)")
            #expect(json["workflowStatus"]?.stringValue == expected, "\(result.stdout)")
        }
    }

    /// Issue 12, item 7: a certificate the client does not trust took 15–30 s (the connection
    /// retried until the connect timeout) and printed a raw `handshakeFailed(NIOSSL…)`. Now it fails
    /// at once, in words, and is not taken for an offline portal; `SSL_CERT_FILE`/`SSL_CERT_DIR`
    /// trust a private CA and `--insecure` accepts any certificate. Real TLS servers on loopback
    /// (`openssl s_server`, certificates made at test time).
    @Test(.timeLimit(.minutes(5)))
    func anUntrustedCertificateFailsAtOnceInWords() async throws {
        let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
        try #require(FileManager.default.isExecutableFile(atPath: openssl.path), "openssl is needed to make test certificates")
        let home = try CLIHome()
        let folder = home.directory.path("tls")
        let hashed = folder.appendingPathComponent("hashed")
        try FileManager.default.createDirectory(at: hashed, withIntermediateDirectories: true)
        func certificate(_ name: String, subjectAltName: String) async throws {
            let made = try await ProcessRunner.run(openssl, [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=termlets-test",
                "-keyout", folder.path + "/\(name).key", "-out", folder.path + "/\(name).pem", "-addext", "subjectAltName=\(subjectAltName)",
            ])
            #expect(made.status == 0, "\(made.stderr)")
        }
        try await certificate("loopback", subjectAltName: "IP:127.0.0.1")
        try await certificate("elsewhere", subjectAltName: "DNS:portal.test")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("loopback.pem"), to: hashed.appendingPathComponent("loopback.pem"))
        #expect(try await ProcessRunner.run(openssl, ["rehash", hashed.path]).status == 0)

        func serve(_ name: String) async throws -> (SpawnedProcess, String) {
            let port = try Self.freePort()
            let server = try SpawnedProcess(openssl, [
                "s_server", "-quiet", "-www", "-accept", "127.0.0.1:\(port)",
                "-key", folder.path + "/\(name).key", "-cert", folder.path + "/\(name).pem",
            ])
            _ = try await waitFor("openssl s_server on \(port)", timeout: 30) { Self.accepts(port) ? true : nil }
            return (server, "https://127.0.0.1:\(port)")
        }
        let (loopback, loopbackURL) = try await serve("loopback")
        let (elsewhere, elsewhereURL) = try await serve("elsewhere")
        defer {
            loopback.terminate(grace: 2)
            elsewhere.terminate(grace: 2)
        }
        let untrusted = "error: network: the portal's TLS certificate is not trusted (self-signed); "
            + "use a trusted certificate, SSL_CERT_FILE for a private CA, or --insecure\n"
        func run(_ arguments: [String], _ url: String, _ environment: [String: String] = [:]) async throws -> (ProcessResult, TimeInterval) {
            let started = Date()
            let result = try await home.run(
                arguments + ["--server", url, "--user", "test@liferay.com"], environment: environment.merging(Self.env) { $1 })
            return (result, Date().timeIntervalSince(started))
        }

        // Not trusted: at once, in words, for login and for a command that could answer offline.
        for arguments in [["login"], ["list", "--record-set-id", "40001", "--format", "json"]] {
            let (result, seconds) = try await run(arguments, loopbackURL)
            #expect(result.status == 1)
            #expect(result.stderr == untrusted, "\(arguments): \(result.stderr)")
            #expect(seconds < 8, "\(arguments) took \(seconds) s")
        }
        let (wrongHost, _) = try await run(["login"], elsewhereURL, ["SSL_CERT_FILE": folder.path + "/elsewhere.pem"])
        #expect(wrongHost.stderr.hasPrefix("error: network: the portal's TLS certificate is not trusted ("), "\(wrongHost.stderr)")
        #expect(wrongHost.stderr.contains("wrong host name: issued for portal.test"), "\(wrongHost.stderr)")
        let (missing, _) = try await run(["login"], loopbackURL, ["SSL_CERT_FILE": folder.path + "/none.pem"])
        #expect(missing.stderr.hasPrefix("error: input: ") && missing.stderr.contains("SSL_CERT_FILE"), "\(missing.stderr)")

        // Trusted through SSL_CERT_FILE, SSL_CERT_DIR or --insecure: the handshake succeeds, and what
        // follows is openssl's non-portal answer (no TLS failure; the list finds nothing cached).
        let accepted: [([String], [String: String])] = [
            ([], ["SSL_CERT_FILE": folder.path + "/loopback.pem"]), ([], ["SSL_CERT_DIR": hashed.path]), (["--insecure"], [:]),
        ]
        for (extra, environment) in accepted {
            let (result, _) = try await run(["list", "--record-set-id", "40001", "--format", "json"] + extra, loopbackURL, environment)
            #expect(result.status == 1)
            #expect(!result.stderr.contains("TLS"), "\(extra) \(environment): \(result.stderr)")
            #expect(!result.stderr.contains("NIOSSL") && !result.stderr.contains("handshake"), "\(result.stderr)")
        }
    }

    /// A loopback port nothing listens on now.
    static func freePort() throws -> UInt16 {
        let listener = try EchoingPortal { _, _ in (204, "") }
        defer { listener.stop() }
        return listener.port
    }

    /// Whether a TCP connection to the loopback port succeeds.
    static func accepts(_ port: UInt16) -> Bool {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        var address = SilentListener.loopback(port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// A portal of the test's own whose form 40001 was read once (so it is cached), then set offline.
    static func offlinePortalWithTheFormCached(_ home: CLIHome) async throws -> TestPortal {
        let portal = try await TestPortal.start(home)
        do {
            let read = try await home.run(
                ["form", "--record-set-id", "40001", "--offline-policy", "remote-first", "--format", "json"] + portal.server(),
                environment: env)
            #expect(read.status == 0, "\(read.stderr)")
            try await portal.setFaults(["offline": true])
            return portal
        } catch {
            portal.stop()
            throw error
        }
    }

    static func queue(_ home: CLIHome, server: [String], prefix: String, count: Int) async throws -> [String] {
        var outcomes: [String] = []
        for index in 0..<count {
            let result = try await home.run(
                ["form", "--record-set-id", "40001", "--set", "Title=\(prefix) \(index)", "--submit", "--offline-policy", "cache-first",
                 "--format", "json"] + server, environment: env)
            outcomes.append(result.status == 0 ? (try JSONValue.parse(result.stdout)["status"]?.stringValue ?? "?") : "error: \(result.stderr)")
        }
        return outcomes
    }
}
