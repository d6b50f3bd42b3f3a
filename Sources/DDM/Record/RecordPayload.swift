/// One DDL record as the portal's Screens plugin returns it: `{"modelValues": {...},
/// "modelAttributes": {...}}`, or the bare values map older plugins (≤ 1.1.0) return.
public struct RecordPayload: Sendable, Hashable {
    /// Field name → value, for one locale the server chose. Values may be JSON strings, numbers
    /// or booleans; empty values are usually omitted.
    public let values: [String: JSONValue]
    /// The record's model attributes (`recordId`, `recordSetId`, `modifiedDate`, `status`, ...);
    /// empty for the legacy shape.
    public let attributes: [String: JSONValue]
    /// Whether the payload had the legacy shape (no `modelValues`).
    public let isLegacy: Bool

    public init(values: [String: JSONValue], attributes: [String: JSONValue] = [:], isLegacy: Bool = false) {
        self.values = values
        self.attributes = attributes
        self.isLegacy = isLegacy
    }

    /// Reads either shape. A response with `modelValues` uses it and `modelAttributes` (when
    /// present); any other object is the legacy bare values map.
    public static func parse(_ json: JSONValue) throws(RecordPayloadError) -> RecordPayload {
        guard let object = json.objectValue else { throw RecordPayloadError("expected a JSON object", path: "$") }
        guard let modelValues = object["modelValues"] else {
            return RecordPayload(values: object, isLegacy: true)
        }
        guard let values = modelValues.objectValue else {
            throw RecordPayloadError("expected an object of field values", path: "modelValues")
        }
        var attributes: [String: JSONValue] = [:]
        if let modelAttributes = object["modelAttributes"], !modelAttributes.isNull {
            guard let found = modelAttributes.objectValue else {
                throw RecordPayloadError("expected an object of attributes", path: "modelAttributes")
            }
            attributes = found
        }
        return RecordPayload(values: values, attributes: attributes)
    }

    /// Reads JSON text in either shape.
    public static func parse(text: String) throws(RecordPayloadError) -> RecordPayload {
        do {
            return try parse(JSONValue.parse(text))
        } catch let error as JSONParseError {
            throw RecordPayloadError("invalid JSON: \(error.message) at line \(error.line), column \(error.column)", path: nil)
        } catch let error as RecordPayloadError {
            throw error
        } catch {
            throw RecordPayloadError("\(error)", path: nil)
        }
    }

    /// `recordId` (a number or a numeric string).
    public var recordId: Int64? { attributes["recordId"]?.int64Value }
    /// `modifiedDate` in epoch milliseconds (a number or a numeric string).
    public var modifiedDate: Int64? { attributes["modifiedDate"]?.int64Value }
    /// The workflow status: 0 approved, 1 pending, 2 draft, ...
    public var status: Int? { attributes["status"]?.intValue }
    /// `recordSetId`, when given.
    public var recordSetId: Int64? { attributes["recordSetId"]?.int64Value }
}

/// A record payload that cannot be read.
public struct RecordPayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// The JSON path of the problem, when there is one.
    public let path: String?

    public init(_ message: String, path: String?) {
        self.message = message
        self.path = path
    }

    public var description: String { path.map { "\($0): \(message)" } ?? message }
}
