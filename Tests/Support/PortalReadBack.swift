import Foundation

#if canImport(Glibc)
    import Glibc
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
/// `/api/jsonws/invoke` with HTTP Basic, on a plain socket of its own (`Connection: close`),
/// waited for off the cooperative pool.
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
        guard let url = URL(string: server), let host = url.host, let port = url.port ?? (url.scheme == "http" ? 80 : nil) else {
            throw PortalReadBackFailure(message: "bad server URL \(server) (plain http only)")
        }
        let body = try JSONSerialization.data(withJSONObject: command)
        let credentials = Data("\(user):\(password)".utf8).base64EncodedString()
        let head = "POST \(url.path.hasSuffix("/") ? url.path : url.path + "/")api/jsonws/invoke HTTP/1.1\r\n"
            + "Host: \(host):\(port)\r\nAuthorization: Basic \(credentials)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let request = Data(head.utf8) + body
        let answer = try await offPool { try HTTPExchange.send(request, host: host, port: port, timeout: 60) }
        let parsed = try JSONSerialization.jsonObject(with: answer.body, options: [.fragmentsAllowed])
        let object = parsed as? [String: Any]
        if answer.status != 200 || object?["exception"] != nil || object?["error"] != nil {
            throw PortalReadBackFailure(message: "HTTP \(answer.status): \(String(decoding: answer.body.prefix(400), as: UTF8.self))")
        }
        return parsed
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

/// One HTTP/1.1 request on a new loopback TCP connection, read to the end (the request says
/// `Connection: close`). Blocking: call it off the cooperative pool.
enum HTTPExchange {
    struct Answer {
        let status: Int
        let body: Data
        /// The header fields, names in lower case.
        var headers: [String: String] = [:]
    }

    static func send(_ request: Data, host: String, port: Int, timeout: Int) throws -> Answer {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let address = found else {
            throw PortalReadBackFailure(message: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(found) }
        let socket = Glibc.socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard socket >= 0 else { throw PortalReadBackFailure(message: "socket: errno \(errno)") }
        defer { close(socket) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard connect(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
            throw PortalReadBackFailure(message: "cannot connect to \(host):\(port): errno \(errno)")
        }
        try request.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let n = Glibc.send(socket, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                guard n > 0 else { throw PortalReadBackFailure(message: "send: errno \(errno)") }
                sent += n
            }
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(socket, &buffer, buffer.count, 0)
            if n == 0 { break }
            guard n > 0 else { throw PortalReadBackFailure(message: "recv: errno \(errno)") }
            received.append(contentsOf: buffer[0..<n])
        }
        return try parse(received)
    }

    /// Status and body of a whole answer: `Content-Length` or chunked, as the portal sends it.
    static func parse(_ raw: Data) throws -> Answer {
        guard let split = raw.range(of: Data("\r\n\r\n".utf8)) else { throw PortalReadBackFailure(message: "no HTTP header in the answer") }
        let head = String(decoding: raw[..<split.lowerBound], as: UTF8.self).split(separator: "\r\n")
        let statusLine = head.first?.split(separator: " ") ?? []
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw PortalReadBackFailure(message: "bad status line") }
        var body = Data(raw[split.upperBound...])
        let chunked = head.contains { $0.lowercased().hasPrefix("transfer-encoding:") && $0.lowercased().contains("chunked") }
        if chunked { body = try dechunk(body) }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return Answer(status: status, body: body, headers: headers)
    }

    private static func dechunk(_ data: Data) throws -> Data {
        var out = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw PortalReadBackFailure(message: "bad chunk") }
            if size == 0 { break }
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { throw PortalReadBackFailure(message: "short chunk") }
            let end = rest.index(start, offsetBy: size)
            out.append(rest[start..<end])
            rest = rest[(rest.index(end, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex)...]
        }
        return out
    }
}
