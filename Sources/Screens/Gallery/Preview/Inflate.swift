/// A zlib (RFC 1950) and DEFLATE (RFC 1951) decompressor in pure Swift: stored, fixed-Huffman and
/// dynamic-Huffman blocks. Bounded: it stops with an error once the output would pass
/// `maximumOutput`, and every read is checked, so hostile input ends in an error, not a crash.
public enum Inflate {
    /// Decompresses a zlib stream (2-byte header, DEFLATE data, Adler-32 of the output).
    public static func zlib(_ data: [UInt8], maximumOutput: Int) throws(ImageDecodingError) -> [UInt8] {
        guard data.count >= 2 else { throw .truncated("zlib header") }
        let cmf = data[0], flg = data[1]
        guard cmf & 0x0F == 8, cmf >> 4 <= 7 else { throw .corrupt("zlib method") }
        guard (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 else { throw .corrupt("zlib header check") }
        guard flg & 0x20 == 0 else { throw .unsupported("a preset zlib dictionary") }
        var reader = BitReader(data, start: 2)
        let output = try inflate(&reader, maximumOutput: maximumOutput)
        let trailer = reader.alignedByteOffset
        guard trailer + 4 <= data.count else { throw .truncated("zlib checksum") }
        let expected = UInt32(data[trailer]) << 24 | UInt32(data[trailer + 1]) << 16 | UInt32(data[trailer + 2]) << 8
            | UInt32(data[trailer + 3])
        guard adler32(output) == expected else { throw .corrupt("zlib checksum") }
        return output
    }

    /// Decompresses raw DEFLATE data.
    public static func raw(_ data: [UInt8], maximumOutput: Int) throws(ImageDecodingError) -> [UInt8] {
        var reader = BitReader(data, start: 0)
        return try inflate(&reader, maximumOutput: maximumOutput)
    }

    /// Adler-32 as zlib computes it.
    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + 5552)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }

    static func inflate(_ reader: inout BitReader, maximumOutput: Int) throws(ImageDecodingError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(min(maximumOutput, 1 << 20))
        var last = false
        while !last {
            last = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try stored(&reader, into: &output, maximumOutput: maximumOutput)
            case 1: try codes(&reader, FixedTables.shared.literals, FixedTables.shared.distances, into: &output, maximumOutput)
            case 2:
                let (literals, distances) = try dynamicTables(&reader)
                try codes(&reader, literals, distances, into: &output, maximumOutput)
            default: throw .corrupt("deflate block type 3")
            }
        }
        return output
    }

    private static func stored(_ reader: inout BitReader, into output: inout [UInt8], maximumOutput: Int) throws(ImageDecodingError) {
        reader.alignToByte()
        let lengthLow = try reader.alignedByte()
        let lengthHigh = try reader.alignedByte()
        let complementLow = try reader.alignedByte()
        let complementHigh = try reader.alignedByte()
        let length = lengthLow | lengthHigh << 8
        let complement = complementLow | complementHigh << 8
        guard length == ~complement & 0xFFFF else { throw .corrupt("stored block length") }
        guard output.count + length <= maximumOutput else { throw .corrupt("more data than the image needs") }
        try reader.copyAlignedBytes(length, into: &output)
    }

    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
        8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func codes(
        _ reader: inout BitReader, _ literals: Huffman, _ distances: Huffman, into output: inout [UInt8], _ maximumOutput: Int
    ) throws(ImageDecodingError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < maximumOutput else { throw .corrupt("more data than the image needs") }
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw .corrupt("length code \(symbol)") }
                let lengthBits = try reader.bits(lengthExtra[index])
                let length = lengthBase[index] + lengthBits
                let distanceSymbol = try distances.decode(&reader)
                guard distanceSymbol < distanceBase.count else { throw .corrupt("distance code \(distanceSymbol)") }
                let distanceBits = try reader.bits(distanceExtra[distanceSymbol])
                let distance = distanceBase[distanceSymbol] + distanceBits
                guard distance <= output.count else { throw .corrupt("distance beyond the start") }
                guard output.count + length <= maximumOutput else { throw .corrupt("more data than the image needs") }
                let start = output.count - distance
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static func dynamicTables(_ reader: inout BitReader) throws(ImageDecodingError) -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .corrupt("too many Huffman codes") }
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            let length = try reader.bits(3)
            codeLengthLengths[codeLengthOrder[index]] = length
        }
        let codeLengths = try Huffman(lengths: codeLengthLengths)
        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengths.decode(&reader)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw .corrupt("repeat with no previous length") }
                let repeats = try reader.bits(2)
                lengths += repeatElement(previous, count: 3 + repeats)
            case 17:
                let repeats = try reader.bits(3)
                lengths += repeatElement(0, count: 3 + repeats)
            default:
                let repeats = try reader.bits(7)
                lengths += repeatElement(0, count: 11 + repeats)
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw .corrupt("code lengths overrun") }
        guard lengths[256] > 0 else { throw .corrupt("no end-of-block code") }
        return (try Huffman(lengths: Array(lengths[..<literalCount])), try Huffman(lengths: Array(lengths[literalCount...])))
    }
}

