/// A JSON document whose objects keep their members in the order the text gives them.
///
/// ``JSONValue`` forgets key order; DDM localisation needs it ("first available translation" and
/// "same language, any region" are resolved in document order), so structure definitions are read
/// into this tree first and converted to ``JSONValue`` where order no longer matters.
public enum OrderedJSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([OrderedJSON])
    /// Members in document order. A repeated key appears as often as the text repeats it.
    case object([OrderedJSONMember])

    /// Parses JSON text with the same rules, limits and errors as ``JSONValue/parse(_:)``; with
    /// `allowingTrailingCommas`, a comma may stand before a closing `}` or `]` (Liferay's own
    /// structure definitions have them, and its JSON reader accepts them).
    public static func parse(_ text: String, allowingTrailingCommas: Bool = false) throws(JSONParseError) -> OrderedJSON {
        var reader = JSONReader<OrderedJSONBuilder>(bytes: Array(text.utf8), allowsTrailingCommas: allowingTrailingCommas)
        return try reader.readDocument()
    }

    /// The same document without member order (a repeated key keeps its last value).
    public var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .array(let elements): return .array(elements.map(\.jsonValue))
        case .object(let members):
            var dictionary: [String: JSONValue] = [:]
            for member in members { dictionary[member.key] = member.value.jsonValue }
            return .object(dictionary)
        }
    }

    /// The members of an object in document order, or `nil` for a non-object.
    public var members: [OrderedJSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, or `nil`.
    public var elements: [OrderedJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The first member named `key` of an object, or `nil`.
    public subscript(key: String) -> OrderedJSON? {
        members?.first(where: { $0.key == key })?.value
    }
}

/// One `"key": value` member of an ``OrderedJSON`` object.
public struct OrderedJSONMember: Sendable, Hashable {
    public let key: String
    public let value: OrderedJSON

    public init(key: String, value: OrderedJSON) {
        self.key = key
        self.value = value
    }
}

/// Builds ``OrderedJSON`` trees for the shared reader.
enum OrderedJSONBuilder: JSONTreeBuilding {
    static func null() -> OrderedJSON { .null }
    static func bool(_ value: Bool) -> OrderedJSON { .bool(value) }
    static func int(_ value: Int64) -> OrderedJSON { .int(value) }
    static func double(_ value: Double) -> OrderedJSON { .double(value) }
    static func string(_ value: String) -> OrderedJSON { .string(value) }
    static func array(_ elements: [OrderedJSON]) -> OrderedJSON { .array(elements) }
    static func object(_ members: ArraySlice<(key: String, value: OrderedJSON)>) -> OrderedJSON {
        .object(members.map { OrderedJSONMember(key: $0.key, value: $0.value) })
    }
}
