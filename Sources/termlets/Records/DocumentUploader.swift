import DDM
import Foundation
import PortalClient

/// Uploads the local files chosen for Documents and Media fields, as the form screenlet does:
/// at once, titled with the file prefix and a fresh UUID, into the form's repository and folder.
struct DocumentUploader: Sendable {
    let session: PortalSession
    let repositoryId: Int64
    let folderId: Int64
    let filePrefix: String

    /// Uploads `path` and returns the field value that refers to the new file entry.
    func upload(_ path: String, forField field: String) async throws(CommandFailure) -> FieldValue {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CommandFailure(.input, "field \(field): \(path): no such file")
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw CommandFailure(.input, "field \(field): \(path): cannot be read")
        }
        let file = FileUpload(fileURL: url, mimeType: Self.mimeType(of: url))
        let title = filePrefix + UUID().uuidString.lowercased()
        let entry = try await failing("field \(field): upload of \(path)") { [session, repositoryId, folderId] in
            try await session.addFileEntry(
                repositoryId: repositoryId, folderId: folderId, file: file, title: title,
                changeLog: "Uploaded from Termlets")
        }
        return .document(.uploaded(DocumentReference(groupId: entry.groupId, uuid: entry.uuid, version: entry.version)))
    }

    /// The content type announced for a file, from its extension.
    static func mimeType(of url: URL) -> String {
        switch url.pathExtension.lowercased() {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "pdf": return "application/pdf"
        case "txt", "md": return "text/plain"
        case "csv": return "text/csv"
        case "json": return "application/json"
        default: return "application/octet-stream"
        }
    }
}
