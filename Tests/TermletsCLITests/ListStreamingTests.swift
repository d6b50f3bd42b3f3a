import DDM
import Foundation
import Testing
import TermletsTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `list --all` prints pages as they arrive, in bounded memory, with the contract's exact output;
/// a portal whose count lies cannot drive it further than the rows it really sends.
@Suite("list --all streams its pages", .serialized)
struct ListStreamingTests {
    static let env = ["TERMLETS_PASSWORD": "test"]
    /// The demo "Issues" record set: 10,000 records, ids 100001…110000.
    static let issues: Int64 = 40002
    static let paging = ["--first-page-size", "1000", "--page-size", "1000"]

    /// A finished run of the binary: exit status, output, and the child's peak resident set.
    struct MeasuredRun {
        var status: Int32
        var stdout: String
        var stderr: String
        var peakRSSKiB: Int
    }

    /// Runs `termlets` with `arguments` (and the home's folders), standard output and error to
    /// files, and reads its peak RSS as `/usr/bin/time` reports it (from `wait4`'s resource
    /// usage). Not read by this process's own `wait4`: a child spawned from this (large) process
    /// shares its memory until `exec`, and Linux keeps that high-water mark as the child's.
    static func measure(_ home: CLIHome, _ arguments: [String]) async throws -> MeasuredRun {
        let out = home.directory.path("stdout-\(UUID().uuidString)").path
        let err = home.directory.path("stderr-\(UUID().uuidString)").path
        let rss = home.directory.path("rss-\(UUID().uuidString)").path
        let argv = ["/usr/bin/time", "-f", "%M", "-o", rss, TermletsBinary.url.path] + arguments + home.options
        var environment = ProcessRunner.cleanEnvironment()
        for (key, value) in env { environment[key] = value }
        let envp = environment.map { "\($0.key)=\($0.value)" }
        // Waited for on a thread of its own, not one of the two cooperative threads.
        return try await offPool {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let cArgs = argv.map { strdup($0) } + [nil]
            let cEnv = envp.map { strdup($0) } + [nil]
            defer { (cArgs + cEnv).forEach { free($0) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
            guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
            let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            let peak = try String(contentsOfFile: rss, encoding: .utf8).split(separator: "\n").last.flatMap { Int($0) }
            return MeasuredRun(
                status: exit, stdout: try String(contentsOfFile: out, encoding: .utf8),
                stderr: try String(contentsOfFile: err, encoding: .utf8), peakRSSKiB: peak ?? Int.max)
        }
    }

    /// The records of a `list --format json` document, checked to be every issue exactly once, in order.
    static func expectAllIssues(_ json: String, rowCount: Int64, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let document = try JSONValue.parse(json)
        let records = try #require(document["records"]?.arrayValue, sourceLocation: sourceLocation)
        #expect(records.count == 10_000, sourceLocation: sourceLocation)
        #expect(records.compactMap { $0["recordId"]?.int64Value } == Array(100_001...110_000), sourceLocation: sourceLocation)
        #expect(records.allSatisfy { $0["values"]?["Title"]?.stringValue?.isEmpty == false }, sourceLocation: sourceLocation)
        #expect(document["rowCount"]?.int64Value == rowCount, sourceLocation: sourceLocation)
        #expect(document["source"] == "portal", sourceLocation: sourceLocation)
        #expect(document.objectValue.map { Set($0.keys) } == ["records", "rowCount", "source", "stale", "storedAt"], sourceLocation: sourceLocation)
    }

    @Test(.timeLimit(.minutes(5)))
    func everyPageIsPrintedInBoundedMemory() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let list = ["list", "--record-set-id", String(Self.issues)] + Self.paging + portal.server()

        let onePage = try await Self.measure(home, list + ["--page", "0", "--format", "json"])
        #expect(onePage.status == 0, "\(onePage.stderr)")
        let all = try await Self.measure(home, list + ["--all", "--format", "json"])
        #expect(all.status == 0, "\(all.stderr)")
        try Self.expectAllIssues(all.stdout, rowCount: 10_000)
        // Ten pages of 1,000 rows held at once cost about 40 MiB more than one (a debug build);
        // streamed, the whole listing costs about what one page does.
        #expect(
            all.peakRSSKiB < onePage.peakRSSKiB + 20 * 1024,
            "--all peaked at \(all.peakRSSKiB / 1024) MiB, one page at \(onePage.peakRSSKiB / 1024) MiB")

        let csv = try await Self.measure(home, list + ["--all", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.components(separatedBy: "\r\n").count == 1 + 10_000 + 1, "a header, every record, the final line end")
        #expect(csv.peakRSSKiB < onePage.peakRSSKiB + 20 * 1024, "CSV --all peaked at \(csv.peakRSSKiB / 1024) MiB, one JSON page at \(onePage.peakRSSKiB / 1024) MiB, JSON --all at \(all.peakRSSKiB / 1024) MiB")

        let text = try await Self.measure(home, list + ["--all", "--format", "text"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasSuffix("10000 of 10000 records in Issues\n"), "\(text.stdout.suffix(200))")
        #expect(text.stdout.split(separator: "\n").count == 1 + 10_000 + 1, "a header, every record, the footer")
    }

    @Test(.timeLimit(.minutes(5)))
    func aLyingCountCannotDriveTheListing() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let list = ["list", "--record-set-id", String(Self.issues)] + Self.paging + portal.server()
        let baseline = try await Self.measure(home, list + ["--page", "0", "--format", "json"])
        try await portal.setFaults(["lyingCount": 1_000_000_000_000, "pathPrefix": "/api/jsonws"])

        let all = try await Self.measure(home, list + ["--all", "--format", "json"])
        #expect(all.status == 0, "\(all.stderr)")
        try Self.expectAllIssues(all.stdout, rowCount: 1_000_000_000_000)
        #expect(all.peakRSSKiB < baseline.peakRSSKiB + 20 * 1024, "--all peaked at \(all.peakRSSKiB / 1024) MiB")
        // Ten full pages and the first short one (empty), nothing more.
        let pageCalls = try await portal.requests().filter { request in
            request["services"]?.arrayValue?.contains { $0.stringValue?.hasSuffix("/get-ddl-records") == true } == true
        }
        #expect(pageCalls.count <= 12, "\(pageCalls.count) page requests for 10,000 rows")
    }

    @Test(.timeLimit(.minutes(5)))
    func aPortalIgnoringPagingWithALyingCountIsStopped() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        try await portal.setFaults(["lyingCount": 1_000_000_000_000, "ignoresPaging": true, "pathPrefix": "/api/jsonws"])
        let list = ["list", "--record-set-id", String(Self.issues), "--all", "--format", "csv"] + Self.paging + portal.server()
        let run = try await home.run(list, environment: Self.env)
        #expect(run.status == 1)
        #expect(
            run.stderr == "error: server: the portal answered page 1 with the rows of page 0 (it ignores paging); stopped after 1000 records\n",
            "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "\r\n").count == 1 + 1_000 + 1, "the first page was printed, once")
        let pageCalls = try await portal.requests().filter { request in
            request["services"]?.arrayValue?.contains { $0.stringValue?.hasSuffix("/get-ddl-records") == true } == true
        }
        #expect(pageCalls.count == 2, "\(pageCalls.count) page requests")
    }
}
