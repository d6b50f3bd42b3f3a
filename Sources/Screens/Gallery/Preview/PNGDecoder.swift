/// A PNG decoder in pure Swift for previews: 8-bit grey, grey+alpha, RGB, RGBA and palette images
/// (1/2/4/8-bit palettes and greys too), all five filters, `tRNS` transparency. 16-bit samples
/// and interlaced images are ``ImageDecodingError/unsupported(_:)``; anything malformed,
/// truncated or beyond the size limits is an error, never a crash: server data is untrusted.
public enum PNGDecoder {
    /// The largest width or height accepted.
    public static let maximumSide = 16_384
    /// The largest pixel count accepted (64 M).
    public static let maximumPixels = 64 << 20

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// True when `bytes` start with the PNG signature.
    public static func isPNG(_ bytes: [UInt8]) -> Bool { bytes.starts(with: signature) }

    /// Decodes `bytes` into RGBA.
    public static func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> PixelImage {
        guard isPNG(bytes) else { throw .notPNG }
        var header: Header?
        var palette: [UInt8] = []
        var transparency: [UInt8] = []
        var compressed: [UInt8] = []
        var offset = signature.count
        var sawEnd = false
        while !sawEnd {
            guard offset + 8 <= bytes.count else { throw .truncated("chunk header") }
            let length = Int(readUInt32(bytes, offset))
            let type = Array(bytes[offset + 4..<offset + 8])
            guard length <= 0x7FFF_FFFF, offset + 12 + length <= bytes.count else { throw .truncated("chunk \(typeName(type))") }
            let body = Array(bytes[offset + 8..<offset + 8 + length])
            let crc = readUInt32(bytes, offset + 8 + length)
            guard CRC32.checksum(type + body) == crc else { throw .corrupt("checksum of chunk \(typeName(type))") }
            offset += 12 + length
            switch typeName(type) {
            case "IHDR":
                guard header == nil else { throw .corrupt("second IHDR") }
                header = try Header(body)
            case "PLTE":
                guard body.count % 3 == 0, body.count <= 768, !body.isEmpty else { throw .corrupt("palette length") }
                palette = body
            case "tRNS": transparency = body
            case "IDAT":
                guard header != nil else { throw .corrupt("IDAT before IHDR") }
                compressed += body
            case "IEND": sawEnd = true
            default:
                // Ancillary chunks are skipped; an unknown critical chunk (upper-case first letter) is not.
                if type[0] & 0x20 == 0 { throw .unsupported("PNG chunk \(typeName(type))") }
            }
            if header == nil, !sawEnd, typeName(type) != "IHDR" { throw .corrupt("IHDR is not the first chunk") }
        }
        guard let header else { throw .corrupt("no IHDR") }
        guard !compressed.isEmpty else { throw .truncated("no image data") }
        let raw = try Inflate.zlib(compressed, maximumOutput: header.rawByteCount)
        guard raw.count == header.rawByteCount else { throw .truncated("image data is \(raw.count) of \(header.rawByteCount) bytes") }
        let rows = try unfilter(raw, header: header)
        return try expand(rows, header: header, palette: palette, transparency: transparency)
    }

    struct Header {
        let width: Int
        let height: Int
        let bitDepth: Int
        let colorType: Int

        init(_ body: [UInt8]) throws(ImageDecodingError) {
            guard body.count == 13 else { throw .corrupt("IHDR length") }
            width = Int(PNGDecoder.readUInt32(body, 0))
            height = Int(PNGDecoder.readUInt32(body, 4))
            bitDepth = Int(body[8])
            colorType = Int(body[9])
            guard width > 0, height > 0 else { throw .corrupt("zero width or height") }
            guard width <= PNGDecoder.maximumSide, height <= PNGDecoder.maximumSide, width * height <= PNGDecoder.maximumPixels else {
                throw .tooLarge(width: width, height: height)
            }
            guard body[10] == 0, body[11] == 0 else { throw .corrupt("compression or filter method") }
            guard body[12] == 0 else { throw .unsupported("interlaced PNG") }
            let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
            guard let depths = allowed[colorType] else { throw .unsupported("PNG colour type \(colorType)") }
            guard depths.contains(bitDepth) else { throw .corrupt("bit depth \(bitDepth) for colour type \(colorType)") }
            guard bitDepth != 16 else { throw .unsupported("16-bit PNG") }
        }

