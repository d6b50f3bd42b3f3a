import DDM
import Hummingbird

/// A complete answer before it is written: fault injection may write only half of it.
struct Reply: Sendable {
    var status: Int
    var headers: HTTPFields
    var body: [UInt8]
    /// The service paths the request carried.
    var services: [String] = []

    static func json(_ value: JSONValue, status: Int = 200, version: PortalVersion, extra: [(String, String)] = [], services: [String] = []) -> Reply {
        Reply(status: status, headers: HTTPResponses.headers(version, contentType: "application/json;charset=UTF-8", extra: extra),
              body: Array(value.serialized().utf8), services: services)
    }

    static func text(_ text: String, status: Int, version: PortalVersion) -> Reply {
        Reply(status: status, headers: HTTPResponses.headers(version, contentType: "text/plain;charset=UTF-8"), body: Array(text.utf8))
    }

    static func bytes(_ data: [UInt8], contentType: String, version: PortalVersion) -> Reply {
        Reply(status: 200, headers: HTTPResponses.headers(version, contentType: contentType), body: data)
    }

    /// The full response.
    func response(isHead: Bool = false) -> Response {
        var fields = headers
        fields[.contentLength] = String(body.count)
        if isHead { return Response(status: .init(code: status), headers: fields) }
        return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A response that announces the full length, writes half of the body and then fails, so
    /// the connection closes mid-body.
    func truncatedResponse() -> Response {
        var fields = headers
        fields[.contentLength] = String(body.count)
        let half = Array(body.prefix(body.count / 2))
        return Response(status: .init(code: status), headers: fields, body: .init { writer in
            if !half.isEmpty { try await writer.write(ByteBuffer(bytes: half)) }
            throw InjectedFault.truncated
        })
    }
}

/// Errors used to cut connections on purpose.
enum InjectedFault: Error {
    case truncated
    case dropped
}
