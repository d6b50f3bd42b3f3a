#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Steps through JSON text already known to be valid (a ``JSONText``: the parser checked it), so
/// it checks nothing: a string ends at its first unescaped quote, a container at its matching
/// bracket. It finds an object's members for ``JSONText/members(_:)`` in a few instructions a
/// byte, where reading them again carefully cost ten times more (a list page's rows: issue 17).
///
/// Never use it on bytes that did not come from the parser: on invalid text its answers mean
/// nothing (it still never reads outside the buffer).
struct JSONTextScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The text `bytes` point into: members' texts are slices of it, sharing its storage.
    let source: ArraySlice<UInt8>

    /// The first index at or after `start` that is not JSON whitespace.
    @inline(__always)
    func skipSpace(_ start: Int) -> Int {
        var at = start
        while at < bytes.count {
            let byte = bytes[at]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            at += 1
        }
        return at
    }

    /// Just past the string whose opening quote is at `start`.
    func stringEnd(_ start: Int) -> Int {
        var at = start + 1
        let count = bytes.count
        while at < count {
            // Eight bytes at a time: the lowest flagged byte is the first quote or backslash.
            if at + 8 <= count, let base = bytes.baseAddress {
                let flags = Self.quoteOrBackslash(UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
                guard flags != 0 else {
                    at += 8
                    continue
                }
                at += flags.trailingZeroBitCount / 8
            }
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") { return at + 1 }
            at += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return count
    }

    /// Just past the value starting at `start` (no whitespace before it).
    func valueEnd(_ start: Int) -> Int {
        guard start < bytes.count else { return bytes.count }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return stringEnd(start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var at = start
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "\""):
                    at = stringEnd(at)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return at + 1 }
                default: break
                }
                at += 1
            }
            return bytes.count
        default:
            // A number or a literal: up to the next delimiter.
            var at = start + 1
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return at
                default: at += 1
                }
            }
            return at
        }
    }

    /// The value of the text `range` holds (one whole value), built: the common shapes at once,
    /// anything else by the parser.
    func value(_ range: Range<Int>) -> JSONValue? {
        guard !range.isEmpty else { return nil }
        let first = bytes[range.lowerBound]
        if first == UInt8(ascii: "\""), range.count >= 2 {
            let inner = range.lowerBound + 1..<range.upperBound - 1
            if !inner.contains(where: { bytes[$0] == UInt8(ascii: "\\") }) {
                return .string(String(decoding: UnsafeBufferPointer(rebasing: bytes[inner]), as: UTF8.self))
            }
        } else if let integer = integer(range) {
            return .int(integer)
        } else if range.count == 4 || range.count == 5 {
            switch first {
            case UInt8(ascii: "t"): return .bool(true)
            case UInt8(ascii: "f"): return .bool(false)
            case UInt8(ascii: "n"): return .null
            default: break
            }
        }
        return try? JSONValue.parse(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// `range` as an integer of at most 18 digits (sure to fit), or nil.
    private func integer(_ range: Range<Int>) -> Int64? {
        var at = range.lowerBound
        let negative = bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        guard (1...18).contains(range.upperBound - at) else { return nil }
        var magnitude: Int64 = 0
        while at < range.upperBound {
            let digit = bytes[at] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            magnitude = magnitude * 10 + Int64(digit)
            at += 1
        }
        return negative ? -magnitude : magnitude
    }

    /// The high bit of each byte of `word` that is a quote or a backslash (and maybe of bytes
    /// above such a one: the lowest flag is always right).
    @inline(__always)
    private static func quoteOrBackslash(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        return hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C))
    }
}

extension JSONTextScanner {
    /// The members `wanted` names of the object at `start` (see ``JSONText/members(_:)``), and
    /// the index just past the object; nil when no object is there.
    func members(at start: Int, _ wanted: [JSONMemberRequest]) -> [JSONTextMember?]? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        var found = [JSONTextMember?](repeating: nil, count: wanted.count)
        var at = skipSpace(start + 1)
        guard at < bytes.count, bytes[at] != UInt8(ascii: "}") else { return found }
        while at < bytes.count {
            // A key, its colon, its value.
            let keyEnd = stringEnd(at)
            let match = self.match(key: at..<keyEnd, in: wanted)
            at = skipSpace(skipSpace(keyEnd) + 1)
            let valueStart = at
            at = valueEnd(at)
            if let match {
                let request = wanted[match]
                let range = valueStart..<at
                let base = source.startIndex
                let text = JSONText(utf8: source[base + range.lowerBound..<base + range.upperBound])
                if request.builds {
                    found[match] = JSONTextMember(value: value(range), text: text, members: nil)
                } else {
                    found[match] = JSONTextMember(value: nil, text: text, members: request.nested.flatMap { members(at: valueStart, $0) })
                }
            }
            at = skipSpace(at)
            guard at < bytes.count, bytes[at] == UInt8(ascii: ",") else { break }
            at = skipSpace(at + 1)
        }
        return found
    }

    /// Which of `wanted` the key `range` (its quotes included) is: a plain ASCII key by its
    /// bytes, one with escapes or other characters as the string it stands for.
    private func match(key range: Range<Int>, in wanted: [JSONMemberRequest]) -> Int? {
        let inner = range.lowerBound + 1..<max(range.lowerBound + 1, range.upperBound - 1)
        let plain = !inner.contains { bytes[$0] == UInt8(ascii: "\\") || bytes[$0] >= 0x80 }
        guard plain else {
            guard case .string(let key)? = try? JSONValue.parse(bytes: UnsafeBufferPointer(rebasing: bytes[range])) else { return nil }
            return wanted.firstIndex { $0.key == key }
        }
        let length = inner.count
        for (index, candidate) in wanted.enumerated() {
            guard candidate.isPlainASCII else {
                // Compared as strings: "K" (U+212A, three bytes) equals "K".
                if candidate.key == String(decoding: UnsafeBufferPointer(rebasing: bytes[inner]), as: UTF8.self) { return index }
                continue
            }
            guard candidate.utf8.count == length else { continue }
            let same = candidate.utf8.withUnsafeBufferPointer { key in
                length == 0 || memcmp(key.baseAddress!, bytes.baseAddress! + inner.lowerBound, length) == 0
            }
            if same { return index }
        }
        return nil
    }
}
