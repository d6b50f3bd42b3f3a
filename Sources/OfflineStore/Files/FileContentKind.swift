/// What a file is, judged by its first bytes (its "magic"), never by its name.
public enum FileContentKind: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case png, jpeg, gif, webp, bmp
    case pdf, zip, gzip, executable

    /// Whether it is an image an image field or the gallery takes.
    public var isImage: Bool {
        switch self {
        case .png, .jpeg, .gif, .webp, .bmp: return true
        case .pdf, .zip, .gzip, .executable: return false
        }
    }

    /// The MIME type to announce for it.
    public var mimeType: String {
        switch self {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        case .gif: return "image/gif"
        case .webp: return "image/webp"
        case .bmp: return "image/bmp"
        case .pdf: return "application/pdf"
        case .zip: return "application/zip"
        case .gzip: return "application/gzip"
        case .executable: return "application/octet-stream"
        }
    }

    /// As a user reads it: "a PNG image", "a PDF".
    public var description: String {
        switch self {
        case .png: return "a PNG image"
        case .jpeg: return "a JPEG image"
        case .gif: return "a GIF image"
        case .webp: return "a WebP image"
        case .bmp: return "a BMP image"
        case .pdf: return "a PDF"
        case .zip: return "a ZIP archive or an office document"
        case .gzip: return "a gzip archive"
        case .executable: return "a program"
        }
    }

    /// The kind the first bytes of a file announce, or `nil`.
    public static func sniff(_ bytes: [UInt8]) -> FileContentKind? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("BM".utf8)), bytes.count >= 14 { return .bmp }
        if starts(Array("%PDF".utf8)) { return .pdf }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return .zip }
        if starts([0x1F, 0x8B]) { return .gzip }
        if starts([0x7F, 0x45, 0x4C, 0x46]) { return .executable }
        return nil
    }
}
