/// A JSON document, as the portal sends it and as Termlets writes it.
///
/// Integers and floating-point numbers are kept apart so that 64-bit IDs survive exactly.
/// Objects are unordered; ``JSONValue/serialized(pretty:)`` writes their keys sorted, so output is
/// deterministic.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

// MARK: - Reading values leniently (the portal is not consistent about types)

extension JSONValue {
    /// The member `key` of an object, or `nil` for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array, or `nil`.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The string of a `.string`; `nil` otherwise.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A 64-bit integer from a JSON integer, an integral double, or a numeric string.
    /// Liferay 7.x serialises long IDs as strings, 6.2 as numbers: both are accepted.
    public var int64Value: Int64? {
        switch self {
        case .int(let i): return i
        case .double(let d):
            guard d.isFinite, d.rounded() == d, d >= -9.2e18, d <= 9.2e18 else { return nil }
            return Int64(d)
        case .string(let s):
            return Int64(s.trimmingASCIIWhitespace())
        default: return nil
        }
    }

    /// `int64Value` narrowed to `Int`.
    public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

    /// A double from any JSON number or a numeric string.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        case .string(let s): return Double(s.trimmingASCIIWhitespace())
        default: return nil
        }
    }

    /// A boolean from a JSON boolean, a number (non-zero is true) or the strings `true`/`1`.
    public var boolValue: Bool? {
        switch self {
        case .bool(let b): return b
        case .int(let i): return i != 0
        case .double(let d): return d != 0
        case .string(let s):
            let t = s.trimmingASCIIWhitespace().lowercased()
            if t == "true" || t == "1" { return true }
            if t == "false" || t == "0" || t.isEmpty { return false }
            return nil
        default: return nil
        }
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// `true` for a JSON number (an integer or a double), not for a numeric string.
    public var isNumber: Bool {
        switch self {
        case .int, .double: return true
        default: return false
        }
    }

    /// The value as text the way a loosely typed reader would show it: strings as they are,
    /// numbers and booleans in JSON notation, `null` as `nil`, arrays and objects as compact JSON.
    public var textValue: String? {
        switch self {
        case .null: return nil
        case .string(let s): return s
        default: return serialized()
        }
    }
}

// MARK: - Literals, for concise fixtures and call sites

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var members: [String: JSONValue] = [:]
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}

extension JSONValue {
    /// Wraps an optional: `nil` becomes `.null`.
    public init(_ string: String?) { self = string.map(JSONValue.string) ?? .null }
    public init(_ int: Int64?) { self = int.map(JSONValue.int) ?? .null }
    public init(_ int: Int?) { self = int.map { .int(Int64($0)) } ?? .null }
    public init(_ bool: Bool?) { self = bool.map(JSONValue.bool) ?? .null }
}

extension StringProtocol {
    /// Trims spaces, tabs, carriage returns and line feeds from both ends.
    func trimmingASCIIWhitespace() -> String {
        // Most values have nothing to trim: answered from the first and last byte, without
        // walking the text character by character (a list page reads thousands of values).
        let isSpaceByte: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let whole = String(self)
        if let head = whole.utf8.first, let tail = whole.utf8.last, !isSpaceByte(head), !isSpaceByte(tail) { return whole }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
