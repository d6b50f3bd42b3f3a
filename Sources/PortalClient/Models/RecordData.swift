import DDM
import Synchronization

/// A record with its values, as the Screens plugin returns it.
///
/// Read from a list row's text (``init(sourced:)``), only `recordId` and `modifiedDate` are
/// built at once: a list reads the values it shows with ``values(of:)``, and the rest of the
/// record is read from the text when asked for (issue 17: most rows of a list page are only
/// shown). ``values`` is then read once and kept; ``attributes`` is read on each call.
public struct RecordData: Sendable, Hashable {
    public let recordId: Int64?
    public let modifiedDate: Int64?
    private let valueStore: ValueStore
    private let attributeStore: AttributeStore

    private enum ValueStore: Sendable {
        case built([String: JSONValue])
        case text(LazyValues)
    }

    private enum AttributeStore: Sendable {
        case built([String: JSONValue])
        /// The text of `modelAttributes`, read on demand.
        case text(JSONText)
    }

    /// The text of `modelValues`, and the values read from it once asked for.
    private final class LazyValues: Sendable {
        let text: JSONText
        let read = Mutex<[String: JSONValue]?>(nil)

        init(text: JSONText) { self.text = text }

        var values: [String: JSONValue] {
            read.withLock { read in
                if let read { return read }
                // The text was checked when its page was read: it reads back.
                let values = (try? JSONValue.parse(bytes: text.utf8))?.objectValue ?? [:]
                read = values
                return values
            }
        }
    }

    /// Field name → value, as the portal sent it.
    public var values: [String: JSONValue] {
        switch valueStore {
        case .built(let values): return values
        case .text(let lazy): return lazy.values
        }
    }

    /// The values of the fields `fields` names, by position, matched exactly (nil where there is
    /// no such key): from the text, building only these, when the record was read from it.
    public func values(of fields: RecordFieldNames) -> [JSONValue?] {
        guard case .text(let lazy) = valueStore, lazy.read.withLock({ $0 == nil }) else {
            let values = self.values
            return fields.names.map { values[$0] }
        }
        return lazy.text.values(of: fields.requests) ?? fields.names.map { _ in nil }
    }

    /// The value of the field `name` as the portal's field lookup finds it: under that exact key,
    /// else under a key equal to it ignoring case (the first in the portal's text; any one of
    /// them in a record made from built values). From the text, only that value is built: a list
    /// whose label field some records lack asked for every value of those records (issue 17).
    public func value(matching name: String) -> JSONValue? {
        let lowered = name.lowercased()
        guard case .text(let lazy) = valueStore, lazy.read.withLock({ $0 == nil }) else {
            let values = self.values
            return values[name] ?? values.first { $0.key.lowercased() == lowered }?.value
        }
        if let exact = lazy.text.values(of: [.build(name)])?[0] { return exact }
        return lazy.text.firstValue { $0.lowercased() == lowered }
    }

    /// `recordId`, `modifiedDate`, `recordSetId`, `userId`, … (empty for a legacy plugin). Read
    /// from the portal's text on each call when the record was made from it: read it once.
    public var attributes: [String: JSONValue] {
        switch attributeStore {
        case .built(let attributes): return attributes
        case .text(let text): return (try? JSONValue.parse(bytes: text.utf8))?.objectValue ?? [:]
        }
    }

    /// Accepts `{"modelValues", "modelAttributes"}` and the legacy flat values object.
    public init?(json: JSONValue) {
        guard case .object(let members) = json else { return nil }
        if case .object(let values)? = members["modelValues"] {
            self.init(values: values, attributes: members["modelAttributes"]?.objectValue ?? [:])
        } else {
            self.init(values: members, attributes: [:])
        }
    }

    private init(values: [String: JSONValue], attributes: [String: JSONValue]) {
        recordId = attributes["recordId"]?.int64Value
        modifiedDate = attributes["modifiedDate"]?.int64Value
        valueStore = .built(values)
        attributeStore = .built(attributes)
    }

    /// ``init(json:)`` for a row with its text: a deferred row (``SourcedJSON``) is stepped over
    /// but for its `recordId` and `modifiedDate`. Gives the same record as `init(json: sourced.value)`.
    public init?(sourced: SourcedJSON) {
        guard !sourced.isBuilt, let text = sourced.text, let read = Self.read(text, sourced.members(readWith: Self.rowPlan)) else {
            self.init(json: sourced.value)
            return
        }
        self = read
    }

    /// A record read from its text, or nil when it is not `{"modelValues": {…}, …}`: from its
    /// members found while the row was checked (`planned`), or else from the text.
    private static func read(_ text: JSONText, _ planned: [JSONTextMember?]?) -> RecordData? {
        guard let members = planned ?? text.members(Self.rowMembers), let values = members[0]?.text,
              values.utf8.first == UInt8(ascii: "{")
        else { return nil }
        let attributes = members[1]
        let read = attributes?.members
        return RecordData(
            recordId: read?[0]?.value?.int64Value, modifiedDate: read?[1]?.value?.int64Value,
            valueStore: .text(LazyValues(text: values)),
            attributeStore: attributes.map { $0.members != nil ? .text($0.text) : .built([:]) } ?? .built([:]))
    }

    /// What a row's text is read for, in one pass.
    private static let rowMembers: [JSONMemberRequest] = [
        .text("modelValues"), .members("modelAttributes", [.build("recordId"), .build("modifiedDate")]),
    ]

    /// ``rowMembers`` as a plan: a session finds them in a page's rows while it checks them
    /// (``PortalSession/invokeSourced(_:)``), so a row's text is stepped through once.
    static let rowPlan = JSONMemberPlan(rowMembers)!

    private init(recordId: Int64?, modifiedDate: Int64?, valueStore: ValueStore, attributeStore: AttributeStore) {
        self.recordId = recordId
        self.modifiedDate = modifiedDate
        self.valueStore = valueStore
        self.attributeStore = attributeStore
    }

    public static func == (lhs: RecordData, rhs: RecordData) -> Bool {
        lhs.recordId == rhs.recordId && lhs.values == rhs.values && lhs.attributes == rhs.attributes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(recordId)
        hasher.combine(values)
    }
}

/// The names of the fields a list reads from each of its records (``RecordData/values(of:)``),
/// made ready once for all of them.
public struct RecordFieldNames: Sendable {
    public let names: [String]
    let requests: [JSONMemberRequest]

    public init(_ names: [String]) {
        self.names = names
        requests = names.map { .build($0) }
    }
}
