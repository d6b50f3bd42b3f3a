import Foundation

/// A local image to upload to the gallery's folder.
public struct GalleryUpload: Sendable, Hashable {
    public var file: URL
    /// The file entry's title; `nil` or empty for the screenlet's `filePrefix` plus a unique suffix.
    public var title: String?
    public var description: String
    /// `nil`: guessed from the file's extension.
    public var mimeType: String?

    public init(file: URL, title: String? = nil, description: String = "", mimeType: String? = nil) {
        self.file = file
        self.title = title
        self.description = description
        self.mimeType = mimeType
    }

    /// The MIME type to send: the given one, or the one of the file's extension.
    public var resolvedMimeType: String {
        if let mimeType, !mimeType.isEmpty { return mimeType }
        switch file.pathExtension.lowercased() {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        default: return "application/octet-stream"
        }
    }

    /// The title to send: the given one, or `prefix` plus a unique suffix and the extension.
    func resolvedTitle(prefix: String) -> String {
        if let title = title?.trimmingCharacters(in: .whitespaces), !title.isEmpty { return title }
        let suffix = UUID().uuidString.lowercased().prefix(8)
        let ext = file.pathExtension
        return prefix + suffix + (ext.isEmpty ? "" : "." + ext)
    }
}
