import Foundation

/// The typed value of a field. Each kind of field holds one case; see ``DDMField`` for the
/// conversions between this and the server string and label forms.
public enum FieldValue: Sendable, Hashable {
    case boolean(Bool)
    /// Text and text-box fields.
    case string(String)
    /// The values (not labels) of the selected options, in selection order.
    case options([String])
    /// A calendar date: no time, no time zone.
    case date(CalendarDate)
    case integer(Int64)
    /// An exact decimal; never converted through binary floating point.
    case decimal(Decimal)
    case document(DocumentValue)
    case geolocation(Geolocation)
    /// Image and unsupported fields, and a server value that could not be read for its kind: the
    /// text exactly as the portal sent it, sent back unchanged.
    case raw(String)
}

/// The value of a Documents and Media field.
public enum DocumentValue: Sendable, Hashable {
    /// A file entry already in the portal.
    case uploaded(DocumentReference)
    /// A local file the user picked, not uploaded yet; it has no server form until it is.
    case localFile(path: String)
    /// A local file whose upload failed.
    case uploadFailed(path: String, reason: String)
    /// A server value that is not a recognisable file reference, kept verbatim and sent back.
    case other(String)
}

/// A file entry as the portal refers to it from a document field.
public struct DocumentReference: Sendable, Hashable {
    public let groupId: Int64
    public let uuid: String
    public let version: String
    /// The whole object the portal gave (it may also carry `title`, `fileEntryId`, ...).
    public let raw: JSONValue

    public init(groupId: Int64, uuid: String, version: String, raw: JSONValue? = nil) {
        self.groupId = groupId
        self.uuid = uuid
        self.version = version
        self.raw = raw ?? ["groupId": .int(groupId), "uuid": .string(uuid), "version": .string(version)]
    }

    /// Reads an object with `groupId` (a number or a numeric string), `uuid` and `version`; `nil`
    /// when one is missing.
    public init?(json: JSONValue) {
        guard let groupId = json["groupId"]?.int64Value, let uuid = json["uuid"]?.stringValue,
            let version = json["version"]?.textValue
        else { return nil }
        self.init(groupId: groupId, uuid: uuid, version: version, raw: json)
    }

    /// The file's title, when the portal gave one.
    public var title: String? { raw["title"]?.stringValue }
}

/// A point on Earth. Values outside ±90 / ±180 can be held, and fail validation.
public struct Geolocation: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
