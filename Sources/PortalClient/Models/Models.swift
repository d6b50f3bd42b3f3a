import DDM

/// Reads an ID that may come as a number (6.2) or a numeric string (7.x).
@inline(__always) func id(_ json: JSONValue, _ key: String) -> Int64 { json[key]?.int64Value ?? 0 }

/// A site (group) of the user.
public struct Site: Sendable, Hashable {
    public let groupId: Int64
    public let companyId: Int64
    /// The site's name (may be localized XML on some portals; shown as is).
    public let name: String
    public let friendlyURL: String
    public let attributes: JSONValue

    public init?(json: JSONValue) {
        guard case .object = json, let groupId = json["groupId"]?.int64Value else { return nil }
        self.groupId = groupId
        self.companyId = id(json, "companyId")
        self.name = json["descriptiveName"]?.stringValue ?? json["nameCurrentValue"]?.stringValue ?? json["name"]?.stringValue ?? ""
        self.friendlyURL = json["friendlyURL"]?.stringValue ?? ""
        self.attributes = json
    }
}

/// A DDL record set.
public struct RecordSet: Sendable, Hashable {
    public let recordSetId: Int64
    public let groupId: Int64
    /// The structure of its records (`DDMStructureId`).
    public let structureId: Int64
    /// The raw `name` (localized XML on the portal, plain text in some answers).
    public let name: String
    public let attributes: JSONValue

    public init?(json: JSONValue) {
        guard case .object = json, let recordSetId = json["recordSetId"]?.int64Value else { return nil }
        self.recordSetId = recordSetId
        self.groupId = id(json, "groupId")
        self.structureId = json["DDMStructureId"]?.int64Value ?? json["ddmStructureId"]?.int64Value ?? 0
        self.name = json["nameCurrentValue"]?.stringValue ?? json["name"]?.stringValue ?? ""
        self.attributes = json
    }
}

/// A DDM structure as the portal sends it; the definition is parsed by the DDM module.
public struct StructureModel: Sendable, Hashable {
    public let structureId: Int64
    /// The author, which Liferay Screens uses as `serviceContext.userId` on submit.
    public let userId: Int64
    /// The 7.x JSON `definition`, if present.
    public let definition: String?
    /// The 6.2 XSD `xsd`, if present.
    public let xsd: String?
    public let attributes: JSONValue

    public init?(json: JSONValue) {
        guard case .object = json, let structureId = json["structureId"]?.int64Value else { return nil }
        self.structureId = structureId
        self.userId = id(json, "userId")
        self.definition = json["definition"]?.stringValue
        self.xsd = json["xsd"]?.stringValue
        self.attributes = json
    }
}

/// A DDL record model, as `add-record` / `update-record` return it.
public struct RecordModel: Sendable, Hashable {
    public let recordId: Int64
    public let recordSetId: Int64
    /// 0 approved, 1 pending, 2 draft.
    public let status: Int
    /// Epoch milliseconds.
    public let modifiedDate: Int64?
    public let attributes: JSONValue

    public init?(json: JSONValue) {
        guard case .object = json, let recordId = json["recordId"]?.int64Value else { return nil }
        self.recordId = recordId
        self.recordSetId = id(json, "recordSetId")
        self.status = json["status"]?.intValue ?? 0
        self.modifiedDate = json["modifiedDate"]?.int64Value
        self.attributes = json
    }
}

/// A Documents & Media file entry.
public struct FileEntry: Sendable, Hashable {
    public let fileEntryId: Int64
    public let groupId: Int64
    public let repositoryId: Int64
    public let folderId: Int64
    public let uuid: String
    public let title: String
    public let version: String
    public let mimeType: String
    public let description: String
    public let size: Int64
    /// Epoch milliseconds.
    public let createDate: Int64?
    public let modifiedDate: Int64?
    public let attributes: JSONValue

    public init?(json: JSONValue) {
        guard case .object = json, let fileEntryId = json["fileEntryId"]?.int64Value else { return nil }
        self.fileEntryId = fileEntryId
        self.groupId = id(json, "groupId")
        self.repositoryId = id(json, "repositoryId")
        self.folderId = id(json, "folderId")
        self.uuid = json["uuid"]?.stringValue ?? ""
        self.title = json["title"]?.stringValue ?? ""
        self.version = json["version"]?.textValue ?? ""
        self.mimeType = json["mimeType"]?.stringValue ?? ""
        self.description = json["description"]?.stringValue ?? ""
        self.size = json["size"]?.int64Value ?? 0
        self.createDate = json["createDate"]?.int64Value
        self.modifiedDate = json["modifiedDate"]?.int64Value
        self.attributes = json
    }
}

/// A folder (Documents & Media or Bookmarks).
public struct Folder: Sendable, Hashable {
    public let folderId: Int64
    public let parentFolderId: Int64
    public let groupId: Int64
    public let name: String
    public let attributes: JSONValue

    public init?(json: JSONValue) {
        guard case .object = json, let folderId = json["folderId"]?.int64Value else { return nil }
        self.folderId = folderId
        self.parentFolderId = id(json, "parentFolderId")
        self.groupId = id(json, "groupId")
        self.name = json["name"]?.stringValue ?? ""
        self.attributes = json
    }
}

/// A bookmark.
public struct BookmarkEntry: Sendable, Hashable {
    public let entryId: Int64
    public let groupId: Int64
    public let folderId: Int64
    public let name: String
    public let url: String
    public let description: String
    public let attributes: JSONValue

    public init?(json: JSONValue) {
        guard case .object = json, let entryId = json["entryId"]?.int64Value else { return nil }
        self.entryId = entryId
        self.groupId = id(json, "groupId")
        self.folderId = id(json, "folderId")
        self.name = json["name"]?.stringValue ?? ""
        self.url = json["url"]?.stringValue ?? ""
        self.description = json["description"]?.stringValue ?? ""
        self.attributes = json
    }
}
