import DDM
import Hummingbird

/// Helpers that build the emulator's HTTP responses; every one carries the `Liferay-Portal` header.
enum HTTPResponses {
    static let liferayPortal = HTTPFields.Element.Name("Liferay-Portal")!

    static func headers(_ version: PortalVersion, contentType: String? = nil, extra: [(String, String)] = []) -> HTTPFields {
        var fields = HTTPFields()
        fields[liferayPortal] = PortalIdentity.header(version)
        if let contentType { fields[.contentType] = contentType }
        for (name, value) in extra {
            if let fieldName = HTTPFields.Element.Name(name) { fields[fieldName] = value }
        }
        return fields
    }

    static func json(_ value: JSONValue, status: Int = 200, version: PortalVersion, extra: [(String, String)] = []) -> Response {
        bytes(Array(value.serialized().utf8), status: status, contentType: "application/json;charset=UTF-8", version: version, extra: extra)
    }

    static func text(_ text: String, status: Int, version: PortalVersion) -> Response {
        bytes(Array(text.utf8), status: status, contentType: "text/plain;charset=UTF-8", version: version)
    }

    static func bytes(_ data: [UInt8], status: Int, contentType: String, version: PortalVersion, extra: [(String, String)] = []) -> Response {
        var fields = headers(version, contentType: contentType, extra: extra)
        fields[.contentLength] = String(data.count)
        return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func empty(status: Int, version: PortalVersion) -> Response {
        var fields = headers(version)
        fields[.contentLength] = "0"
        return Response(status: .init(code: status), headers: fields)
    }
}
