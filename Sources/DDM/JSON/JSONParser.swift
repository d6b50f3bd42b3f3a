/// A failure to read JSON text, with the position where reading stopped.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// 1-based line and column (in Unicode scalars) of the offending input.
    public let line: Int
    public let column: Int

    public var description: String { "\(message) at line \(line), column \(column)" }
}

extension JSONValue {
    /// The deepest nesting accepted; deeper documents are rejected rather than risking the stack.
    public static let maximumDepth = 256

    /// Parses JSON text (RFC 8259). Integers that fit in 64 bits become `.int`, other numbers `.double`.
    /// Throws ``JSONParseError`` with a line and column on malformed input, invalid UTF-8, a nesting
    /// deeper than ``maximumDepth`` or trailing garbage.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses UTF-8 encoded JSON.
    public static func parse<Bytes: Collection<UInt8>>(bytes: Bytes) throws(JSONParseError) -> JSONValue {
        var reader = JSONReader<JSONValueBuilder>(bytes: Array(bytes))
        return try reader.readDocument()
    }
}

/// Builds the nodes of one kind of JSON tree, so that one reader serves both ``JSONValue`` and
/// ``OrderedJSON``. Object members arrive in document order.
protocol JSONTreeBuilding {
    associatedtype Node
    static func null() -> Node
    static func bool(_ value: Bool) -> Node
    static func int(_ value: Int64) -> Node
    static func double(_ value: Double) -> Node
    static func string(_ value: String) -> Node
    static func array(_ elements: [Node]) -> Node
    /// An object of `members`, in document order.
    static func object(_ members: ArraySlice<(key: String, value: Node)>) -> Node
}

/// Builds ``JSONValue`` trees; a repeated object key keeps its last value.
enum JSONValueBuilder: JSONTreeBuilding {
    static func null() -> JSONValue { .null }
    static func bool(_ value: Bool) -> JSONValue { .bool(value) }
    static func int(_ value: Int64) -> JSONValue { .int(value) }
    static func double(_ value: Double) -> JSONValue { .double(value) }
    static func string(_ value: String) -> JSONValue { .string(value) }
    static func array(_ elements: [JSONValue]) -> JSONValue { .array(elements) }
    static func object(_ members: ArraySlice<(key: String, value: JSONValue)>) -> JSONValue {
        var dictionary: [String: JSONValue] = [:]
        dictionary.reserveCapacity(members.count)
        for member in members { dictionary[member.key] = member.value }
        return .object(dictionary)
    }
}

/// A key of at most 16 ASCII bytes, by its bytes (little-endian words, zero-padded).
struct KnownKey {
    let words: (UInt64, UInt64)
    let length: Int
    let key: String

    init(words: (UInt64, UInt64), length: Int, key: String) {
        self.words = words
        self.length = length
        self.key = key
    }
}

/// A recursive-descent reader over UTF-8 bytes.
struct JSONReader<Builder: JSONTreeBuilding> {
    typealias Node = Builder.Node

    let bytes: [UInt8]
    /// Accepts a comma before a closing `}` or `]`, as Liferay's own JSON reader does.
    let allowsTrailingCommas: Bool
    /// Arrays nested at most this deep (the top level is 1) record where their elements lie
    /// (``ElementSpan``); 0 records nothing.
    let elementLevels: Int
    var index = 0
    var depth = 0
    /// The members read so far of the objects being read (see ``readObject()``).
    var members: [(key: String, value: Node)] = []
    /// Short ASCII keys made already (see ``readKey()``), 64 slots by a hash of their bytes,
    /// made at the first key of a long document.
    var keys: [KnownKey?] = []
    /// The element spans of the array read last, when it recorded them: taken by the array
    /// holding it, or by ``readDocument()``'s caller for the top level.
    var lastElementSpans: [ElementSpan]?
    /// Where the document's value lies, once read (whitespace around it excluded).
    var documentRange = 0..<0
    /// The elements of arrays at level `elementLevels` are checked (``skipValue()``) and their
    /// spans recorded, but not built: such an array reads as an empty one.
    let skipsDeepestElements: Bool
    /// Finds the members a plan names in each element skipped, in the same pass as its check
    /// (``ElementSpan/members``).
    private var tap: MemberTap?

