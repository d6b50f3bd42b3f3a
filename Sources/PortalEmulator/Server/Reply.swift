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

extension Reply {
    /// This answer with every count call's result (a service path ending in `-count`) replaced
    /// by `count`: a batch's results by position, a direct call's whole body.
    func withCounts(_ count: Int64) -> Reply {
        guard status == 200, services.contains(where: { $0.hasSuffix("-count") }),
            let json = try? JSONValue.parse(bytes: body)
        else { return self }
        var copy = self
        if case .array(var results) = json, results.count == services.count {
            for (index, service) in services.enumerated() where service.hasSuffix("-count") { results[index] = .int(count) }
            copy.body = Array(JSONValue.array(results).serialized().utf8)
        } else if services.count == 1 {
            copy.body = Array(JSONValue.int(count).serialized().utf8)
        }
        return copy
    }

    /// A response that announces the full length and then writes the body a little at a time,
    /// `bytesPerSecond` on average (chunks of a tenth of that, at least one byte), as a slow link
    /// would. The writer stops when the client goes away.
    func drippedResponse(bytesPerSecond: Int) -> Response {
        var fields = headers
        fields[.contentLength] = String(body.count)
        let body = body
        let chunk = max(1, bytesPerSecond / 10)
        let pause = Duration.seconds(Double(chunk) / Double(max(1, bytesPerSecond)))
        return Response(status: .init(code: status), headers: fields, body: .init { writer in
            var offset = 0
            while offset < body.count {
                let end = min(body.count, offset + chunk)
                try await writer.write(ByteBuffer(bytes: body[offset..<end]))
                offset = end
                if offset < body.count { try await Task.sleep(for: pause) }
            }
            try await writer.finish(nil)
        })
    }
}

/// Errors used to cut connections on purpose.
enum InjectedFault: Error {
    case truncated
    case dropped
}
