import DDM
import Foundation

extension MultipartBody {
    /// A body of text parts (`name`, text, optional content type), then the file part named
    /// `fileField`: headless-delivery's `document` JSON part and `file` part.
    init(
        parts: [(name: String, text: String, contentType: String?)], fileField: String, file: FileUpload, fileSize: Int64,
        boundary: String = MultipartBody.randomBoundary()
    ) {
        self.boundary = boundary
        self.fileSize = fileSize
        var head = ""
        for part in parts {
            head += "--\(boundary)\r\n"
            head += "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\"\r\n"
            if let type = part.contentType { head += "Content-Type: \(Self.headerSafe(type))\r\n" }
            head += "\r\n" + part.text + "\r\n"
        }
        head += "--\(boundary)\r\n"
        head += "Content-Disposition: form-data; name=\"\(Self.quoted(fileField))\"; filename=\"\(Self.quoted(file.fileName))\"\r\n"
        head += "Content-Type: \(Self.headerSafe(file.mimeType))\r\n\r\n"
        self.head = Array(head.utf8)
        self.tail = Array("\r\n--\(boundary)--\r\n".utf8)
    }
}