    init(
        bytes: [UInt8], allowsTrailingCommas: Bool = false, elementLevels: Int = 0, skipsDeepestElements: Bool = false,
        planForSkipped plan: JSONMemberPlan? = nil
    ) {
        self.bytes = bytes
        self.allowsTrailingCommas = allowsTrailingCommas
        self.elementLevels = elementLevels
        self.skipsDeepestElements = skipsDeepestElements
        tap = plan.map(MemberTap.init)
    }

    /// After a member's or element's comma: `true` when a trailing comma is allowed and `close` follows.
    mutating func closesAfterComma(_ close: UInt8) -> Bool {
        guard allowsTrailingCommas else { return false }
        skipWhitespace()
        return peek() == close
    }

    mutating func readDocument() throws(JSONParseError) -> Node {
        skipWhitespace()
        if index == bytes.count { throw error("empty document") }
        let start = index
        let value = try readValue()
        documentRange = start..<index
        skipWhitespace()
        if index != bytes.count { throw error("unexpected text after the JSON value") }
        return value
    }

    mutating func readValue() throws(JSONParseError) -> Node {
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return Builder.string(try readString())
        case UInt8(ascii: "t"): try expectWord("true"); return Builder.bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return Builder.bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return Builder.null()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("unexpected character \(describe(bytes[index]))")
        }
    }

    mutating func readObject() throws(JSONParseError) -> Node {
        try enter()
        index += 1  // {
        // The members of every object being read, innermost last: one buffer for the document
        // rather than an array made and freed for each object.
        let base = members.count
        // Room for a row's members at once, rather than growing one, two, four, eight.
        if members.capacity == 0 { members.reserveCapacity(16) }
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return Builder.object(members[base...])
        }
        while true {
            skipWhitespace()
            if members.count > base, closesAfterComma(UInt8(ascii: "}")) {
                return closeObject(from: base)
            }
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
            let key = try readKey()
            try expectColon()
            let value = try readValue()
            members.append((key: key, value: value))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                return closeObject(from: base)
            default: throw error("expected ',' or '}' in object")
            }
        }
    }

    /// Ends the object whose members start at `base` in ``members``, after its `}`.
    private mutating func closeObject(from base: Int) -> Node {
        index += 1
        depth -= 1
        let object = Builder.object(members[base...])
        // One at a time: removing a range goes through the generic replaceSubrange.
        while members.count > base { members.removeLast() }
        return object
    }

    mutating func readArray() throws(JSONParseError) -> Node {
        try enter()
        index += 1  // [
        var elements: [Node] = []
        let records = depth <= elementLevels
        let skips = skipsDeepestElements && depth == elementLevels
        var spans: [ElementSpan] = []
        var count = 0
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return leaveArray(elements, spans: records ? spans : nil)
        }
        while true {
            skipWhitespace()
            if count > 0, closesAfterComma(UInt8(ascii: "]")) {
                index += 1
                return leaveArray(elements, spans: records ? spans : nil)
            }
            let start = index
            if records { lastElementSpans = nil }
            var members: [JSONTextMember?]?
            if skips {
                if tap != nil { members = try skipValueTapped() } else { try skipValue() }
            } else {
                elements.append(try readValue())
            }
            count += 1
            if records {
                // Only an array element's own spans: an object's members may have left theirs.
                let inner = bytes[start] == UInt8(ascii: "[") ? lastElementSpans : nil
                spans.append(ElementSpan(range: start..<index, elements: inner, members: members))
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return leaveArray(elements, spans: records ? spans : nil)
            default: throw error("expected ',' or ']' in array")
            }
        }
    }

    /// Ends an array: one level up, its spans (when it recorded them) left for its holder.
    private mutating func leaveArray(_ elements: [Node], spans: [ElementSpan]?) -> Node {
        depth -= 1
        if let spans { lastElementSpans = spans }
        return Builder.array(elements)
    }

    /// Checks the value at `index` as ``readValue()`` would (same rules, errors and positions)
    /// and moves past it, building nothing: no string, array or object is made.
    mutating func skipValue() throws(JSONParseError) {
        guard index < bytes.count else { throw error("unexpected end of input") }
        let (start, depthLeft) = (index, JSONValue.maximumDepth - depth)
        if let end = bytes.withUnsafeBufferPointer({ JSONQuickScan.end(of: start, in: $0, depthLeft: depthLeft) }) {
            index = end
            return
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): try skipContainer(closing: UInt8(ascii: "}"), isObject: true)
        case UInt8(ascii: "["): try skipContainer(closing: UInt8(ascii: "]"), isObject: false)
        case UInt8(ascii: "\""): try skipString()
        default: _ = try readValue()  // a number or a literal: nothing is allocated
        }
    }

    /// ``skipValue()`` finding the members of the reader's plan in the same pass: nil when the
    /// value is no object or was not stepped over in one pass (its caller reads them from the
    /// text then).
    private mutating func skipValueTapped() throws(JSONParseError) -> [JSONTextMember?]? {
        guard var tap, index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
            try skipValue()
            return nil
        }
        self.tap = nil  // one owner while it is written: no copy of its storage
        tap.reset()
        let (start, depthLeft, source) = (index, JSONValue.maximumDepth - depth, bytes[...])
        let read = bytes.withUnsafeBufferPointer { buffer -> (end: Int, members: [JSONTextMember?])? in
            guard let end = JSONQuickScan.end(of: start, in: buffer, depthLeft: depthLeft, tap: &tap) else { return nil }
            return (end, tap.plan.members(tap, JSONTextScanner(bytes: buffer, source: source)))
        }
        self.tap = tap
        guard let read else {
            try skipValue()
            return nil
        }
        index = read.end
        return read.members
    }

    /// ``readObject()`` (`isObject`) or ``readArray()`` building nothing: same rules, errors and
    /// positions.
    private mutating func skipContainer(closing close: UInt8, isObject: Bool) throws(JSONParseError) {
        try enter()
        index += 1  // { or [
        skipWhitespace()
        var count = 0
        while peek() != close || count > 0 {
            skipWhitespace()
            if count > 0, closesAfterComma(close) { break }
            if isObject {
                guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
                try skipString()
                try expectColon()
            }
            try skipValue()
            count += 1
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if peek() == close { break }
            throw error(isObject ? "expected ',' or '}' in object" : "expected ',' or ']' in array")
        }
        index += 1
        depth -= 1
    }

    /// After an object's key: the `:` and the whitespace around it.
    mutating func expectColon() throws(JSONParseError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
        index += 1
        skipWhitespace()
    }

    /// ``readString()`` building nothing: a string of printable ASCII is only scanned; any other
    /// (an escape, a control character, UTF-8 to check) is read as ``readString()`` reads it.
    private mutating func skipString() throws(JSONParseError) {
        let open = index
        let end = bytes.withUnsafeBufferPointer { buffer in
            var at = open + 1
            while at < buffer.count {
                let byte = buffer[at]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                at += 1
            }
            return at
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            index = end + 1
            return
        }
        index = open
        _ = try readString()
    }

    mutating func readString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        // Most strings (IDs, dates, names) have no escape: made from their bytes at once, not
        // copied byte by byte into a buffer first (a record list page's values: issue 17).
        let start = index
        index = bytes.withUnsafeBufferPointer { buffer in
            var at = start
            while at < buffer.count {
                let byte = buffer[at]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                at += 1
            }
            return at
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let end = index
            index += 1
            let string = bytes.withUnsafeBufferPointer { String(validUTF8: UnsafeBufferPointer(rebasing: $0[start..<end])) }
            guard let string else { throw error("invalid UTF-8 in string") }
            return string
        }
        var utf8 = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let string = utf8.withUnsafeBufferPointer { String(validUTF8: $0) }
                guard let string else { throw error("invalid UTF-8 in string") }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try readUnicodeEscape()
                    utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 1
                    throw error("invalid escape \\\(describe(escape))")
                }
            case 0x00..<0x20:
                throw error("control character \(describe(byte)) must be escaped in a string")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    /// An object's key: ``readString()``, except that a short key without escapes seen before
    /// is not made again. A list page repeats the same twenty keys in every row, and making a
    /// string (checking its UTF-8) cost more than finding it among the keys already made.
    mutating func readKey() throws(JSONParseError) -> String {
        // A short document does not repeat its keys enough to pay for the table.
        guard bytes.count >= 4096 else { return try readString() }
        if keys.isEmpty { keys = [KnownKey?](repeating: nil, count: 64) }
        let start = index + 1
        var words: (UInt64, UInt64) = (0, 0)
        let length: Int? = bytes.withUnsafeBufferPointer { buffer in
            var at = start
            while at < buffer.count, at - start < 16 {
                let byte = buffer[at]
                if byte == UInt8(ascii: "\"") { return at - start }
                if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
                let shift = UInt64((at - start) % 8) * 8
                if at - start < 8 { words.0 |= UInt64(byte) << shift } else { words.1 |= UInt64(byte) << shift }
                at += 1
            }
            return nil
        }
        guard let length else { return try readString() }
        let slot = Int(truncatingIfNeeded: (words.0 &* 0x9E37_79B9_7F4A_7C15 ^ words.1 &+ UInt64(length)) >> 58)
        if let known = keys[slot], known.length == length, known.words == words {
            index = start + length + 1
            return known.key
        }
        let key = try readString()
        keys[slot] = KnownKey(words: words, length: length, key: key)
        return key
    }

    /// Reads the four hex digits after `\u`, combining a surrogate pair when one follows.
    mutating func readUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let high = try readHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate \\u\(String(high, radix: 16))") }
            index += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            return Unicode.Scalar(value)!
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate \\u\(String(high, radix: 16))") }
        return scalar
    }

    mutating func readHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit \(describe(byte)) in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    mutating func readNumber() throws(JSONParseError) -> Node {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), isDigit(next) { throw error("leading zeros are not allowed") }
        } else {
            while let b = peek(), isDigit(b) { index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let b = peek(), isDigit(b) else { throw error("expected a digit after '.'") }
            while let b = peek(), isDigit(b) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let b = peek(), isDigit(b) else { throw error("expected a digit in exponent") }
            while let b = peek(), isDigit(b) { index += 1 }
        }
        if isInteger, let int = Self.integer(bytes[start..<index]) { return Builder.int(int) }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let int = Int64(text) { return Builder.int(int) }
        guard let double = Double(text), double.isFinite else {
            index = start
            throw error("number out of range")
        }
        return Builder.double(double)
    }

    /// The value of an integer's digits (a `-` first when negative) when it has at most 18 of
    /// them, so it cannot overflow; nil for longer ones (read through `Int64(_:)`).
    static func integer(_ digits: ArraySlice<UInt8>) -> Int64? {
        var rest = digits[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.count <= 18 else { return nil }
        var value: Int64 = 0
        for digit in rest { value = value &* 10 &+ Int64(digit &- UInt8(ascii: "0")) }
        return negative ? -value : value
    }

    mutating func expectWord(_ word: String) throws(JSONParseError) {
        for expected in word.utf8 {
            guard index < bytes.count else { throw error("unexpected end of input") }
            guard bytes[index] == expected else { throw error("unexpected character \(describe(bytes[index]))") }
            index += 1
        }
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > JSONValue.maximumDepth { throw error("nesting deeper than \(JSONValue.maximumDepth) levels") }
    }

    mutating func skipWhitespace() {
        while let b = peek(), b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "0x" + String(byte, radix: 16, uppercase: true)
    }

    /// An error at the current position, with line and column counted from the start.
    func error(_ message: String) -> JSONParseError {
        let (line, column) = SourcePosition.of(index, in: bytes)
        return JSONParseError(message: message, line: line, column: column)
    }
}
