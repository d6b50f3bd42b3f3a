import DDM

/// A record's value of one field as the portal keeps it: one server string, or — when the
/// `fieldsMap` carried a JSON array — one server string per instance of a repeatable field. A
/// string that merely looks like an array (a multiple selection `["a","b"]`) stays one value, as
/// on a real portal; the two are stored and returned in their own shapes.
enum StoredFieldValue: Sendable, Equatable, Codable {
    case single(String)
    case instances([String])

    /// The value to store for a submitted `fieldsMap` entry; `nil` for `null`. Scalars are kept as
    /// their text, array elements that are not strings as their JSON text.
    init?(submitted value: JSONValue) {
        switch value {
        case .null: return nil
        case .string(let text): self = .single(text)
        case .array(let elements): self = .instances(elements.compactMap { $0.stringValue ?? ($0 == .null ? nil : $0.serialized()) })
        case .object: self = .single(value.serialized())
        default:
            guard let text = value.textValue else { return nil }
            self = .single(text)
        }
    }

    /// The server strings, one per instance.
    var strings: [String] {
        switch self {
        case .single(let text): [text]
        case .instances(let texts): texts
        }
    }

    /// No instance holds anything.
    var isEmpty: Bool { strings.allSatisfy(\.isEmpty) }

    var json: JSONValue {
        switch self {
        case .single(let text): .string(text)
        case .instances(let texts): .array(texts.map(JSONValue.string))
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .single(text)
        } else {
            self = .instances(try container.decode([String].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .single(let text): try container.encode(text)
        case .instances(let texts): try container.encode(texts)
        }
    }

    /// A record's stored values as the JSON text of the `fieldValues` column.
    static func column(_ values: [String: StoredFieldValue]) -> String {
        JSONValue.object(values.mapValues(\.json)).serialized()
    }
}
