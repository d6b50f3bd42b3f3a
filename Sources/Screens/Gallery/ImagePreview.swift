/// The preview of one image, as far as it got.
public enum ImagePreview: Equatable, Sendable {
    /// Being fetched or decoded.
    case loading
    /// Decoded (already scaled down to what the screen may need).
    case image(PixelImage)
    /// A type we do not decode (JPEG, GIF…): a glyph placeholder naming it.
    case placeholder(mimeType: String)
    /// Could not be fetched or decoded: why.
    case unavailable(String)

    /// The preview of `bytes` of type `mimeType`: PNGs are decoded and scaled down to fit
    /// `maxWidth × maxHeight` pixels; other types are placeholders; errors say what went wrong.
    public static func decode(_ bytes: [UInt8], mimeType: String, maxWidth: Int, maxHeight: Int) -> ImagePreview {
        guard PNGDecoder.isPNG(bytes) else {
            return mimeType.lowercased() == "image/png" ? .unavailable(ImageDecodingError.notPNG.description) : .placeholder(mimeType: mimeType)
        }
        do {
            return .image(try PNGDecoder.decode(bytes).downscaled(toFit: maxWidth, maxHeight))
        } catch {
            return .unavailable(error.description)
        }
    }

    /// The pixel bounds previews are kept at: tiles and the detail view.
    public static let tilePixels = (width: 64, height: 64)
    public static let detailPixels = (width: 240, height: 240)
}
