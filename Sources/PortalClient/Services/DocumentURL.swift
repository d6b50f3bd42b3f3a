import Foundation

/// The portal's public document URLs.
public enum DocumentURL {
    /// `<server>/documents/<groupId>/<folderId>/<percent-encoded title>/<uuid>`, and for a thumbnail
    /// `?version=<version>&imageThumbnail=1` appended.
    public static func url(server: URL, groupId: Int64, folderId: Int64, title: String, uuid: String, version: String? = nil, thumbnail: Bool = false)
        -> URL
    {
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var text = "\(base)/documents/\(groupId)/\(folderId)/\(percentEncode(title))/\(percentEncode(uuid))"
        if thumbnail {
            text += "?version=\(percentEncode(version ?? ""))&imageThumbnail=1"
        }
        return URL(string: text)!
    }

    /// The URL of a file entry (thumbnail: with its version).
    public static func url(server: URL, entry: FileEntry, thumbnail: Bool = false) -> URL {
        url(server: server, groupId: entry.groupId, folderId: entry.folderId, title: entry.title, uuid: entry.uuid, version: entry.version, thumbnail: thumbnail)
    }

    /// The server URL without a trailing slash, for portal-relative paths.
    public static func serverBase(_ server: URL) -> String {
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters.
    static func percentEncode(_ text: String) -> String {
        var allowed = CharacterSet()
        allowed.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