        var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1 }
        var bitsPerPixel: Int { channels * bitDepth }
        /// Bytes per row without the filter byte.
        var rowBytes: Int { (width * bitsPerPixel + 7) / 8 }
        /// The filter's byte distance to the pixel on the left (at least 1).
        var filterStride: Int { max(1, bitsPerPixel / 8) }
        var rawByteCount: Int { height * (rowBytes + 1) }
    }

    /// Undoes the per-row filters (none, sub, up, average, Paeth).
    static func unfilter(_ raw: [UInt8], header: Header) throws(ImageDecodingError) -> [UInt8] {
        let rowBytes = header.rowBytes
        let stride = header.filterStride
        var out = [UInt8](repeating: 0, count: rowBytes * header.height)
        for y in 0..<header.height {
            let filter = raw[y * (rowBytes + 1)]
            let source = y * (rowBytes + 1) + 1
            let row = y * rowBytes
            let previous = row - rowBytes
            for x in 0..<rowBytes {
                let value = raw[source + x]
                let left = x >= stride ? Int(out[row + x - stride]) : 0
                let up = y > 0 ? Int(out[previous + x]) : 0
                let upLeft = (y > 0 && x >= stride) ? Int(out[previous + x - stride]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4: predictor = paeth(left, up, upLeft)
                default: throw .corrupt("filter type \(filter) in row \(y)")
                }
                out[row + x] = value &+ UInt8(truncatingIfNeeded: predictor)
            }
        }
        return out
    }

    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Turns unfiltered rows into RGBA.
    static func expand(_ rows: [UInt8], header: Header, palette: [UInt8], transparency: [UInt8]) throws(ImageDecodingError)
        -> PixelImage
    {
        let width = header.width, height = header.height
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        let depth = header.bitDepth
        let rowBytes = header.rowBytes
        let maxSample = (1 << depth) - 1
        func sample(_ row: Int, _ index: Int) -> Int {
            // The index-th `depth`-bit sample of a row (depth 1, 2, 4 or 8).
            let bitOffset = index * depth
            let byte = Int(rows[row * rowBytes + bitOffset / 8])
            let shift = 8 - depth - bitOffset % 8
            return (byte >> shift) & maxSample
        }
        let greyKey = transparency.count >= 2 ? Int(transparency[0]) << 8 | Int(transparency[1]) : -1
        let rgbKey: (Int, Int, Int)? =
            transparency.count >= 6
            ? (Int(transparency[1]), Int(transparency[3]), Int(transparency[5])) : nil
        if header.colorType == 3, palette.isEmpty { throw .corrupt("palette image without PLTE") }
        for y in 0..<height {
            for x in 0..<width {
                let target = (y * width + x) * 4
                switch header.colorType {
                case 0:
                    let value = sample(y, x)
                    let grey = UInt8(value * 255 / maxSample)
                    rgba[target] = grey
                    rgba[target + 1] = grey
                    rgba[target + 2] = grey
                    if value == greyKey { rgba[target + 3] = 0 }
                case 2:
                    let source = y * rowBytes + x * 3
                    let (r, g, b) = (rows[source], rows[source + 1], rows[source + 2])
                    rgba[target] = r
                    rgba[target + 1] = g
                    rgba[target + 2] = b
                    if let rgbKey, (Int(r), Int(g), Int(b)) == rgbKey { rgba[target + 3] = 0 }
                case 3:
                    let index = sample(y, x)
                    guard index * 3 + 2 < palette.count else { throw .corrupt("palette index \(index) out of range") }
                    rgba[target] = palette[index * 3]
                    rgba[target + 1] = palette[index * 3 + 1]
                    rgba[target + 2] = palette[index * 3 + 2]
                    rgba[target + 3] = index < transparency.count ? transparency[index] : 255
                case 4:
                    let source = y * rowBytes + x * 2
                    let grey = rows[source]
                    rgba[target] = grey
                    rgba[target + 1] = grey
                    rgba[target + 2] = grey
                    rgba[target + 3] = rows[source + 1]
                default:
                    let source = y * rowBytes + x * 4
                    rgba[target] = rows[source]
                    rgba[target + 1] = rows[source + 1]
                    rgba[target + 2] = rows[source + 2]
                    rgba[target + 3] = rows[source + 3]
                }
            }
        }
        return PixelImage(width: width, height: height, rgba: rgba)
    }

    static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func typeName(_ type: [UInt8]) -> String {
        String(decoding: type.map { (0x41...0x7A).contains($0) ? $0 : 0x3F }, as: UTF8.self)
    }
}

/// CRC-32 (ISO 3309, as PNG uses it).
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
