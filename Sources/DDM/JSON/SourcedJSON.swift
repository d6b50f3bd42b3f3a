/// A JSON value with the text it was read from (``JSONText``), and, for an array whose elements
/// were recorded, each element with its own text: what a cache stores without serialising.
///
/// `text` is `nil` for a value built in memory; whoever stores it then serialises it.
///
/// A value may be **deferred**: the rows of a list page are checked when the answer is read but
/// built only when asked for (``value``), so a row nobody opens costs no tree (issue 17). Each
/// read of a deferred ``value`` builds it again: read it once, or read the parts.
public struct SourcedJSON: Sendable {
    /// The value when it was built already; nil when it is made from `elements`, `members` or
    /// `text` on demand.
    private let built: JSONValue?
    public let text: JSONText?
    /// The elements with their texts, for an array read with ``JSONValue/parseSourced(bytes:elementLevels:defersDeepestElements:)``
    /// at a level it recorded, or made with ``init(elements:)``; `nil` otherwise.
    public let elements: [SourcedJSON]?
    /// The members, for an object made with ``init(members:)``.
    private let members: [String: SourcedJSON]?
    /// For a deferred value checked with a plan: the members it names, found in that pass.
    private let planned: (plan: JSONMemberPlan, members: [JSONTextMember?])?

    /// A value and its text; `elements` only for an array, one per element.
    public init(value: JSONValue, text: JSONText?, elements: [SourcedJSON]? = nil) {
        built = value
        self.text = text
        self.elements = elements
        members = nil
        planned = nil
    }

    /// A value without text (it is serialised when stored).
    public init(_ value: JSONValue) {
        self.init(value: value, text: nil)
    }

    /// The array of `elements`, built only when its ``value`` is asked for; its text joins
    /// theirs when they all have one.
    public init(elements: [SourcedJSON]) {
        let texts = elements.compactMap(\.text)
        self.init(elements: elements, text: texts.count == elements.count ? .array(texts) : nil)
    }

    init(elements: [SourcedJSON], text: JSONText?) {
        built = nil
        self.text = text
        self.elements = elements
        members = nil
        planned = nil
    }

    /// The object of `members`, built only when its ``value`` is asked for; its text joins
    /// theirs when they all have one.
    public init(members: KeyValuePairs<String, SourcedJSON>) {
        built = nil
        let texts = members.compactMap { member in member.value.text.map { (key: member.key, value: $0) } }
        text = texts.count == members.count ? .object(texts) : nil
        elements = nil
        self.members = Dictionary(members.map { ($0.key, $0.value) }) { _, last in last }
        planned = nil
    }

    /// A value the parser checked and did not build: made from `text` when asked for; with the
    /// members `plan` names when the check found them.
    init(deferred text: JSONText, plan: JSONMemberPlan? = nil, members: [JSONTextMember?]? = nil) {
        built = nil
        self.text = text
        elements = nil
        self.members = nil
        if let plan, let members { planned = (plan, members) } else { planned = nil }
    }

    /// The value; built now if it was deferred (see the type's note).
    public var value: JSONValue {
        if let built { return built }
        if let elements { return .array(elements.map(\.value)) }
        if let members { return .object(members.mapValues(\.value)) }
        // Deferred text was checked by the parser: it reads back.
        guard let text, let value = try? JSONValue.parse(bytes: text.utf8) else { return .null }
        return value
    }

    /// The members `plan` names, as ``JSONText/members(_:)`` reads them from ``text`` with the
    /// plan's requests, when they were found while this deferred value was checked with that
    /// very plan; nil otherwise (read them from the text then).
    public func members(readWith plan: JSONMemberPlan) -> [JSONTextMember?]? {
        guard let planned, planned.plan === plan else { return nil }
        return planned.members
    }

    /// Whether ``value`` is built already (false: it is made on demand).
    public var isBuilt: Bool { built != nil }

