import Foundation

/// A small reader of Liferay Objects entries of its own, for end-to-end tests that must check what
/// the portal holds **without** going through Termlets: a plain `GET` of `/o/c/<plural>/…` with
/// HTTP Basic on a socket of its own (``HTTPExchange``, `Connection: close`), off the cooperative pool.
public struct ObjectsReadBack: Sendable {
    public let server: String
    public let user: String
    public let password: String

    public init(server: String, user: String = "test@liferay.com", password: String = "test") {
        self.server = server
        self.user = user
        self.password = password
    }

    /// The parsed JSON of `GET <server><path>` (e.g. `/o/c/tickets/200001`), with its HTTP status.
    public func get(_ path: String) async throws -> (status: Int, json: Any?) {
        guard let url = URL(string: server), let host = url.host, let port = url.port ?? (url.scheme == "http" ? 80 : nil) else {
            throw PortalReadBackFailure(message: "bad server URL \(server) (plain http only)")
        }
        let credentials = Data("\(user):\(password)".utf8).base64EncodedString()
        let head = "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nAuthorization: Basic \(credentials)\r\n"
            + "Accept: application/json\r\nConnection: close\r\n\r\n"
        let answer = try await offPool { try HTTPExchange.send(Data(head.utf8), host: host, port: port, timeout: 60) }
        return (answer.status, try? JSONSerialization.jsonObject(with: answer.body, options: [.fragmentsAllowed]))
    }

    /// One entry by ID; `nil` when the portal answers 404.
    public func entry(_ plural: String, id: Int64) async throws -> [String: Any]? {
        let answer = try await get("/o/c/\(plural)/\(id)")
        if answer.status == 404 { return nil }
        guard answer.status == 200, let entry = answer.json as? [String: Any] else {
            throw PortalReadBackFailure(message: "GET /o/c/\(plural)/\(id): HTTP \(answer.status)")
        }
        return entry
    }

    /// The entries of a collection path (e.g. `/o/c/tickets/scopes/20143`) matching an OData
    /// `filter`, e.g. `externalReferenceCode eq 'X'` (first 500).
    public func entries(_ collection: String, filter: String) async throws -> [[String: Any]] {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let query = filter.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        let answer = try await get("\(collection)?pageSize=500&filter=\(query)")
        guard answer.status == 200, let page = answer.json as? [String: Any], let items = page["items"] as? [[String: Any]] else {
            throw PortalReadBackFailure(message: "GET \(collection): HTTP \(answer.status)")
        }
        return items
    }

    /// The `totalCount` of a collection path.
    public func totalCount(_ collection: String) async throws -> Int {
        let answer = try await get("\(collection)?pageSize=1")
        guard answer.status == 200, let page = answer.json as? [String: Any], let total = (page["totalCount"] as? NSNumber)?.intValue else {
            throw PortalReadBackFailure(message: "GET \(collection): HTTP \(answer.status)")
        }
        return total
    }
}
