/// Steps over one JSON value in raw bytes as fast as a loop can, for text the building reader
/// would accept: no string, array or object is made. It knows only the common shapes (ASCII
/// strings with simple escapes, integers and plain decimals, literals); on anything else, and
/// on anything wrong, it gives up (nil) and the caller reads the value the careful way, which
/// accepts or reports it exactly (issue 17: a list page's rows are checked, not built).
enum JSONQuickScan {
    /// The index just past the value starting at `start` (no whitespace before it), or nil.
    /// `depthLeft` is how many more levels of nesting the reader allows.
    static func end(of start: Int, in bytes: UnsafeBufferPointer<UInt8>, depthLeft: Int) -> Int? {
        var none = NoTap()
        return end(of: start, in: bytes, depthLeft: depthLeft, tap: &none)
    }

    /// ``end(of:in:depthLeft:)`` telling `tap` each key and where each member's value ends (on
    /// nil, what it was told means nothing).
    static func end<Tap: QuickScanTap>(
        of start: Int, in bytes: UnsafeBufferPointer<UInt8>, depthLeft: Int, tap: inout Tap
    ) -> Int? {
        var at = start
        let count = bytes.count
        // The open containers, innermost in bit 0: 1 for an object. Deeper than 64 gives up.
        var open = Stack()
        while true {
            // A value.
            guard at < count else { return nil }
            switch bytes[at] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[at] == UInt8(ascii: "{")
                guard open.count < min(depthLeft, 64) else { return nil }
                open.push(isObject)
                at += 1
                at = skipSpace(at, bytes)
                guard at < count else { return nil }
                if bytes[at] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    open.pop()
                    at += 1
                } else {
                    if isObject {
                        guard let next = key(at, bytes) else { return nil }
                        tap.key(at + 1..<next.keyEnd - 1, valueStart: next.valueStart, depth: open.count, in: bytes)
                        at = next.valueStart
                    }
                    continue
                }
            case UInt8(ascii: "\""):
                guard let next = string(at, bytes) else { return nil }
                at = next
            case UInt8(ascii: "t"): guard let next = word(at, bytes, "true") else { return nil }; at = next
            case UInt8(ascii: "f"): guard let next = word(at, bytes, "false") else { return nil }; at = next
            case UInt8(ascii: "n"): guard let next = word(at, bytes, "null") else { return nil }; at = next
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let next = number(at, bytes) else { return nil }
                at = next
            default: return nil
            }
            // After a value: close containers or go on to the next element or member.
            while true {
                guard let isObject = open.last else { return at }
                tap.valueEnded(at: at, depth: open.count)
                at = skipSpace(at, bytes)
                guard at < count else { return nil }
                let byte = bytes[at]
                if byte == UInt8(ascii: ",") {
                    at = skipSpace(at + 1, bytes)
                    if isObject {
                        guard let next = key(at, bytes) else { return nil }
                        tap.key(at + 1..<next.keyEnd - 1, valueStart: next.valueStart, depth: open.count, in: bytes)
                        at = next.valueStart
                    }
                    break
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                open.pop()
                at += 1
            }
        }
    }

    /// Up to 64 open containers, as bits.
    private struct Stack {
        var bits: UInt64 = 0
        var count = 0
        var last: Bool? { count == 0 ? nil : bits & 1 == 1 }
        mutating func push(_ isObject: Bool) { bits = bits << 1 | (isObject ? 1 : 0); count += 1 }
        mutating func pop() { bits >>= 1; count -= 1 }
    }

    /// Past `"key"` (`keyEnd`), then past `:` and the whitespace after it, at the member's value.
    @inline(__always)
    private static func key(_ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> (keyEnd: Int, valueStart: Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\""), let keyEnd = string(start, bytes) else { return nil }
        let at = skipSpace(keyEnd, bytes)
        guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
        return (keyEnd, skipSpace(at + 1, bytes))
    }

    /// Past a string of printable ASCII and simple escapes (`\u` gives up: surrogates).
    private static func string(_ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var at = start + 1
        while at < bytes.count {
            // Eight bytes at a time: the lowest byte flagged is the first that needs a look (a
            // quote, a backslash, a control or non-ASCII byte; flags only err above a true one).
            if at + 8 <= bytes.count, let base = bytes.baseAddress {
                let flags = needsALook(UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
                guard flags != 0 else {
                    at += 8
                    continue
                }
                at += flags.trailingZeroBitCount / 8
            }
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") { return at + 1 }
            if byte < 0x20 || byte >= 0x80 { return nil }
            if byte == UInt8(ascii: "\\") {
                guard at + 1 < bytes.count else { return nil }
                switch bytes[at + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    at += 2
                    continue
                default: return nil
                }
            }
            at += 1
        }
        return nil
    }

    /// The high bit of each byte of `word` that is a quote, a backslash, below 0x20 or above
    /// 0x7F (and maybe of bytes above such a one: the lowest flag is always right).
    @inline(__always)
    private static func needsALook(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte is zero in `x` exactly where `word` holds the byte looked for.
        func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let quote = hasZero(word ^ (ones &* 0x22))
        let backslash = hasZero(word ^ (ones &* 0x5C))
        // Below 0x20 (with the high bit clear): subtracting 0x20 borrows into the high bit.
        let control = (word &- ones &* 0x20) & ~word & highs
        return quote | backslash | control | (word & highs)
    }

    /// Past an integer of at most 18 digits, or a plain decimal (an exponent gives up: range).
    private static func number(_ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var at = start
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        let digits = at
        while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
        let length = at - digits
        guard length > 0, length <= 18, length == 1 || bytes[digits] != UInt8(ascii: "0") else { return nil }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            let fraction = at
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
            guard at > fraction else { return nil }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") { return nil }
        return at
    }

    private static func word(_ start: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Int? {
        let length = word.utf8CodeUnitCount
        guard start + length <= bytes.count else { return nil }
        let expected = word.utf8Start
        for offset in 0..<length where bytes[start + offset] != expected[offset] { return nil }
        return start + length
    }

    /// The first index at or after `start` that is not JSON whitespace.
    @inline(__always)
    static func skipSpace(_ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var at = start
        while at < bytes.count {
            let byte = bytes[at]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            at += 1
        }
        return at
    }
}