    /// The member `key` of an object, without building the rest of it when it was made with
    /// ``init(members:)``; nil when there is no such member or this is no object.
    public func member(_ key: String) -> SourcedJSON? {
        if let members { return members[key] }
        return value[key].map(SourcedJSON.init)
    }
}

/// Where an array element lies in the text parsed, and its own elements when it is an array
/// whose elements were recorded too.
struct ElementSpan {
    let range: Range<Int>
    let elements: [ElementSpan]?
    /// For a deferred element read with a ``JSONMemberPlan``: the members it names, found while
    /// the element was checked.
    var members: [JSONTextMember?]? = nil
}

extension JSONValue {
    /// Parses UTF-8 JSON as ``parse(bytes:)`` does (same rules, limits and errors), keeping the
    /// text: the whole document's, and the elements' of arrays nested at most `elementLevels`
    /// deep (1: the top-level array's elements; 2: theirs too, e.g. a batch of answers and the
    /// rows of each).
    ///
    /// With `defersDeepestElements`, a document that is an array has the elements of its arrays
    /// at level `elementLevels` checked but not built: each is a deferred ``SourcedJSON``, made
    /// when its value is asked for (a list page's rows, most of which are only shown).
    ///
    /// With a `plan`, each deferred element that is an object has the members the plan names
    /// found while it is checked (``SourcedJSON/members(readWith:)``).
    public static func parseSourced(
        bytes: [UInt8], elementLevels: Int, defersDeepestElements: Bool = false, planningDeferred plan: JSONMemberPlan? = nil
    ) throws(JSONParseError) -> SourcedJSON {
        let first = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        // Only under an array is every array of the deepest level an element of recorded ones.
        let defers = defersDeepestElements && elementLevels > 0 && first == UInt8(ascii: "[")
        var reader = JSONReader<JSONValueBuilder>(
            bytes: bytes, elementLevels: elementLevels, skipsDeepestElements: defers, planForSkipped: defers ? plan : nil)
        let value = try reader.readDocument()
        let range = reader.documentRange
        let spans = bytes[range.lowerBound] == UInt8(ascii: "[") ? reader.lastElementSpans : nil
        if defers {
            return deferring(value, range: range, spans: spans, level: 1, deepest: elementLevels, plan: plan, in: bytes)
        }
        return sourced(value, range: range, spans: spans, in: bytes)
    }

    private static func sourced(_ value: JSONValue, range: Range<Int>, spans: [ElementSpan]?, in bytes: [UInt8]) -> SourcedJSON {
        var elements: [SourcedJSON]?
        if let spans, case .array(let values) = value, values.count == spans.count {
            elements = zip(values, spans).map { sourced($0, range: $1.range, spans: $1.elements, in: bytes) }
        }
        return SourcedJSON(value: value, text: JSONText(utf8: bytes[range]), elements: elements)
    }

    /// ``sourced(_:range:spans:in:)`` for a document read skipping the elements of the arrays at
    /// level `deepest` (their `value` there is an empty stand-in).
    private static func deferring(
        _ value: JSONValue, range: Range<Int>, spans: [ElementSpan]?, level: Int, deepest: Int, plan: JSONMemberPlan?,
        in bytes: [UInt8]
    ) -> SourcedJSON {
        let text = JSONText(utf8: bytes[range])
        guard let spans else { return SourcedJSON(value: value, text: text) }
        if level == deepest {
            return SourcedJSON(
                elements: spans.map { SourcedJSON(deferred: JSONText(utf8: bytes[$0.range]), plan: plan, members: $0.members) },
                text: text)
        }
        guard case .array(let values) = value, values.count == spans.count else { return SourcedJSON(deferred: text) }
        return SourcedJSON(
            elements: zip(values, spans).map {
                deferring($0, range: $1.range, spans: $1.elements, level: level + 1, deepest: deepest, plan: plan, in: bytes)
            },
            text: text)
    }
}