/// Reads DEFLATE's little-endian bit stream; every read past the end throws.
struct BitReader {
    private let data: [UInt8]
    private var position: Int
    private var buffer: UInt32 = 0
    private var count = 0

    init(_ data: [UInt8], start: Int) {
        self.data = data
        self.position = start
    }

    mutating func bits(_ needed: Int) throws(ImageDecodingError) -> Int {
        while count < needed {
            guard position < data.count else { throw .truncated("compressed data") }
            buffer |= UInt32(data[position]) << UInt32(count)
            position += 1
            count += 8
        }
        let value = Int(buffer & ((1 << UInt32(needed)) - 1))
        buffer >>= UInt32(needed)
        count -= needed
        return value
    }

    /// Drops the bits left in the current byte.
    mutating func alignToByte() {
        buffer = 0
        count = 0
    }

    /// The next whole byte after ``alignToByte()``.
    mutating func alignedByte() throws(ImageDecodingError) -> Int {
        guard position < data.count else { throw .truncated("stored block") }
        defer { position += 1 }
        return Int(data[position])
    }

    mutating func copyAlignedBytes(_ length: Int, into output: inout [UInt8]) throws(ImageDecodingError) {
        guard position + length <= data.count else { throw .truncated("stored block") }
        output.append(contentsOf: data[position..<position + length])
        position += length
    }

    /// The offset of the first byte not (even partly) consumed.
    var alignedByteOffset: Int { position - count / 8 }
}

/// A canonical Huffman code decoded bit by bit through counts per length (as zlib's `puff` does).
struct Huffman: Sendable {
    private var counts = [Int](repeating: 0, count: 16)
    private var symbols: [Int]

    /// A code from code lengths (0: symbol unused); over-subscribed lengths are corrupt.
    init(lengths: [Int]) throws(ImageDecodingError) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[length] += 1 }
        var left = 1
        for length in 1...15 {
            left <<= 1
            left -= counts[length]
            guard left >= 0 else { throw .corrupt("over-subscribed Huffman code") }
        }
        self.init(checkedLengths: lengths)
    }

    /// Builds the tables; the lengths must be at most 15 and not over-subscribed.
    fileprivate init(checkedLengths lengths: [Int]) {
        for length in lengths { counts[length] += 1 }
        counts[0] = 0
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    func decode(_ reader: inout BitReader) throws(ImageDecodingError) -> Int {
        var code = 0, first = 0, index = 0
        for length in 1...15 {
            code |= try reader.bits(1)
            let count = counts[length]
            if code - count < first { return symbols[index + (code - first)] }
            index += count
            first += count
            first <<= 1
            code <<= 1
        }
        throw .corrupt("invalid Huffman code")
    }
}

/// The fixed literal/length and distance codes of block type 1.
private struct FixedTables: Sendable {
    static let shared = FixedTables()
    let literals: Huffman
    let distances: Huffman

    private init() {
        var lengths = [Int](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        literals = Huffman(checkedLengths: lengths)
        distances = Huffman(checkedLengths: [Int](repeating: 5, count: 30))
    }
}
