import DDM

/// Finding and replacing ``PendingWrite/uploadPlaceholder(_:)`` values in payloads.
enum Placeholders {
    static let member = "$queuedUpload"

    /// The queue ids named by placeholders anywhere in `value`, in document order.
    static func references(in value: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            if members.count == 1, let id = members[member]?.stringValue { return [id] }
            return members.keys.sorted().flatMap { references(in: members[$0]!) }
        case .array(let elements):
            return elements.flatMap(references(in:))
        default:
            return []
        }
    }

    /// `value` with every placeholder for `queueId` replaced by `replacement`.
    static func substitute(_ queueId: String, with replacement: JSONValue, in value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            if members.count == 1, members[member]?.stringValue == queueId { return replacement }
            return .object(members.mapValues { substitute(queueId, with: replacement, in: $0) })
        case .array(let elements):
            return .array(elements.map { substitute(queueId, with: replacement, in: $0) })
        default:
            return value
        }
    }
}
