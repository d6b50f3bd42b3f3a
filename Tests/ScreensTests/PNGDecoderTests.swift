import Foundation
import Screens
import TermletsTestSupport
import Testing

@Suite("PNG decoder")
struct PNGDecoderTests {
    static func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8((x * 7 + y * 3) % 256), UInt8((x * y) % 256), UInt8((x + 2 * y) % 256))
    }

    @Test func storedBlocksRoundTripEveryPixel() throws {
        // Blocks of 100 bytes: many stored blocks, split inside rows.
        let bytes = PNGTestEncoder.rgba(width: 31, height: 17, blockSize: 100) { x, y in
            let (r, g, b) = Self.rgb(x, y)
            return (r, g, b, UInt8((x * 11) % 256))
        }
        let image = try PNGDecoder.decode(bytes)
        #expect(image.width == 31 && image.height == 17)
        for y in 0..<17 {
            for x in 0..<31 {
                let p = image.pixel(x: x, y: y)
                let (r, g, b) = Self.rgb(x, y)
                #expect(p.r == r && p.g == g && p.b == b && p.a == UInt8((x * 11) % 256))
            }
        }
    }

    @Test(arguments: ["rgbDynamic", "rgbFixed"])
    func compressedRGBWithEveryFilter(_ name: String) throws {
        let image = try PNGDecoder.decode(PNGVectors.bytes(name))
        #expect(image.width == 37 && image.height == 23)
        for y in 0..<23 {
            for x in 0..<37 {
                let p = image.pixel(x: x, y: y)
                let (r, g, b) = Self.rgb(x, y)
                #expect(p.r == r && p.g == g && p.b == b && p.a == 255, "pixel \(x),\(y)")
            }
        }
    }

    @Test func compressedRGBA() throws {
        let image = try PNGDecoder.decode(PNGVectors.bytes("rgbaDynamic"))
        for (x, y) in [(0, 0), (36, 22), (5, 17), (20, 3)] {
            let p = image.pixel(x: x, y: y)
            let (r, g, b) = Self.rgb(x, y)
            #expect(p.r == r && p.g == g && p.b == b && p.a == UInt8((x * 11) % 256))
        }
    }

    @Test func greyGreyAlphaPaletteAndOneBitGrey() throws {
        let grey = try PNGDecoder.decode(PNGVectors.bytes("greyZlib"))
        #expect(grey.pixel(x: 10, y: 4).r == UInt8((10 * 5 + 4) % 256))
        #expect(grey.pixel(x: 10, y: 4).g == grey.pixel(x: 10, y: 4).b)

        let greyAlpha = try PNGDecoder.decode(PNGVectors.bytes("greyAlphaFixed"))
        let ga = greyAlpha.pixel(x: 7, y: 9)
        #expect(ga.r == UInt8((7 * 5 + 9) % 256) && ga.a == UInt8(255 - (9 * 9 % 256)))

        let palette = try PNGDecoder.decode(PNGVectors.bytes("palette4Zlib"))
        for (x, y) in [(0, 0), (3, 5), (36, 22), (15, 1)] {
            let index = (x + y) % 16
            let p = palette.pixel(x: x, y: y)
            #expect(Int(p.r) == index * 16 && Int(p.g) == 255 - index * 16 && Int(p.b) == (index * 37) % 256)
            #expect(p.a == (index == 0 ? 0 : 255), "tRNS makes index 0 transparent")
        }

        let bits = try PNGDecoder.decode(PNGVectors.bytes("grey1Fixed"))
        for (x, y) in [(0, 0), (3, 0), (4, 4), (36, 22)] {
            let white = (x / 3 + y / 3) % 2 == 1
            #expect(bits.pixel(x: x, y: y).r == (white ? 255 : 0))
        }
    }

    @Test func sixteenBitAndInterlacedSayNoPreview() {
        #expect(throws: ImageDecodingError.unsupported("16-bit PNG")) { try PNGDecoder.decode(PNGVectors.bytes("rgb16")) }
        #expect(throws: ImageDecodingError.unsupported("interlaced PNG")) { try PNGDecoder.decode(PNGVectors.bytes("interlaced")) }
        let preview = ImagePreview.decode(PNGVectors.bytes("rgb16"), mimeType: "image/png", maxWidth: 10, maxHeight: 10)
        #expect(preview == .unavailable("no preview for 16-bit PNG"))
    }

    @Test func absurdDimensionsAreRefusedBeforeAnyAllocation() {
        for (width, height) in [(16_385, 1), (1, 20_000), (10_000, 10_000)] {
            let bytes = PNGTestEncoder.png(width: width, height: height, colorType: 6, bitDepth: 8, scanlines: [0])
            #expect(throws: ImageDecodingError.tooLarge(width: width, height: height)) { try PNGDecoder.decode(bytes) }
        }
    }

    @Test func nonPNGTruncatedAndBadChecksums() throws {
        #expect(throws: ImageDecodingError.notPNG) { try PNGDecoder.decode(Array("GIF89a".utf8)) }
        let good = PNGTestEncoder.rgba(width: 4, height: 4) { _, _ in (1, 2, 3, 255) }
        #expect(throws: (any Error).self) { try PNGDecoder.decode(Array(good.prefix(good.count - 20))) }
        var badCRC = good
        badCRC[30] ^= 0xFF  // inside IHDR's CRC or body
        #expect(throws: (any Error).self) { try PNGDecoder.decode(badCRC) }
        // Scanlines shorter than the header says.
        let short = PNGTestEncoder.png(width: 4, height: 4, colorType: 6, bitDepth: 8, scanlines: [0, 1, 2, 3])
        #expect(throws: ImageDecodingError.truncated("image data is 4 of 68 bytes")) { try PNGDecoder.decode(short) }
        // An unknown filter type.
        let badFilter = PNGTestEncoder.png(width: 1, height: 1, colorType: 6, bitDepth: 8, scanlines: [9, 1, 2, 3, 4])
        #expect(throws: ImageDecodingError.corrupt("filter type 9 in row 0")) { try PNGDecoder.decode(badFilter) }
    }

    @Test func inflateRejectsHostileStreams() throws {
        // Block type 3, a stored block whose length check fails, a distance before the start.
        #expect(throws: ImageDecodingError.corrupt("deflate block type 3")) { try Inflate.raw([0x07], maximumOutput: 10) }
        #expect(throws: ImageDecodingError.corrupt("stored block length")) { try Inflate.raw([0x01, 0x05, 0x00, 0x00, 0x00], maximumOutput: 10) }
        // A zlib bomb: the output limit stops it.
        let zeros = [UInt8](repeating: 0, count: 5000)
        let stream = PNGTestEncoder.zlibStored(zeros, blockSize: 5000)
        #expect(throws: ImageDecodingError.corrupt("more data than the image needs")) { try Inflate.zlib(stream, maximumOutput: 100) }
        #expect(try Inflate.zlib(stream, maximumOutput: 5000) == zeros)
    }

    /// Seeded corruption: truncations and flipped bytes of every vector never crash; each gives an
    /// image or an error.
    @Test func corruptionNeverCrashes() {
        var generator = SeededGenerator(seed: 20_261_122)
        var images = 0, errors = 0
        let sources = PNGVectors.base64.keys.sorted().map(PNGVectors.bytes) + [
            PNGTestEncoder.rgba(width: 20, height: 9, blockSize: 64) { x, y in (UInt8(x * 9), UInt8(y * 20), 7, 255) },
        ]
        for source in sources {
            for _ in 0..<150 {
                var bytes = source
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
                case 1:
                    for _ in 0..<Int.random(in: 1...8, using: &generator) {
                        bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
                    }
                default:
                    // Corrupt the compressed data only, behind valid CRCs, to reach the inflater.
                    bytes = Self.recompute(bytes, flipping: &generator)
                }
                do {
                    let image = try PNGDecoder.decode(bytes)
                    #expect(image.rgba.count == image.width * image.height * 4)
                    images += 1
                } catch {
                    errors += 1
                }
            }
        }
        #expect(images + errors == sources.count * 150)
        #expect(errors > 0)
    }

    /// Flips bytes inside IDAT and rewrites its CRC, so the damage reaches zlib.
    static func recompute(_ png: [UInt8], flipping generator: inout SeededGenerator) -> [UInt8] {
        var bytes = png
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT", length > 2 {
                let index = offset + 8 + Int.random(in: 0..<length, using: &generator)
                bytes[index] ^= UInt8.random(in: 1...255, using: &generator)
                let crc = PNGTestEncoder.crc(Array(bytes[offset + 4..<offset + 8 + length]))
                bytes.replaceSubrange(offset + 8 + length..<offset + 12 + length, with: PNGTestEncoder.be32(crc))
                return bytes
            }
            offset += 12 + length
        }
        return bytes
    }
}
