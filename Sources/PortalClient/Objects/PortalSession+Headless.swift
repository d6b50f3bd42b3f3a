import DDM
import Foundation
import NIOHTTP1

/// The methods of a headless (`/o/…`) request.
public enum HeadlessMethod: String, Sendable, Hashable {
    case GET, POST, PUT, PATCH, DELETE

    var http: HTTPMethod {
        switch self {
        case .GET: return .GET
        case .POST: return .POST
        case .PUT: return .PUT
        case .PATCH: return .PATCH
        case .DELETE: return .DELETE
        }
    }
}

extension PortalSession {
    /// The longest problem title kept in an error message.
    static let maxProblemTitle = 300

    /// An authenticated request to a headless application (`/o/…`, same origin as the server),
    /// with `body` sent as JSON. Answers the decoded body, or `nil` for an empty one (a DELETE's
    /// 204). A status other than 2xx throws a ``PortalError`` mapped as JSON-WS errors are (401
    /// authentication, 403 permission, 404 not found, 400/409/422 validation, else server), with
    /// the Vulcan `Problem`'s `title` (sanitized, bounded) as its message and its `type` as the
    /// exception class. A 2xx body that is not JSON throws (`.server`).
    public func headlessRequest(_ method: HeadlessMethod, _ pathAndQuery: String, body: JSONValue? = nil) async throws -> JSONValue? {
        guard pathAndQuery.hasPrefix("/o/") else {
            throw PortalError(kind: .input, message: "not a headless path: \(Sanitizer.clean(pathAndQuery, limit: 200))")
        }
        try checkTransportSecurity()
        var base = context.serverURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var headers = baseHeaders()
        var bytes: [UInt8]?
        if let body {
            headers.add(name: "Content-Type", value: "application/json")
            bytes = Array(body.serialized().utf8)
        }
        let answer: HTTPAnswer
        do {
            answer = try await transport.send(method: method.http, url: base + pathAndQuery, headers: headers, body: bytes)
        } catch let error as PortalError {
            throw redact(error)
        }
        guard (200..<300).contains(answer.status) else { throw redact(Self.headlessError(status: answer.status, body: answer.body)) }
        if answer.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return nil }
        guard let json = try? JSONValue.parse(bytes: answer.body) else {
            throw PortalError(kind: .server, message: "the portal's answer is not JSON", httpStatus: answer.status)
        }
        return json
    }

    /// The error of a headless answer with a status other than 2xx: its Vulcan `Problem`
    /// (`{"status", "title", "type"}`) when the body is one, else the bare status.
    static func headlessError(status: Int, body: [UInt8]) -> PortalError {
        let generic = ResponseParser.statusError(status)
        let problem = try? JSONValue.parse(bytes: body)
        let title = problem?["title"]?.stringValue.map { Sanitizer.clean($0, limit: maxProblemTitle) } ?? ""
        let type = problem?["type"]?.stringValue.map { Sanitizer.clean($0, limit: 200) }.flatMap { $0.isEmpty ? nil : $0 }
        let kind: PortalError.Kind
        switch status {
        case 400, 409, 422: kind = .validation
        default: kind = generic.kind
        }
        let message = title.isEmpty ? generic.message : title
        return PortalError(kind: kind, message: message, exceptionClass: type, httpStatus: status)
    }
}
