import DDM
import Foundation
import Testing

/// Runs the built `termlets` binary (found next to the test bundle in the build products
/// directory) on fixture files.
@Suite("termlets inspect, end to end", .serialized)
struct InspectCommandTests {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
        var json: JSONValue? { try? JSONValue.parse(stdout) }
    }

    static let binary: URL? = {
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
            for _ in 0..<4 {  // the bundle may be a directory (…/X.xctest/Contents/MacOS/X)
                candidates.append(directory.appendingPathComponent("termlets"))
                directory.deleteLastPathComponent()
            }
        }
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("termlets"))
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/termlets"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("termlets-inspect-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func write(_ name: String, _ text: String) throws -> String {
        let url = Self.directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func run(_ arguments: [String], timeZone: String = "UTC") throws -> Run {
        let binary = try #require(Self.binary, "the termlets binary must be built (swift build --build-tests)")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = timeZone
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test(arguments: [("all.xml", Fixtures.allKindsXSD, "xsd"), ("all.json", Fixtures.allKindsJSON, "json")])
    func structureInBothFormatsAndTwoLocales(name: String, text: String, format: String) throws {
        let path = try write(name, text)
        let english = try run(["inspect", "structure", path, "--locale", "en_US", "--portal-version", "6.2"])
        #expect(english.status == 0, "\(english.stderr)")
        let json = try #require(english.json)
        #expect(json["format"] == .string(format))
        #expect(json["defaultLocale"] == "en_US" && json["locale"] == "en_US")
        let fields = try #require(json["fields"]?.arrayValue)
        #expect(fields.compactMap { $0["kind"]?.stringValue } == [
            "boolean", "string", "options", "options", "date", "integer", "decimal", "decimal", "document", "image",
            "geolocation", "unsupported",
        ])
        #expect(fields[0]["label"] == "Do you agree?")
        #expect(fields[0]["required"] == false)
        #expect(fields[1]["nestedFields"]?[0]?["name"] == "Subtitle")
        #expect(fields[2]["options"]?[0] == ["name": "opt1", "value": "red", "label": "Red"])
        #expect(fields[2]["predefinedValue"] == #"["red", "green"]"#)
        #expect(fields[4]["predefinedValue"] == "1087603200000")  // 6.2 server form
        #expect(fields[6]["predefinedValue"] == "1234.50")

        let spanish = try run(["inspect", "structure", path, "--locale", "es_ES"], timeZone: "America/Los_Angeles")
        #expect(spanish.status == 0, "\(spanish.stderr)")
        let spanishFields = try #require(spanish.json?["fields"]?.arrayValue)
        #expect(spanish.json?["locale"] == "es_ES")
        #expect(spanishFields[0]["label"] == "¿Está de acuerdo?")
        #expect(spanishFields[2]["options"]?[1]?["label"] == "Verde")
        #expect(spanishFields[4]["predefinedValue"] == "2004-06-19")  // 7 by default; no day lost west of UTC

        let table = try run(["inspect", "structure", path, "--locale", "es_ES", "--format", "text"])
        #expect(table.status == 0)
        #expect(table.stdout.contains("  Subtitle"))
        #expect(table.stdout.contains("¿Está de acuerdo?"))
    }

    @Test func textTablesAlignByDisplayWidth() throws {
        let path = try write("wide.json", """
            {"fields": [{"name": "名前", "dataType": "string", "type": "text", "label": {"en_US": "お名前"}},
                        {"name": "n", "dataType": "string", "type": "text", "label": {"en_US": "x\\u001b[31m"}}]}
            """)
        let result = try run(["inspect", "structure", path, "--format", "text"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("名前") || $0.hasPrefix("n ") || $0.hasPrefix("NAME") }
        #expect(lines.count == 3)
        let kindColumns = lines.map { line -> Int in
            let prefix = line.prefix(while: { $0 != "K" && $0 != "s" })  // up to "KIND" / "string"
            return prefix.unicodeScalars.reduce(0) { $0 + ((0x3000...0x9FFF).contains($1.value) ? 2 : 1) }
        }
        #expect(Set(kindColumns).count == 1, "\(result.stdout)")
        #expect(!result.stdout.contains("\u{1B}"))  // escape sequences never reach the terminal
    }

    @Test func valuesInEveryForm() throws {
        let path = try write("values.json", Fixtures.allKindsJSON)
        let label = try run(["inspect", "value", path, "--field", "price", "--locale", "es_ES", "--label", "1.234,5"])
        #expect(label.status == 0)
        #expect(label.json == [
            "field": "Price", "kind": "decimal", "serverValue": "1234.50", "label": "1234,50", "valid": true, "error": nil,
        ])
        let date = try run(
            ["inspect", "value", path, "--field", "Birthday", "--portal-version", "6.2", "--server-value", "2004-06-19"],
            timeZone: "Pacific/Honolulu")
        #expect(date.json?["serverValue"] == "1087603200000")
        #expect(date.json?["label"] == "June 19, 2004")
        let invalid = try run(["inspect", "value", path, "--field", "Birthday", "--locale", "es_ES", "--label", "30/2/2016"])
        #expect(invalid.status == 0)
        #expect(invalid.json?["valid"] == false)
        #expect(invalid.json?["error"] == "La fecha «30/2/2016» no existe.")
        let required = try run(["inspect", "value", path, "--field", "Title", "--canonical", ""])
        #expect(required.json?["valid"] == false && required.json?["error"] == "This field is required.")
        let option = try run(["inspect", "value", path, "--field", "colour", "--canonical", "green,Red"])
        #expect(option.json?["serverValue"] == #"["red", "green"]"#)  // in option order, not as typed
        #expect(option.json?["label"] == "Red, Green")
    }

    @Test(arguments: [
        (["inspect", "structure", "BAD"], "error: input: BAD: invalid XML: mismatched closing tag </b>: expected </a> (opened at line 3, column 3) at line 3, column 8"),
        (["inspect", "structure", "/nonexistent/file.json"], "error: input: /nonexistent/file.json: no such file"),
        (["inspect", "value", "GOOD", "--field", "Nope", "--label", "x"], "error: input: no field named \"Nope\" in GOOD"),
        (["inspect", "structure", "GOOD", "--locale", "not a locale"], "error: input: invalid --locale \"not a locale\""),
        (["inspect", "structure", "GOOD", "--portal-version", "5"], "error: input: invalid --portal-version \"5\": expected 6.2 or 7"),
        (["inspect", "value", "GOOD", "--field", "Count", "--label", "1", "--canonical", "1"], "error: input: give exactly one of"),
    ])
    func failuresAreOneLineAndStatusOne(arguments: [String], message: String) throws {
        let bad = try write("bad.xml", "<root>\n  <dynamic-element name=\"A\">\n  <a></b>\n</root>")
        let good = try write("good.json", Fixtures.allKindsJSON)
        let resolved = arguments.map { $0 == "BAD" ? bad : $0 == "GOOD" ? good : $0 }
        let result = try run(resolved)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let expected = message.replacingOccurrences(of: "BAD", with: bad).replacingOccurrences(of: "GOOD", with: good)
        #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
