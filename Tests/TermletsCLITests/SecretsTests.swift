import DDM
import Foundation
import Testing
import TermletsTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The password never appears in output, `--events` files, the cache, crash output or the process
/// list; config and cache files are the user's alone. A seeded user with a password no other data
/// contains makes a leak findable by a plain byte search.
@Suite("secrets: the password stays secret")
struct SecretsTests {
    static let password = "Pw-q7Zx93-never-print-me"
    static let user = "secretive@liferay.com"
    static let seed: JSONValue = [
        "users": [[
            "userId": 20777, "screenName": "secretive", "emailAddress": .string(user), "password": .string(password),
            "admin": true,
        ]],
    ]
    static let environment = ["TERMLETS_PASSWORD": password]

    /// The password and the Basic credentials it travels in.
    static var secrets: [String] {
        [password, Data("\(user):\(password)".utf8).base64EncodedString(), Data("secretive:\(password)".utf8).base64EncodedString()]
    }

    static func leaks(in text: String) -> [String] { secrets.filter { text.contains($0) } }

    @Test(.timeLimit(.minutes(5)))
    func noOutputEventsFileOrCacheFileHoldsThePassword() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, seed: Self.seed)
        defer { portal.stop() }
        let server = portal.server(user: Self.user)
        let events = home.directory.path("events")
        try FileManager.default.createDirectory(at: events, withIntermediateDirectories: true)
        var transcript = ""
        func run(_ arguments: [String], password: String = SecretsTests.password) async throws -> ProcessResult {
            let result = try await home.run(arguments + server, environment: ["TERMLETS_PASSWORD": password])
            transcript += result.stdout + result.stderr
            return result
        }

        let login = try await run(["login", "--save-password", "--format", "json"])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(try await run(["list", "--record-set-id", "40001", "--events", events.path + "/list.jsonl", "--format", "json"]).status == 0)
        let submit = try await run([
            "form", "--record-set-id", "40001", "--set", "Title=secret test", "--submit", "--events", events.path + "/form.jsonl",
            "--offline-policy", "remote-first", "--format", "json",
        ])
        #expect(submit.status == 0, "\(submit.stderr)")
        // Offline: the write is queued (values and all, never the credentials), then synced.
        try await portal.setFaults(["offline": true])
        let queued = try await run([
            "form", "--record-set-id", "40001", "--set", "Title=queued secretly", "--submit", "--offline-policy", "cache-first",
            "--format", "json",
        ])
        #expect(queued.status == 0, "\(queued.stderr)")
        #expect(try await run(["sync", "--format", "json"]).status == 1)
        try await portal.clearFaults()
        #expect(try await run(["pending", "--format", "json"]).status == 0)
        #expect(try await run(["sync", "--format", "json"]).status == 0)
        // A wrong password is refused without echoing either password.
        let wrong = try await run(["list", "--record-set-id", "40001"], password: Self.password + "-wrong")
        #expect(wrong.stderr.hasPrefix("error: authentication: "))
        #expect(!wrong.stderr.contains(Self.password))

        #expect(Self.leaks(in: transcript).isEmpty, "the password was printed")
        let cacheFiles = home.directory.allFiles().filter { $0.path.contains("/cache/") || $0.path.contains("/events/") }
        #expect(cacheFiles.contains { $0.lastPathComponent.hasSuffix(".sqlite") || $0.lastPathComponent.contains("db") })
        for file in cacheFiles {
            let data = try Data(contentsOf: file)
            for secret in Self.secrets {
                #expect(!bytes(data, contain: secret), "\(file.path) holds the password")
            }
            let mode = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)
            #expect(mode.intValue & 0o077 == 0, "\(file.path) is mode \(String(mode.intValue, radix: 8))")
        }
        // The config file holds the password on purpose (login --save-password), for its owner only.
        let config = home.directory.path("config/config.json")
        let configMode = try FileManager.default.attributesOfItem(atPath: config.path)[.posixPermissions] as? NSNumber
        #expect(configMode?.intValue == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: home.directory.path("config").path)[.posixPermissions] as? NSNumber
        #expect(folderMode?.intValue == 0o700)
        let cacheFolderMode = try FileManager.default.attributesOfItem(atPath: home.directory.path("cache").path)[.posixPermissions] as? NSNumber
        #expect(cacheFolderMode.map { $0.intValue & 0o077 } == 0)
    }

    /// The password comes from the environment (or the prompt or the config file), never from the
    /// command line: there is no option for it, and a running command's argv does not hold it.
    @Test(.timeLimit(.minutes(3)))
    func thePasswordIsNeverInTheProcessList() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, seed: Self.seed, extra: ["--latency-ms", "1500"])
        defer { portal.stop() }

        let option = try await home.run(["list", "--record-set-id", "40001", "--password", Self.password] + portal.server(user: Self.user))
        #expect(option.status != 0, "there is no --password option")

        let running = try SpawnedProcess(
            TermletsBinary.url, ["list", "--record-set-id", "40001", "--format", "json"] + portal.server(user: Self.user) + home.options,
            environment: Self.environment)
        // While it waits for the slow portal, look at what `ps` shows. A process caught while its
        // exec is still being set up shows as `[termlets]`, no arguments readable yet: wait for its
        // command line.
        let seen = try await waitFor("the list command in the process list", timeout: 30) { () -> String? in
            let ps = try await ProcessRunner.run(URL(fileURLWithPath: "/bin/ps"), ["-eo", "pid,args"])
            let line = ps.stdout.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(running.pid) ") }
            return line.map(String.init).flatMap { $0.contains(" list ") ? $0 : nil }
        }
        #expect(seen.contains("--record-set-id"))
        #expect(Self.leaks(in: seen).isEmpty, "ps shows the password: \(seen)")
        let cmdline = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(running.pid)/cmdline"))
        #expect(!bytes(cmdline, contain: Self.password))
        #expect(try await offPool { running.wait(timeout: 60) } == 0)
        #expect(Self.leaks(in: running.standardOutput() + running.standardError()).isEmpty)
    }

    /// A crash in the middle of a request prints a report without the password.
    @Test(.timeLimit(.minutes(5)))
    func crashOutputDoesNotHoldThePassword() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, seed: Self.seed, extra: ["--latency-ms", "3000"])
        defer { portal.stop() }
        let running = try SpawnedProcess(
            TermletsBinary.url, ["list", "--record-set-id", "40001", "--format", "json"] + portal.server(user: Self.user) + home.options,
            environment: Self.environment.merging(["SWIFT_BACKTRACE": "enable=yes,interactive=no"]) { $1 })
        // Once the portal has answered a first request (3 s each), the client is in its next: crash it.
        _ = try await waitFor("a first answered request", timeout: 30) { () -> Bool? in
            try await portal.requests().isEmpty ? nil : true
        }
        running.signal(SIGSEGV)
        // A signal sent from outside is not a fault: Swift's crash reporter prints its report and the
        // program may then go on to finish. Either way the report is what a user would paste.
        // The report (symbolicated, from a debug build) takes tens of seconds on a loaded machine.
        let ended = try await offPool { running.wait(timeout: 240) }
        #expect(ended != nil, "the crashed program ended")
        let output = running.standardOutput() + running.standardError()
        #expect(output.contains("Signal 11") || output.contains("crashed"), "a crash report was printed")
        #expect(Self.leaks(in: output).isEmpty, "the crash output holds the password")
    }

    /// Issue 12, item 1: `login` wrote config.json through a temporary file others could read, and
    /// left a config folder made by hand at 0755. A watcher polling the folder through repeated
    /// logins never sees a file others could read; the folder is made private, with a warning.
    @Test(.timeLimit(.minutes(5)))
    func theConfigFileIsPrivateFromItsFirstByte() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, seed: Self.seed)
        defer { portal.stop() }
        let folder = home.directory.path("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(chmod(folder.path, 0o755) == 0)
        let watcher = FolderModeWatcher(folder.path)
        for round in 0..<10 {
            let login = try await home.run(
                ["login", "--save-password", "--format", "json"] + portal.server(user: Self.user), environment: Self.environment)
            #expect(login.status == 0, "\(login.stderr)")
            if round == 0 {
                #expect(login.stderr.contains("warning: \(folder.path) could be read by other users"), "\(login.stderr)")
            } else {
                #expect(login.stderr.isEmpty, "\(login.stderr)")
            }
        }
        let seen = watcher.stop()
        #expect(watcher.polls > 10, "the watcher looked")
        #expect(seen.isEmpty, "files others could read appeared: \(seen)")
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? NSNumber
        #expect(folderMode?.intValue == 0o700)
        let configMode = try FileManager.default.attributesOfItem(atPath: folder.path + "/config.json")[.posixPermissions] as? NSNumber
        #expect(configMode?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["config.json"], "no temporary file is left")

        // A shared sticky folder (like /tmp) is never changed: saving the password there is refused.
        let shared = home.directory.path("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        #expect(chmod(shared.path, 0o1777) == 0)
        let refused = try await ProcessRunner.termlets(
            ["login", "--save-password", "--format", "json", "--config-dir", shared.path, "--cache-dir", home.directory.path("cache").path]
                + portal.server(user: Self.user),
            environment: Self.environment, stdin: nil, timeout: 120)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: input: \(shared.path) can be read by other users"), "\(refused.stderr)")
        let sharedMode = try FileManager.default.attributesOfItem(atPath: shared.path)[.posixPermissions] as? NSNumber
        #expect(sharedMode?.intValue == 0o1777)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path).isEmpty)
    }

    /// Issue 12, item 2: `localhost.` and `127.0.0.1.` are resolved through DNS, so they are not
    /// loopback: Basic credentials over plain http to them are refused without `--insecure`, and
    /// nothing reaches the portal.
    @Test(.timeLimit(.minutes(3)))
    func plainHTTPToANameWithATrailingDotIsRefused() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, seed: Self.seed)
        defer { portal.stop() }
        let port = try #require(portal.url.split(separator: ":").last.map(String.init))
        for host in ["localhost.", "127.0.0.1.", "LOCALHOST."] {
            let result = try await home.run(
                ["list", "--record-set-id", "40001", "--server", "http://\(host):\(port)", "--user", Self.user, "--format", "json"],
                environment: Self.environment)
            #expect(result.status == 1, "\(host): \(result.stdout)")
            #expect(result.stderr.hasPrefix("error: input: "), "\(host): \(result.stderr)")
            #expect(result.stderr.contains("refusing to send the password in clear text"), "\(host): \(result.stderr)")
            #expect(result.stderr.contains("--insecure"))
        }
        let requests = try await portal.requests()
        #expect(requests.isEmpty, "\(requests.count) requests reached the portal")
    }

    /// Issue 12, item 3: a portal that echoes the credentials back in an error (the `Basic` header,
    /// the `user:password` pair, the password) has them redacted on standard error and in the
    /// `--events` file, and a short password (`liferay`) is not cut out of ordinary words. The
    /// hostile portal lets the login through, so the error reaches the form's events.
    /// (`SecurityTests` checks every form on the error itself.)
    @Test(.timeLimit(.minutes(3)))
    func credentialsEchoedByAPortalAreRedactedInEveryForm() async throws {
        let home = try CLIHome()
        let user = "test@liferay.com"
        let password = "liferay"
        let portal = try EchoingPortal { head, body in
            if body.contains("get-user-by-email-address") {
                return (200, #"[{"userId": 20139, "companyId": 20116, "screenName": "test", "emailAddress": "test@liferay.com"}]"#)
            }
            let authorization = EchoingPortal.header("Authorization", in: head) ?? "none"
            let text = "com.liferay.portal.kernel.exception.PortalException: refused Authorization: \(authorization) "
                + "(\(authorization.dropFirst("Basic ".count))) for \(user):\(password), password '\(password)' "
                + "in com.liferay.dynamic.data.lists"
            return (500, JSONValue.object(["exception": .string(text)]).serialized())
        }
        defer { portal.stop() }
        let encoded = Data("\(user):\(password)".utf8).base64EncodedString()
        let events = home.directory.path("events.jsonl")
        let result = try await home.run(
            ["form", "--record-set-id", "40001", "--server", portal.url, "--user", user, "--portal-version", "7",
             "--company-id", "20116", "--group-id", "20143", "--offline-policy", "remote-only", "--events", events.path,
             "--format", "json"],
            environment: ["TERMLETS_PASSWORD": password])
        #expect(result.status == 1)
        let logged = try String(contentsOf: events, encoding: .utf8)
        for (name, text) in [("standard error", result.stderr), ("--events", logged)] {
            #expect(text.contains("in com.liferay.dynamic.data.lists"), "\(name) has the portal's error: \(text)")
            #expect(!text.contains(encoded), "\(name) holds the Basic credentials: \(text)")
            #expect(!text.contains("\(user):\(password)"), "\(name) holds the pair: \(text)")
            #expect(!text.contains("'\(password)'"), "\(name) holds the password: \(text)")
            #expect(!text.contains("com.***"), "\(name) mangles ordinary words: \(text)")
        }
    }
}

/// Polls a folder as fast as it can from a thread of its own and remembers every file in it
/// that others could read (mode & 077), however briefly it existed.
final class FolderModeWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var seen: Set<String> = []
    private var count = 0
    private let done = DispatchSemaphore(value: 0)

    init(_ path: String) {
        Thread { [self] in
            while lock.withLock({ running }) {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                    var status = stat()
                    if lstat(path + "/" + name, &status) == 0, status.st_mode & 0o077 != 0 {
                        _ = lock.withLock { seen.insert("\(name) \(String(status.st_mode & 0o777, radix: 8))") }
                    }
                }
                lock.withLock { count += 1 }
            }
            done.signal()
        }.start()
    }

    var polls: Int { lock.withLock { count } }

    /// Stops polling and returns what was seen (`name mode`).
    func stop() -> Set<String> {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { seen }
    }
}
