import DDM
import Foundation
import TermletsTestSupport
import Testing
@testable import PortalEmulator

extension PortalEmulatorSuites {
    @Suite("termlets portal")
    struct PortalCommandTests {
        @Test("prints `listening on`, answers, and exits 0 promptly on SIGTERM and SIGINT", arguments: [SIGTERM, SIGINT])
        func runsAndStops(signal: Int32) async throws {
            let data = try TemporaryDirectory(prefix: "termlets-portal-cli")
            // The demo database, copied in here so that the child process does not spend its CPU
            // building it while other tests run (starting on an empty directory is covered by
            // `faultOptions`).
            try await DemoTemplate.shared.install(into: data.url)
            let process = try SpawnedProcess(TermletsBinary.url, ["portal", "--port", "0", "--portal-version", "6.2", "--data", data.url.path])
            let line = try await process.firstLine(timeout: 120)
            let match = try #require(line.firstMatch(of: /^listening on http:\/\/127\.0\.0\.1:(\d+)$/), "first line: \(line)")
            let port = try #require(Int(match.1))
            let response = try await RawHTTPClient.send(port: port, method: "POST", path: "/api/jsonws/invoke",
                                                        headers: [("Authorization", DemoUser.basic("test", "test"))],
                                                        body: Array(#"[{"/ddlrecordset/get-record-set":{"recordSetId":40002}}]"#.utf8))
            #expect(response.status == 200)
            #expect(response.header("Liferay-Portal")?.contains("Build 6205") == true)
            #expect(try JSONValue.parse(bytes: response.body)[0]?["recordSetId"] == 40002)

            process.signal(signal)
            let status = process.wait(timeout: 10)
            #expect(status == 0, "exit status after signal \(signal)")
            #expect(FileManager.default.fileExists(atPath: data.url.appendingPathComponent("portal.sqlite").path))
        }

        @Test("fault options apply from the start and show at the admin endpoint")
        func faultOptions() async throws {
            let process = try SpawnedProcess(TermletsBinary.url, ["portal", "--port", "0", "--failure-rate", "1", "--latency-ms", "5", "--fault-seed", "9"])
            let line = try await process.firstLine(timeout: 120)
            let match = try #require(line.firstMatch(of: /:(\d+)$/))
            let port = try #require(Int(match.1))
            let failed = try await RawHTTPClient.send(port: port, method: "POST", path: "/api/jsonws/invoke", body: Array(#"[{"/portal/get-build-number":{}}]"#.utf8))
            #expect(failed.status == 500)
            let settings = try JSONValue.parse(bytes: try await RawHTTPClient.send(port: port, method: "GET", path: "/_emulator/faults").body)
            #expect(settings["failureRate"] == 1.0)
            #expect(settings["latencyMs"] == 5)
            #expect(settings["seed"] == 9)
            process.signal(SIGTERM)
            #expect(process.wait(timeout: 10) == 0)
        }

        @Test("--portal-version 7.4 serves a stock 7.4: Objects over REST, no Screens plugin")
        func stock74() async throws {
            let data = try TemporaryDirectory(prefix: "termlets-portal-74")
            try await DemoTemplate.shared.install(into: data.url)
            let process = try SpawnedProcess(TermletsBinary.url, ["portal", "--port", "0", "--portal-version", "7.4", "--data", data.url.path])
            let line = try await process.firstLine(timeout: 120)
            let match = try #require(line.firstMatch(of: /^listening on http:\/\/127\.0\.0\.1:(\d+)$/), "first line: \(line)")
            let port = try #require(Int(match.1))
            let auth = ("Authorization", DemoUser.basic("test", "test"))
            let objects = try await RawHTTPClient.send(port: port, method: "GET", path: "/o/object-admin/v1.0/object-definitions", headers: [auth])
            #expect(objects.status == 200)
            #expect(try JSONValue.parse(bytes: objects.body)["totalCount"] == 2)
            let screens = try await RawHTTPClient.send(port: port, method: "POST", path: "/api/jsonws/invoke", headers: [auth],
                                                       body: Array(#"[{"/screens.screensddlrecord/get-ddl-records-count":{"ddlRecordSetId":0}}]"#.utf8))
            #expect(screens.status == 404)
            process.signal(SIGTERM)
            #expect(process.wait(timeout: 10) == 0)
        }

        @Test("a bad option value is an input error on one line")
        func badVersion() async throws {
            let process = try SpawnedProcess(TermletsBinary.url, ["portal", "--portal-version", "5"])
            #expect(process.wait(timeout: 30) == 1)
            #expect(process.standardError() == "error: input: unknown portal version 5 (use 6.2, 7 or 7.4)\n")
            #expect(process.standardOutput().isEmpty)
        }
    }
}
