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
