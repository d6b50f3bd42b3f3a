extension JSONValue {
    /// The value as JSON text. Object keys are sorted so the output is deterministic; `pretty`
    /// indents by two spaces. Non-finite doubles, which JSON cannot hold, are written as `null`.
    public func serialized(pretty: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, pretty: pretty, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Written as UTF-8 bytes, decoded into a `String` once at the end: appending to a `String`
    /// piece by piece cost most of a record list page's cache write (issue 17).
    private func write(to out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d): out.append(contentsOf: JSONValue.format(d).utf8)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let elements):
            if elements.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (n, element) in elements.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(indent + 1, to: &out) }
                element.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { Self.newline(indent, to: &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            // Sorted as pairs: the same order as sorting the keys (they are unique), without
            // looking every value up again.
            for (n, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(indent + 1, to: &out) }
                JSONValue.writeString(member.key, to: &out)
                if pretty { out.append(contentsOf: ": ".utf8) } else { out.append(UInt8(ascii: ":")) }
                member.value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { Self.newline(indent, to: &out) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ indent: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// Shortest round-tripping text for a double; integral values keep a `.0`.
    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        return "\(d)"
    }

    /// Writes a JSON string literal, escaping quotes, backslashes and every control character
    /// (including DEL, the C1 range, the line separators and the bidi overrides, so escape
    /// sequences and reordering controls never travel raw).
    static func writeString(_ s: String, to out: inout String) {
        var bytes: [UInt8] = []
        writeString(s, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// ``writeString(_:to:)`` into UTF-8 bytes: one pass over the string's own UTF-8, runs of
    /// characters with nothing to escape copied whole (a record list page is serialised into the
    /// cache as it arrives: issue 17).
    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = s
        text.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            var runStart = 0
            while index < count {
                let byte = bytes[index]
                let escaped: UInt32
                let length: Int
                if byte < 0x80 {
                    if byte >= 0x20, byte != 0x22, byte != 0x5C, byte != 0x7F {
                        index += 1
                        continue
                    }
                    (escaped, length) = (UInt32(byte), 1)
                } else if byte == 0xC2, index + 1 < count, bytes[index + 1] <= 0x9F {
                    // U+0080–U+009F (C1 controls): C2 80 … C2 9F.
                    (escaped, length) = (UInt32(bytes[index + 1]), 2)
                } else if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80, (0xA8...0xAE).contains(bytes[index + 2]) {
                    // U+2028–U+202E (line and paragraph separators, bidi embeddings): E2 80 A8 … AE.
                    (escaped, length) = (0x2000 | UInt32(bytes[index + 2] & 0x3F), 3)
                } else if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x81, (0xA6...0xA9).contains(bytes[index + 2]) {
                    // U+2066–U+2069 (bidi isolates): E2 81 A6 … A9.
                    (escaped, length) = (0x2040 | UInt32(bytes[index + 2] & 0x3F), 3)
                } else {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(escaped, to: &out)
                index += length
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The escape of one scalar: the short forms JSON has, `\uXXXX` (lowercase hex) otherwise.
    private static func appendEscape(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0x22: out.append(contentsOf: "\\\"".utf8)
        case 0x5C: out.append(contentsOf: "\\\\".utf8)
        case 0x0A: out.append(contentsOf: "\\n".utf8)
        case 0x0D: out.append(contentsOf: "\\r".utf8)
        case 0x09: out.append(contentsOf: "\\t".utf8)
        case 0x08: out.append(contentsOf: "\\b".utf8)
        case 0x0C: out.append(contentsOf: "\\f".utf8)
        default:
            let hex = Array("0123456789abcdef".utf8)
            out.append(contentsOf: "\\u".utf8)
            for shift in stride(from: 12, through: 0, by: -4) {
                out.append(hex[Int((scalar >> UInt32(shift)) & 0xF)])
            }
        }
    }
}

extension JSONValue: CustomStringConvertible {
    public var description: String { serialized() }
}
