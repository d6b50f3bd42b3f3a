/// JSON text that reads back as one known ``JSONValue``: the very bytes that value was parsed
/// from, or such texts joined into an array or an object. Storing a value the portal sent needs
/// no serialisation then (a record list page's cache write, issue 17).
///
/// Made only by the parser and by joining texts, so it always parses, to the value it stands
/// for. Object keys are in no particular order: this is for storage, never for output (use
/// ``JSONValue/serialized(pretty:)``, which sorts them).
public struct JSONText: Sendable {
    /// The UTF-8 text; a slice of the bytes parsed, shared with them.
    public let utf8: ArraySlice<UInt8>

    init(utf8: ArraySlice<UInt8>) {
        self.utf8 = utf8
    }

    /// The text of `value`, serialised (keys sorted): for values that come with no text.
    public init(serializing value: JSONValue) {
        utf8 = ArraySlice(value.serialized().utf8)
    }

    /// The text as a `String` (the parser checked that it is UTF-8).
    public var string: String { String(decoding: utf8, as: UTF8.self) }

    /// The text of an array of the values `elements` stand for, in order.
    public static func array(_ elements: [JSONText]) -> JSONText {
        var out: [UInt8] = []
        out.reserveCapacity(elements.reduce(2) { $0 + $1.utf8.count + 1 })
        out.append(UInt8(ascii: "["))
        for (n, element) in elements.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: element.utf8)
        }
        out.append(UInt8(ascii: "]"))
        return JSONText(utf8: out[...])
    }

    /// The text of an object with `members` (keys unique, as a ``JSONValue`` object's are).
    public static func object(_ members: KeyValuePairs<String, JSONText>) -> JSONText {
        object(members.map { $0 })
    }

    /// ``object(_:)`` for members in an array.
    public static func object(_ members: [(key: String, value: JSONText)]) -> JSONText {
        var out: [UInt8] = []
        out.reserveCapacity(members.reduce(2) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 })
        out.append(UInt8(ascii: "{"))
        for (n, member) in members.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(member.key, to: &out)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: member.value.utf8)
        }
        out.append(UInt8(ascii: "}"))
        return JSONText(utf8: out[...])
    }
}

/// One member of an object read with ``JSONText/members(_:)``.
public struct JSONTextMember: Sendable {
    /// The member's value, when it was asked to be built.
    public let value: JSONValue?
    /// The member's value as text.
    public let text: JSONText
    /// The members asked for of the member's value, when it was asked to be read so and is an
    /// object (see ``JSONMemberRequest/members(_:_:)``).
    public let members: [JSONTextMember?]?
}

/// What ``JSONText/members(_:)`` is to read of one member, by its key.
public struct JSONMemberRequest: Sendable {
    let utf8: [UInt8]
    let key: String
    let builds: Bool
    let nested: [JSONMemberRequest]?
    /// Only a key of printable ASCII is compared by its bytes: another may equal a text's key
    /// that is spelt otherwise (Swift compares strings by canonical equivalence).
    let isPlainASCII: Bool
    /// A plain ASCII key of at most 16 bytes, as two little-endian words (zero-padded): compared
    /// with a text's key in two instructions. Nil for other keys.
    let shortKey: ShortKey?

    private init(key: String, builds: Bool, nested: [JSONMemberRequest]?) {
        utf8 = Array(key.utf8)
        self.key = key
        self.builds = builds
        self.nested = nested
        isPlainASCII = utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        shortKey = isPlainASCII ? utf8.withUnsafeBufferPointer { ShortKey(UnsafeRawBufferPointer($0)) } : nil
    }

    /// The member's value built, and its text.
    public static func build(_ key: String) -> JSONMemberRequest { JSONMemberRequest(key: key, builds: true, nested: nil) }
    /// Only the member's text.
    public static func text(_ key: String) -> JSONMemberRequest { JSONMemberRequest(key: key, builds: false, nested: nil) }
    /// The member's text and, when its value is an object, the members `nested` asks for of it,
    /// in the same pass.
    public static func members(_ key: String, _ nested: [JSONMemberRequest]) -> JSONMemberRequest {
        JSONMemberRequest(key: key, builds: false, nested: nested)
    }
}

/// Up to 16 bytes as two little-endian words, zero-padded, and their count.
struct ShortKey: Equatable {
    var first: UInt64 = 0
    var second: UInt64 = 0
    let count: Int

    @inline(__always)
    init(first: UInt64, second: UInt64, count: Int) {
        self.first = first
        self.second = second
        self.count = count
    }

    /// Nil for more than 16 bytes.
    @inline(__always)
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count <= 16 else { return nil }
        count = bytes.count
        withUnsafeMutableBytes(of: &first) { word in
            word.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(8)))
        }
        if bytes.count > 8 {
            withUnsafeMutableBytes(of: &second) { word in
                word.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[8...]))
            }
        }
    }

    /// The bytes `range` of `bytes`: two loads and two masks when sixteen bytes can be read from
    /// its start, byte by byte near the end of the buffer; nil past sixteen bytes.
    @inline(__always)
    init?(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) {
        let count = range.count
        guard count <= 16, let base = bytes.baseAddress else { return nil }
        guard range.lowerBound + 16 <= bytes.count else {
            self.init(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
            return
        }
        let start = UnsafeRawPointer(base + range.lowerBound)
        func mask(_ length: Int) -> UInt64 { length >= 8 ? ~0 : (UInt64(1) << (8 * UInt64(length))) &- 1 }
        let first = start.loadUnaligned(as: UInt64.self) & mask(count)
        let second = count > 8 ? start.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & mask(count - 8) : 0
        self.init(first: first, second: second, count: count)
    }
}

extension JSONText {
    /// The members `wanted` names, by position, of the object this text holds: each with its
    /// text and what its request asks for (the last of a repeated key, as a parsed object keeps
    /// it; nil for a key absent). Every other member is stepped over, its key never made into a
    /// string. Nil when the text holds no object. A list row reads its few members so (issue 17).
    public func members(_ wanted: [JSONMemberRequest]) -> [JSONTextMember?]? {
        utf8.withUnsafeBufferPointer { bytes in
            let scanner = JSONTextScanner(bytes: bytes, source: utf8)
            return scanner.members(at: scanner.skipSpace(0), wanted)
        }
    }

    /// The values of the members `wanted` names, built, by position (nil for a key absent; the
    /// last of a repeated key): what ``members(_:)`` gives as `value` for `.build` requests,
    /// without the members' texts. Nil when the text holds no object.
    public func values(of wanted: [JSONMemberRequest]) -> [JSONValue?]? {
        utf8.withUnsafeBufferPointer { bytes in
            let scanner = JSONTextScanner(bytes: bytes, source: utf8)
            return scanner.values(at: scanner.skipSpace(0), wanted)
        }
    }

    /// The value, built, of the first member (in the text's order) whose key `accepts`; nil when
    /// no key does or the text holds no object. Only that value is built.
    public func firstValue(whereKey accepts: (String) -> Bool) -> JSONValue? {
        utf8.withUnsafeBufferPointer { bytes in
            let scanner = JSONTextScanner(bytes: bytes, source: utf8)
            return scanner.firstValue(at: scanner.skipSpace(0), whereKey: accepts)
        }
    }
}
