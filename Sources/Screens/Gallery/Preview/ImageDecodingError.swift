/// Why an image could not be turned into a preview. Server data is untrusted: every malformed,
/// truncated or oversized input ends here, never in a crash.
public enum ImageDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a PNG (wrong signature) or not an image type we draw.
    case notPNG
    /// The data ends before the format says it should.
    case truncated(String)
    /// The data contradicts the format (bad checksum, bad Huffman code, bad filter…).
    case corrupt(String)
    /// Valid but not drawn (16-bit samples, interlacing, unknown colour type).
    case unsupported(String)
    /// Dimensions beyond the limits (``PNGDecoder/maximumSide``, ``PNGDecoder/maximumPixels``).
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .notPNG: return "not a PNG image"
        case .truncated(let what): return "truncated image data (\(what))"
        case .corrupt(let what): return "corrupt image data (\(what))"
        case .unsupported(let what): return "no preview for \(what)"
        case .tooLarge(let width, let height): return "image too large (\(width)×\(height))"
        }
    }
}
