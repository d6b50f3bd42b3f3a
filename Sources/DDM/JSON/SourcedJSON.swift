/// A JSON value with the text it was read from (``JSONText``), and, for an array whose elements
/// were recorded, each element with its own text: what a cache stores without serialising.
///
/// `text` is `nil` for a value built in memory; whoever stores it then serialises it.
public struct SourcedJSON: Sendable {
    public let value: JSONValue
    public let text: JSONText?
    /// The elements with their texts, for an array read with ``JSONValue/parseSourced(bytes:elementLevels:)``
    /// at a level it recorded; `nil` otherwise.
    public let elements: [SourcedJSON]?

    /// A value and its text; `elements` only for an array, one per element.
    public init(value: JSONValue, text: JSONText?, elements: [SourcedJSON]? = nil) {
        self.value = value
        self.text = text
        self.elements = elements
    }

    /// A value without text (it is serialised when stored).
    public init(_ value: JSONValue) {
        self.init(value: value, text: nil)
    }
}

/// Where an array element lies in the text parsed, and its own elements when it is an array
/// whose elements were recorded too.
struct ElementSpan {
    let range: Range<Int>
    let elements: [ElementSpan]?
}

extension JSONValue {
    /// Parses UTF-8 JSON as ``parse(bytes:)`` does (same rules, limits and errors), keeping the
    /// text: the whole document's, and the elements' of arrays nested at most `elementLevels`
    /// deep (1: the top-level array's elements; 2: theirs too, e.g. a batch of answers and the
    /// rows of each).
    public static func parseSourced(bytes: [UInt8], elementLevels: Int) throws(JSONParseError) -> SourcedJSON {
        var reader = JSONReader<JSONValueBuilder>(bytes: bytes, elementLevels: elementLevels)
        let value = try reader.readDocument()
        let range = reader.documentRange
        let spans = bytes[range.lowerBound] == UInt8(ascii: "[") ? reader.lastElementSpans : nil
        return sourced(value, range: range, spans: spans, in: bytes)
    }

    private static func sourced(_ value: JSONValue, range: Range<Int>, spans: [ElementSpan]?, in bytes: [UInt8]) -> SourcedJSON {
        var elements: [SourcedJSON]?
        if let spans, case .array(let values) = value, values.count == spans.count {
            elements = zip(values, spans).map { sourced($0, range: $1.range, spans: $1.elements, in: bytes) }
        }
        return SourcedJSON(value: value, text: JSONText(utf8: bytes[range]), elements: elements)
    }
}
