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
    func skipSpace(_ start: Int) -> Int { JSONQuickScan.skipSpace(start, bytes) }

    /// Just past the string whose opening quote is at `start`.
    @inline(__always)
    func stringEnd(_ start: Int) -> Int { stringScan(start).end }

    /// Just past the string whose opening quote is at `start`, and whether it is plain: no
    /// escape and no byte beyond ASCII.
    func stringScan(_ start: Int) -> (end: Int, plain: Bool) {
        var at = start + 1
        var plain = true
        let count = bytes.count
        while at < count {
            // Eight bytes at a time: the lowest flagged byte is the first quote, backslash or
            // byte beyond ASCII (flags err only above a true one).
            if at + 8 <= count, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
                let flags = Self.matches(word, 0x22) | Self.matches(word, 0x5C) | (word & Self.highs)
                guard flags != 0 else {
                    at += 8
                    continue
                }
                at += flags.trailingZeroBitCount / 8
            }
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") { return (at + 1, plain) }
            if byte == UInt8(ascii: "\\") {
                plain = false
                at += 2
            } else {
                plain = plain && byte < 0x80
                at += 1
            }
        }
        return (count, plain)
    }

    /// Just past the value starting at `start` (no whitespace before it).
    func valueEnd(_ start: Int) -> Int {
        guard start < bytes.count else { return bytes.count }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return stringEnd(start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return containerEnd(start)
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

    /// Just past the object or array opening at `start`.
    private func containerEnd(_ start: Int) -> Int {
        var depth = 0
        var at = start
        let count = bytes.count
        while at < count {
            // Eight bytes at a time to the first quote or bracket: `x | 0x20` turns `[` and `]`
            // into `{` and `}` and no other byte into either.
            if at + 8 <= count, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
                let folded = word | (Self.ones &* 0x20)
                let flags = Self.matches(word, 0x22) | Self.matches(folded, 0x7B) | Self.matches(folded, 0x7D)
                guard flags != 0 else {
                    at += 8
                    continue
                }
                at += flags.trailingZeroBitCount / 8
            }
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
        return count
    }

    /// The value of the text `range` holds (one whole value), built: the common shapes at once,
    /// anything else by the parser.
    func value(_ range: Range<Int>) -> JSONValue? {
        guard !range.isEmpty else { return nil }
        let first = bytes[range.lowerBound]
        if first == UInt8(ascii: "\""), range.count >= 2 {
            if let string = string(range.lowerBound + 1..<range.upperBound - 1) { return .string(string) }
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

    /// The string whose text (quotes excluded) is `inner`, or nil when it holds a `\u` escape
    /// (left to the parser: surrogate pairs).
    private func string(_ inner: Range<Int>) -> String? {
        guard let base = bytes.baseAddress else { return "" }
        guard memchr(base + inner.lowerBound, 0x5C, inner.count) != nil else {
            return String(decoding: UnsafeBufferPointer(start: base + inner.lowerBound, count: inner.count), as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(inner.count)
        var at = inner.lowerBound
        while at < inner.upperBound {
            let byte = bytes[at]
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                at += 1
                continue
            }
            switch bytes[at + 1] {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"): return nil
            case let other: decoded.append(other)   // `"`, `\` or `/`
            }
            at += 2
        }
        return String(decoding: decoded, as: UTF8.self)
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

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that equals `byte` (and maybe of bytes above such a
    /// one: the lowest flag is always right).
    @inline(__always)
    private static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }
}

extension JSONTextScanner {
    /// The members `wanted` names of the object at `start` (see ``JSONText/members(_:)``); nil
    /// when no object is there.
    func members(at start: Int, _ wanted: [JSONMemberRequest]) -> [JSONTextMember?]? {
        wanted.withUnsafeBufferPointer { wanted in members(at: start, wanted)?.found }
    }

    /// The values of the members `wanted` names of the object at `start`, built, by position
    /// (nil for a key absent); nil when no object is there.
    func values(at start: Int, _ wanted: [JSONMemberRequest]) -> [JSONValue?]? {
        wanted.withUnsafeBufferPointer { wanted in
            var values: [JSONValue?] = []
            values.reserveCapacity(wanted.count)
            for _ in 0..<wanted.count { values.append(nil) }
            let end = forEachMember(at: start, wanted) { match, valueStart in
                let end = valueEnd(valueStart)
                values[match] = value(valueStart..<end)
                return end
            }
            return end == nil ? nil : values
        }
    }

    /// The value, built, of the first member of the object at `start` whose key `accepts`
    /// (each key made into a string, in the text's order); nil when none does or no object is there.
    func firstValue(at start: Int, whereKey accepts: (String) -> Bool) -> JSONValue? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        var at = skipSpace(start + 1)
        while at < bytes.count, bytes[at] == UInt8(ascii: "\"") {
            let key = stringScan(at)
            let valueStart = min(skipSpace(skipSpace(key.end) + 1), bytes.count)
            let valueEnd = valueEnd(valueStart)
            if let name = keyString(at..<key.end, plain: key.plain), accepts(name) { return value(valueStart..<valueEnd) }
            at = skipSpace(valueEnd)
            guard at < bytes.count, bytes[at] == UInt8(ascii: ",") else { break }
            at = skipSpace(at + 1)
        }
        return nil
    }

    /// The string the key `range` (its quotes included) stands for.
    private func keyString(_ range: Range<Int>, plain: Bool) -> String? {
        let inner = range.lowerBound + 1..<max(range.lowerBound + 1, range.upperBound - 1)
        if plain { return String(decoding: UnsafeBufferPointer(rebasing: bytes[inner]), as: UTF8.self) }
        guard case .string(let decoded)? = try? JSONValue.parse(bytes: UnsafeBufferPointer(rebasing: bytes[range])) else { return nil }
        return decoded
    }

    /// The members, and the index just past the object.
    private func members(at start: Int, _ wanted: UnsafeBufferPointer<JSONMemberRequest>)
        -> (found: [JSONTextMember?], end: Int)?
    {
        // Appended one by one: `Array(repeating:count:)` of an optional takes the generic path,
        // ~800 instructions for a handful of nils.
        var found: [JSONTextMember?] = []
        found.reserveCapacity(wanted.count)
        for _ in 0..<wanted.count { found.append(nil) }
        let end = forEachMember(at: start, wanted) { match, valueStart in
            if wanted[match].builds {
                let end = valueEnd(valueStart)
                found[match] = JSONTextMember(value: value(valueStart..<end), text: text(valueStart..<end), members: nil)
                return end
            }
            if let nested = wanted[match].nested, valueStart < bytes.count, bytes[valueStart] == UInt8(ascii: "{"),
               let read = nested.withUnsafeBufferPointer({ members(at: valueStart, $0) }) {
                found[match] = JSONTextMember(value: nil, text: text(valueStart..<read.end), members: read.found)
                return read.end
            }
            let end = valueEnd(valueStart)
            found[match] = JSONTextMember(value: nil, text: text(valueStart..<end), members: nil)
            return end
        }
        return end.map { (found, $0) }
    }

    /// Steps through the members of the object at `start`, calling `read` with the index in
    /// `wanted` and the value's start of each member it names (`read` returns the value's end;
    /// a later member of the same key calls it again); every other value is stepped over.
    /// Returns the index just past the object, or nil when no object is there.
    @inline(__always)
    private func forEachMember(at start: Int, _ wanted: UnsafeBufferPointer<JSONMemberRequest>,
                               _ read: (_ match: Int, _ valueStart: Int) -> Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        var at = skipSpace(start + 1)
        guard at < bytes.count, bytes[at] != UInt8(ascii: "}") else { return min(at + 1, bytes.count) }
        while at < bytes.count {
            // A key, its colon, its value.
            let key = stringScan(at)
            let match = self.match(key: at..<key.end, plain: key.plain, in: wanted)
            at = min(skipSpace(skipSpace(key.end) + 1), bytes.count)
            at = match.map { read($0, at) } ?? valueEnd(at)
            at = skipSpace(at)
            guard at < bytes.count, bytes[at] == UInt8(ascii: ",") else { break }
            at = skipSpace(at + 1)
        }
        return min(at + 1, bytes.count)
    }

    /// The text of `range`, a slice of the source sharing its storage.
    @inline(__always)
    func text(_ range: Range<Int>) -> JSONText {
        let base = source.startIndex
        return JSONText(utf8: source[base + range.lowerBound..<base + range.upperBound])
    }

    /// Which of `wanted` the key `range` (its quotes included) is: a plain short key by its
    /// bytes, as two words; one with escapes or other characters as the string it stands for.
    private func match(key range: Range<Int>, plain: Bool, in wanted: UnsafeBufferPointer<JSONMemberRequest>) -> Int? {
        let inner = range.lowerBound + 1..<max(range.lowerBound + 1, range.upperBound - 1)
        guard plain, let key = ShortKey(inner, of: bytes) else {
            guard let key = keyString(range, plain: plain) else { return nil }
            return wanted.firstIndex { $0.key == key }
        }
        for index in wanted.indices {
            if let candidate = wanted[index].shortKey {
                if candidate == key { return index }
            } else if !wanted[index].isPlainASCII,
                      wanted[index].key == String(decoding: UnsafeBufferPointer(rebasing: bytes[inner]), as: UTF8.self) {
                // Compared as strings: "\u{212A}" (three bytes) equals "K".
                return index
            }
        }
        return nil
    }
}
