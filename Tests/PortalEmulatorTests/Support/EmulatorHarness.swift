import DDM
import Foundation
@testable import PortalEmulator

/// Credentials of the demo users.
enum DemoUser {
    static let admin = ("test@liferay.com", "test")
    static let viewer = ("viewer@liferay.com", "viewer")

    static func basic(_ login: String, _ password: String) -> String {
        "Basic " + Data("\(login):\(password)".utf8).base64EncodedString()
    }
}

/// A started emulator plus helpers to call it over HTTP.
struct Portal: Sendable {
    let emulator: PortalEmulator

    var version: PortalVersion { emulator.version }
    var port: Int { emulator.port }

    /// POSTs `body` to `/api/jsonws/invoke` as `user` (nil: no credentials).
    func invoke(_ body: JSONValue, as user: (String, String)? = DemoUser.admin) async throws -> (status: Int, json: JSONValue) {
        let response = try await post("/api/jsonws/invoke", body: Array(body.serialized().utf8), as: user)
        return (response.status, try JSONValue.parse(bytes: response.body))
    }

    /// One command; returns the single result of the batch (or the error body).
    func call(_ path: String, _ params: JSONValue = [:], as user: (String, String)? = DemoUser.admin) async throws -> (status: Int, json: JSONValue) {
        let (status, json) = try await invoke([.object([path: params])], as: user)
        if status == 200, case .array(let results) = json, results.count == 1 { return (status, results[0]) }
        return (status, json)
    }

    /// A successful single call's result; fails the test otherwise.
    func result(_ path: String, _ params: JSONValue = [:], as user: (String, String)? = DemoUser.admin) async throws -> JSONValue {
        let (status, json) = try await call(path, params, as: user)
        guard status == 200, json["exception"] == nil else { throw HarnessError.unexpected("\(path) answered \(status): \(json.serialized())") }
        return json
    }

    func post(_ path: String, body: [UInt8], contentType: String = "application/json; charset=utf-8",
              as user: (String, String)? = DemoUser.admin) async throws -> RawResponse {
        var headers = [("Content-Type", contentType)]
        if let user { headers.append(("Authorization", DemoUser.basic(user.0, user.1))) }
        return try await RawHTTPClient.send(port: port, method: "POST", path: path, headers: headers, body: body)
    }

    func get(_ path: String) async throws -> RawResponse {
        try await RawHTTPClient.send(port: port, method: "GET", path: path)
    }

    /// Paths as each version names them.
    func path(_ service: Service, _ method: String) -> String {
        let name: String
        switch (service, version) {
        case (.record, .v62): name = "ddlrecord"
        case (.record, .v7): name = "ddl.ddlrecord"
        case (.recordSet, .v62): name = "ddlrecordset"
        case (.recordSet, .v7): name = "ddl.ddlrecordset"
        case (.structure, .v62): name = "ddmstructure"
        case (.structure, .v7): name = "ddm.ddmstructure"
        case (.screens, .v62): name = "screens-web.screensddlrecord"
        case (.screens, .v7): name = "screens.screensddlrecord"
        case (.bookmarks, .v62): name = "bookmarksentry"
        case (.bookmarks, .v7): name = "bookmarks.bookmarksentry"
        case (.bookmarkFolders, .v62): name = "bookmarksfolder"
        case (.bookmarkFolders, .v7): name = "bookmarks.bookmarksfolder"
        }
        return "/\(name)/\(method)"
    }

    enum Service { case record, recordSet, structure, screens, bookmarks, bookmarkFolders }

    /// A long ID as this version writes it.
    func id(_ value: Int64) -> JSONValue { version == .v7 ? .string(String(value)) : .int(value) }
}

enum HarnessError: Error { case unexpected(String) }

/// Starts an emulator (`release`: the classic one with the Screens plugin, or a stock 7.4) on port 0
/// with its own temporary data directory, runs `body`, stops it.
@discardableResult
func withPortal<T>(
    _ version: PortalVersion = .v7, dataDirectory: URL? = nil, seedFile: URL? = nil, faults: FaultSettings = .none,
    release: EmulatorRelease = .screensPlugin, _ body: (Portal) async throws -> T
) async throws -> T {
    let emulator = try await PortalEmulator.start(EmulatorOptions(
        port: 0, version: version, dataDirectory: dataDirectory, seedFile: seedFile, faults: faults, release: release))
    do {
        let result = try await body(Portal(emulator: emulator))
        await emulator.stop()
        return result
    } catch {
        await emulator.stop()
        throw error
    }
}

func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("termlets-emulator-test-\(UUID().uuidString)", isDirectory: true)
}

/// Waits for `condition`, polling, until `deadline` seconds have passed.
func eventually(within deadline: TimeInterval = 10, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let end = Date().addingTimeInterval(deadline)
    while Date() < end {
        if try await condition() { return true }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return try await condition()
}
