import Foundation
import Screens

/// A minimal PNG encoder for tests: 8-bit RGBA or RGB (or any raw scanlines), filter 0 or a
/// per-row filter, zlib with *stored* deflate blocks split at `blockSize` bytes, real CRC-32 and
/// Adler-32 — so the decoder is checked against an encoder written independently of it.
enum PNGTestEncoder {
    /// An RGBA image from a pixel function.
    static func rgba(width: Int, height: Int, blockSize: Int = 1000, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var rows: [[UInt8]] = []
        for y in 0..<height {
            var row: [UInt8] = [0]
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                row += [r, g, b, a]
            }
            rows.append(row)
        }
        return png(width: width, height: height, colorType: 6, bitDepth: 8, scanlines: rows.flatMap { $0 }, blockSize: blockSize)
    }

    /// A PNG from raw scanlines (each starting with its filter byte).
    static func png(
        width: Int, height: Int, colorType: UInt8, bitDepth: UInt8, scanlines: [UInt8], blockSize: Int = 1000,
        interlace: UInt8 = 0, extraChunks: [(String, [UInt8])] = []
    ) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = be32(UInt32(width)) + be32(UInt32(height))
        header += [bitDepth, colorType, 0, 0, interlace]
        out += chunk("IHDR", header)
        for (type, body) in extraChunks { out += chunk(type, body) }
        out += chunk("IDAT", zlibStored(scanlines, blockSize: blockSize))
        out += chunk("IEND", [])
        return out
    }

    static func zlibStored(_ data: [UInt8], blockSize: Int) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(blockSize, data.count - offset)
            let last: UInt8 = offset + length >= data.count ? 1 : 0
            out.append(last)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        return out + be32(Inflate.adler32(data))
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(body.count)) + typeBytes + body + be32(crc(typeBytes + body))
    }

    /// CRC-32 written out here (bitwise, no table) so the test does not trust the decoder's.
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
