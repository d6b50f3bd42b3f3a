/// An 8-bit RGBA image in memory, row-major, what the preview renderer draws.
public struct PixelImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4, "RGBA buffer does not match the size")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// A pixel as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let offset = (y * width + x) * 4
        return (rgba[offset], rgba[offset + 1], rgba[offset + 2], rgba[offset + 3])
    }

    /// The image scaled down (never up) to fit `maxWidth × maxHeight`, keeping its aspect ratio,
    /// by a box filter (each target pixel averages the source pixels it covers).
    public func downscaled(toFit maxWidth: Int, _ maxHeight: Int) -> PixelImage {
        guard width > 0, height > 0, maxWidth > 0, maxHeight > 0 else { return PixelImage(width: 0, height: 0, rgba: []) }
        guard width > maxWidth || height > maxHeight else { return self }
        let scale = min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        let targetWidth = max(1, min(maxWidth, Int((Double(width) * scale).rounded())))
        let targetHeight = max(1, min(maxHeight, Int((Double(height) * scale).rounded())))
        return resampled(width: targetWidth, height: targetHeight)
    }

    /// The image box-filtered to exactly `newWidth × newHeight` (both at most the current size
    /// for a true box filter; larger sizes repeat pixels).
    public func resampled(width newWidth: Int, height newHeight: Int) -> PixelImage {
        guard newWidth > 0, newHeight > 0, width > 0, height > 0 else { return PixelImage(width: 0, height: 0, rgba: []) }
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for ty in 0..<newHeight {
            let y0 = ty * height / newHeight
            let y1 = max(y0 + 1, (ty + 1) * height / newHeight)
            for tx in 0..<newWidth {
                let x0 = tx * width / newWidth
                let x1 = max(x0 + 1, (tx + 1) * width / newWidth)
                var sums = (0, 0, 0, 0)
                for sy in y0..<y1 {
                    var offset = (sy * width + x0) * 4
                    for _ in x0..<x1 {
                        // Colours weighted by alpha, so transparent pixels do not darken edges.
                        let alpha = Int(rgba[offset + 3])
                        sums.0 += Int(rgba[offset]) * alpha
                        sums.1 += Int(rgba[offset + 1]) * alpha
                        sums.2 += Int(rgba[offset + 2]) * alpha
                        sums.3 += alpha
                        offset += 4
                    }
                }
                let count = (y1 - y0) * (x1 - x0)
                let target = (ty * newWidth + tx) * 4
                if sums.3 > 0 {
                    out[target] = UInt8(sums.0 / sums.3)
                    out[target + 1] = UInt8(sums.1 / sums.3)
                    out[target + 2] = UInt8(sums.2 / sums.3)
                }
                out[target + 3] = UInt8(sums.3 / count)
            }
        }
        return PixelImage(width: newWidth, height: newHeight, rgba: out)
    }
}
