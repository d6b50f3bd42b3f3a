import DDM
import Foundation
import TermletsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `termlets portal` started by a hardening test as its own process: its own data folder (and
/// optionally a seed file), a free port, fault injection through `POST /_emulator/faults`.
final class TestPortal: Sendable {
    let process: SpawnedProcess
    let url: String
    let home: CLIHome

    private init(process: SpawnedProcess, url: String, home: CLIHome) {
        self.process = process
        self.url = url
        self.home = home
    }

    /// Starts a portal with its data in `<home>/portal`; `seed` is written to a file and loaded.
    static func start(_ home: CLIHome, seed: JSONValue? = nil, extra: [String] = [], data: String = "portal") async throws -> TestPortal {
        var arguments: [String] = []
        if let seed {
            let file = home.directory.path("seed.json")
            try seed.serialized().write(to: file, atomically: true, encoding: .utf8)
            arguments += ["--seed", file.path]
        }
        let process = try SpawnedProcess.demoPortal(data: home.directory.path(data), arguments + extra)
        let line = try await process.firstLine(timeout: 120)
        guard line.hasPrefix("listening on ") else { throw PortalStartFailure(line: line + process.standardError()) }
        return TestPortal(process: process, url: String(line.dropFirst("listening on ".count)), home: home)
    }

    /// `--server URL --user USER`, for the commands run against this portal.
    func server(user: String = "test@liferay.com") -> [String] { ["--server", url, "--user", user] }

    /// Sets fault settings (any subset of the emulator's keys) and returns the new settings.
    @discardableResult
    func setFaults(_ settings: JSONValue) async throws -> JSONValue {
        try await admin("POST", "/_emulator/faults", body: settings.serialized())
    }

    /// The emulator's request journal, oldest first.
    func requests() async throws -> [JSONValue] {
        try await admin("GET", "/_emulator/requests")["requests"]?.arrayValue ?? []
    }

    /// Clears every fault.
    func clearFaults() async throws {
        try await setFaults([
            "latencyMs": 0, "jitterMs": 0, "failureRate": 0, "dropRate": 0, "truncateRate": 0, "offline": false, "dripBytesPerSecond": 0,
        ])
    }

    /// Every record of `recordSetId` on the portal, read by the real binary (no faults must be set).
    func records(_ recordSetId: Int64, environment: [String: String] = ["TERMLETS_PASSWORD": "test"]) async throws -> [JSONValue] {
        let listing = try await home.run(
            ["list", "--record-set-id", String(recordSetId), "--all", "--page-size", "1000", "--first-page-size", "1000",
             "--offline-policy", "remote-only", "--format", "json"] + server(), environment: environment)
        guard listing.status == 0 else { throw CLIFailure(result: listing) }
        return try JSONValue.parse(listing.stdout)["records"]?.arrayValue ?? []
    }

    /// How many records of `recordSetId` have `field` equal to each value.
    func valueCounts(_ recordSetId: Int64, field: String) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for record in try await records(recordSetId) {
            if let value = record["values"]?[field]?.stringValue { counts[value, default: 0] += 1 }
        }
        return counts
    }

    func stop() {
        process.terminate()
    }

    /// An admin request (faults, journal). Each goes on a connection of its own (a kept-alive one
    /// shared by the tests of the process once answered an empty 500 under load); a transport
    /// failure or an answer other than 200 is tried again twice before the test fails with it.
    private func admin(_ method: String, _ path: String, body: String? = nil) async throws -> JSONValue {
        var request = URLRequest(url: URL(string: url + path)!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        request.timeoutInterval = 30
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("close", forHTTPHeaderField: "Connection")
        var failure = ""
        for attempt in 1...3 {
            if attempt > 1 { try await Task.sleep(nanoseconds: 200_000_000) }
            do {
                let (data, response) = try await URLSession.shared.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if status == 200 { return try JSONValue.parse(bytes: data) }
                failure = "HTTP \(status): \(String(decoding: data, as: UTF8.self))"
            } catch {
                failure = "\(error)"
            }
        }
        throw PortalStartFailure(line: "\(method) \(path): \(failure)")
    }
}

struct PortalStartFailure: Error, CustomStringConvertible {
    let line: String
    var description: String { "termlets portal: \(line)" }
}

extension TemporaryDirectory {
    /// Every regular file under the directory, recursively.
    func allFiles() -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }
}

/// Whether `haystack` holds the bytes of `needle`.
func bytes(_ haystack: Data, contain needle: String) -> Bool {
    haystack.range(of: Data(needle.utf8)) != nil
}
