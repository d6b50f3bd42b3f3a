import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing
import TermletsTestSupport

/// `termlets form` through the form screenlet: `--events` and `--offline-policy`.
@Suite("termlets form: events and offline policies", .serialized)
struct FormEventsAndPoliciesTests {
    @Test func eventsAreWrittenAsJSONLines() async throws {
        let folder = try TemporaryDirectory(prefix: "termlets-form-cli")
        let events = folder.path("events.jsonl")
        let result = try await ProcessRunner.termlets(
            [
                "form", "--record-set-id", "40003", "--set", "Name=Ada", "--submit", "--format", "json",
                "--events", events.path, "--cache-dir", folder.path("cache").path, "--config-dir", folder.path("config").path,
            ], timeout: 180)
        #expect(result.status == 0, "\(result.stderr)")
        let output = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(output?["status"] as? String == "added")
        #expect(output?["workflowStatus"] as? String == "approved")
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n")
        let names = try lines.map { line -> String in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["event"] as? String ?? "?"
        }
        #expect(names == ["formLoaded", "formSubmitted"])
        #expect(lines.last?.contains("\"recordId\":\(output?["recordId"] as? Int ?? -1)") == true)
        #expect(!lines.joined().contains("test@liferay.com"))
    }

    @Test func invalidSubmitWritesTheErrorEventAndFails() async throws {
        let folder = try TemporaryDirectory(prefix: "termlets-form-cli")
        let events = folder.path("events.jsonl")
        let result = try await ProcessRunner.termlets(
            [
                "form", "--record-set-id", "40003", "--set", "Email=a@b.c", "--submit", "--events", events.path,
                "--cache-dir", folder.path("cache").path, "--config-dir", folder.path("config").path,
            ], timeout: 180)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: validation: Name: "))
        let text = try String(contentsOf: events, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.contains("\"event\":\"formLoaded\""))
    }

    @Test func offlinePoliciesQueueOrFail() async throws {
        let folder = try TemporaryDirectory(prefix: "termlets-form-cli")
        let portal = try SpawnedProcess.demoPortal(data: folder.path("portal"))
        defer {
            portal.terminate()
        }
        let first = try await portal.firstLine(timeout: 120)
        let server = String(first.dropFirst("listening on ".count))
        let environment = ["TERMLETS_PASSWORD": "test"]
        func form(_ arguments: [String]) async throws -> ProcessResult {
            try await ProcessRunner.termlets(
                ["form", "--server", server, "--user", "test@liferay.com", "--record-set-id", "40003", "--format", "json",
                 "--cache-dir", folder.path("cache").path, "--config-dir", folder.path("config").path] + arguments,
                environment: environment, timeout: 180)
        }

        let cached = try await form(["--offline-policy", "remote-first"])
        #expect(cached.status == 0, "\(cached.stderr)")

        try await setOffline(server, true)
        let queued = try await form(["--offline-policy", "cache-only", "--set", "Name=Offline", "--submit"])
        #expect(queued.status == 0, "\(queued.stderr)")
        let output = try JSONSerialization.jsonObject(with: Data(queued.stdout.utf8)) as? [String: Any]
        #expect(output?["status"] as? String == "queued")
        #expect((output?["queueId"] as? String)?.count == 36)

        let refused = try await form(["--offline-policy", "remote-only", "--set", "Name=Lost", "--submit"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: network:"))

        let unknown = try await form(["--offline-policy", "sometimes"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("error: input:"))
    }

    private func setOffline(_ server: String, _ offline: Bool) async throws {
        var request = URLRequest(url: try #require(URL(string: server + "/_emulator/faults")))
        request.httpMethod = "POST"
        request.httpBody = Data("{\"offline\": \(offline)}".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }
}
