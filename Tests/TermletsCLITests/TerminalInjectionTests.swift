import DDM
import Foundation
import Testing
import TermletsTestSupport

/// A hostile portal's site name, user name, record set, labels and values carry terminal
/// commands (an OSC 52 clipboard write, a title change, clear screen, a C1 OSC) and bidi
/// overrides. Every text output shows them inert even when piped (`| cat` hands the bytes to the
/// terminal as they are); JSON escapes them; CSV keeps them exact, by design.
@Suite("terminal injection through piped output")
struct TerminalInjectionTests {
    static let clipboard = "\u{1B}]52;c;cHduZWQ=\u{07}"
    static let title = "\u{1B}]0;pwned\u{1B}\\"
    static let clear = "\u{1B}[2J\u{1B}[H"
    static let c1 = "\u{9D}0;c1 title\u{9C}"
    static let bidi = "\u{202E}fdp.exe\u{202C} \u{2066}isolated\u{2069} \u{202B}emb\u{202A}"
    static let hostile = clipboard + title + clear + c1 + bidi

    static let password = "mallory-pw"
    static let seed: JSONValue = [
        "sites": [["groupId": 20950, "name": .string("Site \(hostile)"), "friendlyURL": "/evil"]],
        "users": [[
            "userId": 20950, "screenName": "mallory", "password": .string(password), "emailAddress": "mallory@liferay.com",
            "firstName": .string("Mal \(hostile)"), "lastName": .string("Lory \(bidi)"), "admin": true, "sites": [20950],
        ]],
        "structures": [[
            "structureId": 30950, "groupId": 20950, "name": .string("Structure \(bidi)"),
            "definition": [
                "availableLanguageIds": ["en_US"], "defaultLanguageId": "en_US",
                "fields": [
                    ["name": "Title", "dataType": "string", "type": "text", "label": ["en_US": .string("Title \(bidi)")]],
                ],
            ],
        ]],
        "recordSets": [["recordSetId": 40950, "structureId": 30950, "groupId": 20950, "name": .string("Set \(hostile)")]],
        "records": [["recordId": 49501, "recordSetId": 40950, "userId": 20950, "values": ["Title": .string("value \(hostile) end")]]],
    ]

    /// What in `text` could drive a terminal: ESC, BEL, a lone CR, C1 controls, bidi controls.
    static func unsafeScalars(in text: String) -> [String] {
        var found: Set<String> = []
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x1B: found.insert("ESC")
            case 0x07: found.insert("BEL")
            case 0x0D where index + 1 == scalars.count || scalars[index + 1] != "\n": found.insert("CR")
            case 0x80...0x9F: found.insert("C1")
            case 0x202A...0x202E, 0x2066...0x2069: found.insert(String(format: "U+%04X", scalar.value))
            default: break
            }
        }
        return found.sorted()
    }

    @Test(.timeLimit(.minutes(5)))
    func textOutputIsInertWhenPiped() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, seed: Self.seed)
        defer { portal.stop() }
        let env = ["TERMLETS_PASSWORD": Self.password]
        let server = portal.server(user: "mallory@liferay.com") + ["--group-id", "20950"]
        for arguments in [
            ["overview", "--format", "text"],
            ["list", "--record-set-id", "40950", "--format", "text"],
            ["form", "--record-set-id", "40950", "--format", "text"],
            ["form", "--record-set-id", "40950", "--record-id", "49501", "--format", "text"],
            ["login", "--format", "text"],
        ] {
            let run = try await home.run(arguments + server, environment: env)
            let command = arguments.joined(separator: " ")
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(Self.unsafeScalars(in: run.stdout).isEmpty, "\(command) | cat carries \(Self.unsafeScalars(in: run.stdout))")
            #expect(Self.unsafeScalars(in: run.stderr).isEmpty, "\(command) stderr carries \(Self.unsafeScalars(in: run.stderr))")
            // Shown, inert, rather than dropped: the reader sees that something is odd.
            #expect(run.stdout.contains("\u{FFFD}"), "\(command): \(run.stdout.prefix(400).debugDescription)")
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func jsonEscapesAndCSVKeepsTheTextExact() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, seed: Self.seed)
        defer { portal.stop() }
        let env = ["TERMLETS_PASSWORD": Self.password]
        let server = portal.server(user: "mallory@liferay.com") + ["--group-id", "20950"]

        let json = try await home.run(["list", "--record-set-id", "40950", "--format", "json"] + server, environment: env)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(Self.unsafeScalars(in: json.stdout).isEmpty, "JSON carries \(Self.unsafeScalars(in: json.stdout))")
        #expect(json.stdout.contains("\\u202e"), "bidi overrides are escaped")
        let value = try JSONValue.parse(json.stdout)["records"]?.arrayValue?.first?["values"]?["Title"]?.stringValue
        #expect(value == "value \(Self.hostile) end", "JSON keeps the value exactly")

        let overview = try await home.run(["overview", "--format", "json"] + server, environment: env)
        #expect(Self.unsafeScalars(in: overview.stdout).isEmpty, "overview JSON carries \(Self.unsafeScalars(in: overview.stdout))")
        #expect(try JSONValue.parse(overview.stdout)["siteName"]?.stringValue == "Site \(Self.hostile)")

        let csv = try await home.run(["list", "--record-set-id", "40950", "--format", "csv"] + server, environment: env)
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.contains("value \(Self.hostile) end"), "CSV piped to a program is exact (docs/hardening.md)")
    }
}
