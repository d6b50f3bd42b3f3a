import DDM
import Foundation
import Testing
import TermletsTestSupport

/// Server text is untrusted and user input is checked: escape sequences from the portal never
/// reach the terminal, and bad values, files and paths are refused with a clear `input` message
/// before anything is sent.
@Suite("hostile and bad input")
struct HostileInputTests {
    /// Escape sequences a hostile portal could plant: clear screen, set the window title (OSC),
    /// a C1 CSI, a bell, cursor moves, a DCS, and bidi/line-separator tricks.
    static let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m\u{1B}[10;10H\u{1B}P1$q\u{1B}\\\u{2028}X\u{0D}"
    static let seed: JSONValue = [
        "structures": [[
            "structureId": 30900, "name": .string("Evil \(hostile) structure"),
            "definition": [
                "availableLanguageIds": ["en_US"], "defaultLanguageId": "en_US",
                "fields": [
                    ["name": "Title", "dataType": "string", "type": "text", "label": ["en_US": .string("Title \(hostile)")]],
                    ["name": "Count", "dataType": "integer", "type": "ddm-integer", "label": ["en_US": "Count"]],
                    ["name": "When", "dataType": "date", "type": "ddm-date", "label": ["en_US": "When"]],
                    ["name": "Where", "dataType": "geolocation", "type": "ddm-geolocation", "label": ["en_US": "Where"]],
                    ["name": "File", "dataType": "document-library", "type": "ddm-documentlibrary", "label": ["en_US": "File"]],
                ],
            ],
        ]],
        "recordSets": [["recordSetId": 40900, "structureId": 30900, "name": ["en_US": .string("Evil \(hostile) set")]]],
        "records": [
            ["recordId": 49001, "recordSetId": 40900, "values": ["Title": .string("value \(hostile) end"), "Count": "7"]],
            ["recordId": 49002, "recordSetId": 40900, "values": ["Title": .string(String(repeating: "huge ", count: 40_000))]],
        ],
    ]

    /// Bytes that must never reach a terminal from server text: ESC, BEL, C1 controls (as UTF-8).
    static func controlBytes(in text: String) -> [String] {
        var found: [String] = []
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x1B: found.append("ESC")
            case 0x07: found.append("BEL")
            case 0x0D where index + 1 == scalars.count || scalars[index + 1] != "\n": found.append("CR")  // CSV ends lines with CRLF
            case 0x80...0x9F: found.append("C1")
            default: break
            }
        }
        return found
    }

    @Test(.timeLimit(.minutes(5)))
    func escapeSequencesFromThePortalNeverReachTheTerminal() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, seed: Self.seed)
        defer { portal.stop() }
        let env = ["TERMLETS_PASSWORD": "test"]
        var outputs: [(String, ProcessResult)] = []
        for arguments in [
            ["list", "--record-set-id", "40900", "--format", "text"],
            ["list", "--record-set-id", "40900", "--format", "csv"],
            ["list", "--record-set-id", "40900", "--format", "json"],
            ["form", "--record-set-id", "40900", "--format", "text"],
            ["form", "--record-set-id", "40900", "--record-id", "49001", "--format", "text"],
            ["form", "--record-set-id", "40900", "--format", "json"],
            ["overview"],
            // The field name the user typed comes back in the error: inert too.
            ["form", "--record-set-id", "40900", "--set", "Nope\u{1B}[2J=1", "--submit"],
        ] {
            outputs.append((arguments.joined(separator: " "), try await home.run(arguments + portal.server(), environment: env)))
        }
        for (command, result) in outputs {
            #expect(command.hasSuffix("csv") || Self.controlBytes(in: result.stdout).isEmpty, "\(command): stdout carries \(Self.controlBytes(in: result.stdout)): \(result.stdout.prefix(600).debugDescription)")
            #expect(Self.controlBytes(in: result.stderr).isEmpty, "\(command): stderr carries \(Self.controlBytes(in: result.stderr))")
        }
        // CSV carries the values exactly when piped, but not on a terminal: run it with standard
        // output on a pseudo-terminal (script(1) records the exact bytes the terminal received).
        let typescript = home.directory.path("typescript")
        let command = ([TermletsBinary.url.path, "list", "--record-set-id", "40900", "--format", "csv"] + portal.server() + home.options)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let recorded = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-q", "-e", "-c", command, typescript.path], environment: env, timeout: 120)
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        let onTerminal = String(decoding: try Data(contentsOf: typescript), as: UTF8.self)
        let body = onTerminal.split(separator: "\n").dropFirst().dropLast().joined(separator: "\n")  // script's own header and footer lines
        #expect(body.contains("value"), "the CSV reached the terminal")
        #expect(!body.contains("\u{1B}") && !body.contains("\u{07}") && !body.contains("\u{9B}"), "CSV on a terminal is inert")

        // The hostile text is shown, inert, rather than dropped: the reader can see something is wrong.
        let table = outputs[0].1
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("\u{FFFD}[2J"), "the ESC is drawn as a visible replacement")
        let json = try JSONValue.parse(outputs[2].1.stdout)
        let hostileValue = json["records"]?.arrayValue?.first { $0["recordId"] == 49001 }?["values"]?["Title"]?.stringValue
        #expect(hostileValue == "value \(Self.hostile) end", "JSON keeps the value exactly, escaped")
        let error = outputs[7].1
        #expect(error.status == 1)
        #expect(error.stderr.hasPrefix("error: input: "), "\(error.stderr)")
        #expect(error.stderr.split(separator: "\n").count == 1, "one line")
    }

    /// `form --submit --set` with values the field cannot take: an `input` error naming the field,
    /// and the portal receives no write.
    @Test(.timeLimit(.minutes(5)))
    func badUserInputIsRefusedAndNothingIsSent() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, seed: Self.seed)
        defer { portal.stop() }
        let env = ["TERMLETS_PASSWORD": "test"]
        let odd = home.directory.path("dir with spaces, ünïcode & 'quotes'")
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        let unreadable = odd.appendingPathComponent("secret.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: unreadable)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: unreadable.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: unreadable.path) }
        // Every case is refused before anything is sent; a value of the wrong form is an `input`
        // error, one of the right form the field's rules refuse (a latitude of 91) a `validation` one.
        let cases: [(set: String, mentions: String)] = [
            ("Count=twelve", "Count"),
            ("Count=1.5", "Count"),
            ("Count=99999999999999999999999", "Count"),
            ("When=2024-13-45", "When"),
            ("When=yesterday", "When"),
            ("Where=91,0", "Where"),
            ("Where=north", "Where"),
            ("Where=1,2,3", "Where"),
            ("File=\(odd.path)/missing.png", "missing.png"),
            ("File=\(odd.path)", "File"),
        ] + (getuid() == 0 ? [] : [(set: "File=\(unreadable.path)", mentions: "secret.png")])
        for (assignment, mentions) in cases {
            let result = try await home.run(
                ["form", "--record-set-id", "40900", "--set", "Title=ok", "--set", assignment, "--submit", "--format", "json"]
                    + portal.server(), environment: env)
            #expect(result.status == 1, "\(assignment) was accepted")
            #expect(
                result.stderr.hasPrefix("error: input: ") || (assignment == "Where=91,0" && result.stderr.hasPrefix("error: validation: ")),
                "\(assignment): \(result.stderr)")
            #expect(result.stderr.contains(mentions), "\(assignment): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(assignment): one line")
        }
        let journal = try await portal.requests()
        let writes = journal.filter { entry in
            entry["services"]?.arrayValue?.contains { ($0.stringValue ?? "").hasSuffix("add-record") || ($0.stringValue ?? "").contains("add-file-entry") } == true
                || (entry["path"]?.stringValue ?? "").contains("add-file-entry")
        }
        #expect(writes.isEmpty, "nothing was written: \(writes.count) write requests")
        let records = try await portal.records(40900)
        #expect(records.count == 2)
    }

    /// A huge value is listed (bounded in the table) and the command finishes.
    @Test(.timeLimit(.minutes(3)))
    func aHugeValueIsBoundedInTheTable() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, seed: Self.seed)
        defer { portal.stop() }
        let result = try await home.run(
            ["list", "--record-set-id", "40900", "--format", "text"] + portal.server(), environment: ["TERMLETS_PASSWORD": "test"])
        #expect(result.status == 0, "\(result.stderr)")
        let longest = result.stdout.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 10_000, "a 200,000-character value is cut in the table (longest line \(longest))")
    }

    /// Issue 12, items 13 and 14: numbers, sizes and local files that crashed the program (SIGILL
    /// on an overflow, a fatal error in the HTTP client) or failed silently or with the argument
    /// parser's usage text each give one `error: input: …` line naming the thing, exit 1.
    @Test(.timeLimit(.minutes(5)))
    func badLocalInputIsOneInputLineNeverACrash() async throws {
        let home = try CLIHome()
        let folder = home.directory.path("bad")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("events.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let longUser = String(repeating: "u", count: 60_000)
        let unreachable = ["--server", "http://127.0.0.1:9"]
        let cases: [(arguments: [String], environment: [String: String], expected: String)] = [
            (["list", "--record-set-id", "40001", "--page", "4611686018427387904"], [:], "--page must be at most"),
            (["list", "--record-set-id", "40001", "--page", "9223372036854775807"], [:], "--page must be at most"),
            (["gallery", "--list", "--page", "4611686018427387904"], [:], "--page must be at most"),
            (["list", "--record-set-id", "-1"], [:], "--record-set-id must be a positive number"),
            (["list", "--record-set-id=-1"], [:], "--record-set-id must be a positive number"),
            (["list", "--record-set-id", "0"], [:], "--record-set-id must be a positive number"),
            (["form", "--record-set-id", "40001", "--record-id", "-7"], [:], "--record-id must be a positive number"),
            (["list", "--record-set-id", "40001", "--company-id", "-1"], [:], "--company-id must be a positive number"),
            (["gallery", "--list", "--folder-id", "-2"], [:], "--folder-id must be 0 or a positive number"),
            (["gallery", "--delete", "-2"], [:], "--delete must be a positive number"),
            (["bookmarks", "--folder-id", "-1", "--format", "json"], [:], "--folder-id must be 0 or a positive number"),
            (["list", "--record-set-id", "40001", "--first-page-size", "-3"], [:], "page sizes must be between 1 and 1000"),
            (["list", "--record-set-id", "40001", "--user", longUser] + unreachable, ["TERMLETS_PASSWORD": "x"], "the user is too long"),
            (["list", "--record-set-id", "40001", "--user", "a@b.c"] + unreachable,
             ["TERMLETS_PASSWORD": String(repeating: "p", count: 100_000)], "the password is too long"),
            (["list", "--record-set-id", "40001", "--server", "https://" + String(repeating: "h", count: 5_000)], [:],
             "the server URL is too long"),
            (["list", "--record-set-id", "abc"], [:], "'abc' is invalid for '--record-set-id"),
            (["list", "--record-set-id", "40001", "--server", "http://127.0.0.1:99999"], [:], "the port must be from 1 to 65535"),
            (["list", "--record-set-id", "40001", "--server", "http://127.0.0.1:65536"], [:], "the port must be from 1 to 65535"),
            (["list", "--record-set-id", "40001", "--events", fifo, "--format", "json"], [:], "--events \(fifo): cannot be written"),
            (["list", "--record-set-id", "40001", "--events", "/dev/full", "--format", "json"], [:], "--events /dev/full: cannot be written"),
            (["form", "--record-set-id", "40001", "--events", "/dev/full", "--format", "json"], [:], "--events /dev/full: cannot be written"),
        ]
        for (arguments, environment, expected) in cases {
            let result = try await home.run(arguments, environment: environment)
            let shown = arguments.map { $0.count > 60 ? String($0.prefix(20)) + "…(\($0.count))" : $0 }.joined(separator: " ")
            #expect(result.status == 1, "\(shown): exit \(result.status)")
            #expect(result.stderr.hasPrefix("error: input: "), "\(shown): \(result.stderr.prefix(300))")
            #expect(result.stderr.contains(expected), "\(shown): \(result.stderr.prefix(300))")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(shown): one line: \(result.stderr.prefix(300))")
        }

        let portal = try await ProcessRunner.termlets(
            ["portal", "--port", "0", "--data", folder.path, "--latency-ms", "9223372036854775807"], environment: [:], stdin: nil, timeout: 60)
        #expect(portal.status == 1)
        #expect(portal.stderr.hasPrefix("error: input: --latency-ms"), "\(portal.stderr)")

        // A config.json that is a FIFO (never waited on) or a folder is named, not ignored.
        let config = home.directory.path("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let configFile = config.appendingPathComponent("config.json")
        #expect(mkfifo(configFile.path, 0o600) == 0)
        let onFifo = try await home.run(["list", "--record-set-id", "40001", "--format", "json"])
        #expect(onFifo.status == 1)
        #expect(onFifo.stderr == "error: input: \(configFile.path): not a regular file\n", "\(onFifo.stderr)")
        try FileManager.default.removeItem(at: configFile)
        try FileManager.default.createDirectory(at: configFile, withIntermediateDirectories: true)
        let onFolder = try await home.run(["list", "--record-set-id", "40001", "--format", "json"])
        #expect(onFolder.status == 1)
        #expect(onFolder.stderr == "error: input: \(configFile.path): not a regular file\n", "\(onFolder.stderr)")
        // Numbers in it are checked like the options they stand for.
        try FileManager.default.removeItem(at: configFile)
        try home.storeSettings(["groupId": -5])
        let negative = try await home.run(["list", "--record-set-id", "40001", "--format", "json"])
        #expect(negative.status == 1)
        #expect(negative.stderr == "error: input: \(configFile.path): groupId must be a positive number\n", "\(negative.stderr)")
    }

    /// Issue 12, item 14: a damaged offline cache was reported as a `server` failure; it is the
    /// user's local data, so it is one `input` line naming what is damaged.
    @Test(.timeLimit(.minutes(3)))
    func aDamagedCacheIsAnInputError() async throws {
        let sqlite = URL(fileURLWithPath: "/usr/bin/sqlite3")
        try #require(FileManager.default.isExecutableFile(atPath: sqlite.path), "sqlite3 is needed to damage the cache")
        let home = try CLIHome()
        #expect(try await home.run(["list", "--record-set-id", "40001", "--format", "json"]).status == 0)
        let database = try #require(home.directory.allFiles().first { $0.lastPathComponent == "cache.sqlite" && $0.path.contains("/embedded") })
        let damaged = try await ProcessRunner.run(
            sqlite, [database.path, "UPDATE entry SET value = '{{{ damaged' WHERE collection = 'DDLForm' AND key LIKE '%record-set%'"])
        #expect(damaged.status == 0, "\(damaged.stderr)")
        let result = try await home.run(["list", "--record-set-id", "40001", "--offline-policy", "cache-only", "--format", "json"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: input: record set 40001: offline cache: damaged cache value"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
