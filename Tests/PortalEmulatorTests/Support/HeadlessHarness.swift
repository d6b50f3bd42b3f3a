import DDM
import Foundation
@testable import PortalEmulator

/// Starts a stock 7.4 emulator on port 0 with its own temporary data directory, runs `body`, stops it.
@discardableResult
func withStock74Portal<T>(dataDirectory: URL? = nil, _ body: (Portal) async throws -> T) async throws -> T {
    try await withPortal(dataDirectory: dataDirectory, release: .liferay74, body)
}

/// An answer of a headless endpoint: the status, the body as JSON (`null` when empty or not JSON)
/// and the raw response.
struct RESTAnswer: Sendable {
    let status: Int
    let json: JSONValue
    let raw: RawResponse
}

extension Portal {
    static let adminBasic = DemoUser.basic(DemoUser.admin.0, DemoUser.admin.1)

    /// Sends a headless request with a JSON body (when given) and an `Authorization` header
    /// (Basic for the admin by default; nil sends none).
    func rest(_ method: String, _ path: String, json: JSONValue? = nil, authorization: String? = Portal.adminBasic) async throws -> RESTAnswer {
        var headers: [(String, String)] = []
        if let authorization { headers.append(("Authorization", authorization)) }
        var body: [UInt8] = []
        if let json {
            headers.append(("Content-Type", "application/json"))
            body = Array(json.serialized().utf8)
        }
        let raw = try await RawHTTPClient.send(port: port, method: method, path: path, headers: headers, body: body)
        return RESTAnswer(status: raw.status, json: (try? JSONValue.parse(bytes: raw.body)) ?? .null, raw: raw)
    }

    /// Sends a raw body (forms, multipart) with the given content type.
    func send(_ method: String, _ path: String, body: [UInt8], contentType: String, authorization: String? = Portal.adminBasic) async throws -> RESTAnswer {
        var headers: [(String, String)] = [("Content-Type", contentType)]
        if let authorization { headers.append(("Authorization", authorization)) }
        let raw = try await RawHTTPClient.send(port: port, method: method, path: path, headers: headers, body: body)
        return RESTAnswer(status: raw.status, json: (try? JSONValue.parse(bytes: raw.body)) ?? .null, raw: raw)
    }
}

/// The demo tickets' collection in the demo site.
let ticketsPath = "/o/c/tickets/scopes/\(DemoIDs.groupId)"
