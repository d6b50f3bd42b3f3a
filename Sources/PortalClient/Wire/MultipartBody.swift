import DDM
import Foundation

/// The layout of a `multipart/form-data` upload: every non-file parameter as a text field
/// (wrappers flattened, `null`s left out), then the file part, streamed between `head` and `tail`.
struct MultipartBody: Sendable {
    let boundary: String
    /// Every text field, then the file part's headers.
    let head: [UInt8]
    /// The end of the file part and the closing boundary.
    let tail: [UInt8]
    let fileSize: Int64

    var contentLength: Int64 { Int64(head.count) + fileSize + Int64(tail.count) }
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// A boundary no file is likely to contain.
    static func randomBoundary() -> String {
        "----termlets-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    init(call: ServiceCall, fileSize: Int64, boundary: String = MultipartBody.randomBoundary()) throws(PortalError) {
        guard let (fileName, file) = call.fileParameter else {
            throw PortalError(kind: .input, message: "\(call.path) has no file to upload")
        }
        self.boundary = boundary
        self.fileSize = fileSize
        var head = ""
        for (name, value) in call.encodedParameters {
            guard let text = Self.fieldText(value) else { continue }
            head += "--\(boundary)\r\n"
            head += "Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n"
            head += text + "\r\n"
        }
        head += "--\(boundary)\r\n"
        head += "Content-Disposition: form-data; name=\"\(Self.quoted(fileName))\"; filename=\"\(Self.quoted(file.fileName))\"\r\n"
        head += "Content-Type: \(Self.headerSafe(file.mimeType))\r\n\r\n"
        self.head = Array(head.utf8)
        self.tail = Array("\r\n--\(boundary)--\r\n".utf8)
    }

    /// A parameter as form-field text: strings raw, numbers and booleans as JSON, arrays and
    /// objects as JSON text; `nil` for `null` (the field is left out rather than sent as "null").
    static func fieldText(_ value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .string(let s): return s
        default: return value.serialized()
        }
    }

    /// Escapes a name for a quoted header parameter the way browsers do.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Drops characters that could break a header line.
    static func headerSafe(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }
}
