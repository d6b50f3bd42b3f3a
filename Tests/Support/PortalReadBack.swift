import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A record as the portal holds it, read back by `PortalReadBack`.
public struct PortalRecordReading: Sendable, Equatable {
    /// The record's id on the portal.
    public let recordId: Int64
    /// Every field value as the portal's JSON gives it: strings as they are, anything else
    /// (numbers, booleans, arrays, objects) as its compact JSON text.
    public let values: [String: String]
}

/// A small JSON web services client of its own, for end-to-end tests that must check what the portal
/// holds **without** going through Termlets (its client, cache or commands): one POST to
/// `/api/jsonws/invoke` with HTTP Basic, on a connection of its own, read with Foundation.
public struct PortalReadBack: Sendable {
    public let server: String
    public let user: String
    public let password: String
    /// `true` for a 7.x portal (`/screens.screensddlrecord/…`), `false` for 6.2 (`/screens-web.…`).
    public let version7: Bool

    public init(server: String, user: String = "test@liferay.com", password: String = "test", version7: Bool = true) {
        self.server = server
        self.user = user
        self.password = password
        self.version7 = version7
    }

    /// Every record of a record set, in record id order.
    public func records(recordSetId: Int64) async throws -> [PortalRecordReading] {
        let path = version7 ? "/screens.screensddlrecord/get-ddl-records" : "/screens-web.screensddlrecord/get-ddl-records"
        let command: [String: Any] = [path: ["ddlRecordSetId": recordSetId, "locale": "en_US", "start": -1, "end": -1]]
        guard let rows = try await invoke(command) as? [[String: Any]] else {
            throw PortalReadBackFailure(message: "get-ddl-records did not answer an array")
        }
        return try rows.map(Self.reading).sorted { $0.recordId < $1.recordId }
    }

    /// The records of a record set whose `field` holds `value` (as `PortalRecordReading.values` shows it).
    public func records(recordSetId: Int64, where field: String, is value: String) async throws -> [PortalRecordReading] {
        try await records(recordSetId: recordSetId).filter { $0.values[field] == value }
    }

    /// Sends one `/invoke` command and returns the parsed JSON answer; a portal error is thrown.
    public func invoke(_ command: [String: Any]) async throws -> Any {
        guard let url = URL(string: server.hasSuffix("/") ? server + "api/jsonws/invoke" : server + "/api/jsonws/invoke") else {
            throw PortalReadBackFailure(message: "bad server URL \(server)")
        }
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Basic " + Data("\(user):\(password)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        request.httpBody = try JSONSerialization.data(withJSONObject: command)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let body = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        if status != 200 || (body as? [String: Any])?["exception"] != nil || (body as? [String: Any])?["error"] != nil {
            throw PortalReadBackFailure(message: "HTTP \(status): \(String(decoding: data.prefix(400), as: UTF8.self))")
        }
        return body
    }

    private static func reading(_ row: [String: Any]) throws -> PortalRecordReading {
        let attributes = row["modelAttributes"] as? [String: Any] ?? [:]
        guard let id = (attributes["recordId"] as? NSNumber)?.int64Value ?? Int64("\(attributes["recordId"] ?? "")") else {
            throw PortalReadBackFailure(message: "a record without recordId: \(row)")
        }
        var values: [String: String] = [:]
        for (name, value) in row["modelValues"] as? [String: Any] ?? [:] {
            values[name] = text(value)
        }
        return PortalRecordReading(recordId: id, values: values)
    }

    private static func text(_ value: Any) -> String {
        if let string = value as? String { return string }
        if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) {
            return String(decoding: data, as: UTF8.self)
        }
        return "\(value)"
    }
}

public struct PortalReadBackFailure: Error, CustomStringConvertible {
    public let message: String
    public var description: String { "portal read-back: \(message)" }
}
