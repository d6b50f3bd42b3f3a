import DDM
import Foundation
import GRDB

/// Rows written by demo data, seed files and services. Every ID is explicit; callers take new IDs
/// from ``GRDB/Database/nextId()``.
extension Database {
    func insertCompany(id: Int64, webId: String) throws {
        try execute(sql: "INSERT OR IGNORE INTO company (companyId, webId, mx) VALUES (?, ?, ?)", arguments: [id, webId, webId])
        try reserveId(id)
    }

    func insertSite(groupId: Int64, companyId: Int64, name: String, friendlyURL: String, description: String, creatorUserId: Int64) throws {
        try execute(
            sql: "INSERT INTO site (groupId, companyId, name, friendlyURL, description, creatorUserId, uuid) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [groupId, companyId, name, friendlyURL, description, creatorUserId, PortalUUID.derived("site-\(groupId)")])
        try reserveId(groupId)
    }

    func insertUser(
        userId: Int64, companyId: Int64, screenName: String, emailAddress: String, password: String,
        firstName: String, lastName: String, isAdmin: Bool, languageId: String = "en_US", now: Int64
    ) throws {
        try execute(
            sql: """
                INSERT INTO user (userId, companyId, screenName, emailAddress, password, firstName, lastName,
                    isAdmin, languageId, uuid, createDate, modifiedDate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [userId, companyId, screenName, emailAddress, password, firstName, lastName, isAdmin,
                        languageId, PortalUUID.derived("user-\(userId)"), now, now])
        try reserveId(userId)
    }

    func addMembership(userId: Int64, groupId: Int64) throws {
        try execute(sql: "INSERT OR IGNORE INTO membership (userId, groupId) VALUES (?, ?)", arguments: [userId, groupId])
    }

    /// Grants `action` on a resource; `resourceId` 0 means every resource of that type.
    func grant(userId: Int64, resource: ResourceType, resourceId: Int64, action: PermissionAction) throws {
        try execute(
            sql: "INSERT OR IGNORE INTO permission (userId, resourceType, resourceId, action) VALUES (?, ?, ?, ?)",
            arguments: [userId, resource.rawValue, resourceId, action.rawValue])
    }

    func insertStructure(
        structureId: Int64, groupId: Int64, companyId: Int64, userId: Int64, key: String,
        names: LocalizedText, descriptions: LocalizedText, definition: String?, xsd: String?,
        fieldTypes: [String: String], requiredFields: [String], now: Int64
    ) throws {
        try execute(
            sql: """
                INSERT INTO structure (structureId, groupId, companyId, userId, structureKey, names, descriptions,
                    defaultLocale, definition, xsd, fieldTypes, requiredFields, uuid, createDate, modifiedDate)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [structureId, groupId, companyId, userId, key, names.json, descriptions.json, names.defaultLocale,
                        definition, xsd, JSONValue.object(fieldTypes.mapValues(JSONValue.string)).serialized(),
                        JSONValue.array(requiredFields.map(JSONValue.string)).serialized(),
                        PortalUUID.derived("structure-\(structureId)"), now, now])
        try reserveId(structureId)
    }

    func insertRecordSet(
        recordSetId: Int64, groupId: Int64, companyId: Int64, userId: Int64, structureId: Int64,
        names: LocalizedText, descriptions: LocalizedText, now: Int64
    ) throws {
        try execute(
            sql: """
                INSERT INTO recordSet (recordSetId, groupId, companyId, userId, structureId, recordSetKey, names,
                    descriptions, minDisplayRows, scope, uuid, createDate, modifiedDate)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?)
                """,
            arguments: [recordSetId, groupId, companyId, userId, structureId, String(recordSetId), names.json,
                        descriptions.json, PortalUUID.derived("recordset-\(recordSetId)"), now, now])
        try reserveId(recordSetId)
    }

    /// Inserts a record; a second record with the same uuid in the same group violates the unique index.
    func insertRecord(
        recordId: Int64, uuid: String, groupId: Int64, companyId: Int64, userId: Int64, userName: String,
        recordSetId: Int64, storageId: Int64, displayIndex: Int, status: Int, values: [String: StoredFieldValue],
        createDate: Int64, modifiedDate: Int64
    ) throws {
        let statement = try cachedStatement(sql: """
            INSERT INTO record (recordId, uuid, groupId, companyId, userId, userName, recordSetId, storageId,
                displayIndex, version, status, fieldValues, createDate, modifiedDate)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '1.0', ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [
            recordId, uuid, groupId, companyId, userId, userName, recordSetId, storageId, displayIndex, status,
            StoredFieldValue.column(values), createDate, modifiedDate,
        ])
    }

    func insertDLFolder(folderId: Int64, groupId: Int64, parentFolderId: Int64, userId: Int64, name: String, description: String, now: Int64) throws {
        try execute(
            sql: """
                INSERT INTO dlFolder (folderId, groupId, repositoryId, parentFolderId, userId, name, description, uuid,
                    createDate, modifiedDate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [folderId, groupId, groupId, parentFolderId, userId, name, description,
                        PortalUUID.derived("dlfolder-\(folderId)"), now, now])
        try reserveId(folderId)
    }

    func insertFileEntry(
        fileEntryId: Int64, groupId: Int64, folderId: Int64, userId: Int64, userName: String, title: String,
        description: String, fileName: String, mimeType: String, data: [UInt8], thumbnail: [UInt8]?,
        changeLog: String, uuid: String, now: Int64
    ) throws {
        let fileExtension = fileName.contains(".") ? String(fileName.split(separator: ".").last ?? "") : ""
        try execute(
            sql: """
                INSERT INTO fileEntry (fileEntryId, groupId, repositoryId, folderId, userId, userName, title, description,
                    fileName, extension, mimeType, size, version, changeLog, uuid, createDate, modifiedDate)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '1.0', ?, ?, ?, ?)
                """,
            arguments: [fileEntryId, groupId, groupId, folderId, userId, userName, title, description, fileName,
                        fileExtension, mimeType, data.count, changeLog, uuid, now, now])
        try execute(
            sql: "INSERT INTO fileContent (fileEntryId, data, thumbnail) VALUES (?, ?, ?)",
            arguments: [fileEntryId, Data(data), thumbnail.map { Data($0) }])
    }

    func insertBookmarksFolder(folderId: Int64, groupId: Int64, companyId: Int64, parentFolderId: Int64, userId: Int64, name: String, description: String, now: Int64) throws {
        try execute(
            sql: """
                INSERT INTO bookmarksFolder (folderId, groupId, companyId, parentFolderId, userId, name, description, uuid,
                    createDate, modifiedDate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [folderId, groupId, companyId, parentFolderId, userId, name, description,
                        PortalUUID.derived("bmfolder-\(folderId)"), now, now])
        try reserveId(folderId)
    }

    func insertBookmarksEntry(
        entryId: Int64, groupId: Int64, companyId: Int64, folderId: Int64, userId: Int64, userName: String,
        name: String, url: String, description: String, uuid: String, now: Int64
    ) throws {
        try execute(
            sql: """
                INSERT INTO bookmarksEntry (entryId, groupId, companyId, folderId, userId, userName, name, url, description,
                    visits, priority, uuid, createDate, modifiedDate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?)
                """,
            arguments: [entryId, groupId, companyId, folderId, userId, userName, name, url, description, uuid, now, now])
    }
}

/// What a permission is about.
enum ResourceType: String, Sendable {
    case recordSet = "recordset"
    case folder = "folder"
    case bookmarksFolder = "bookmarksfolder"
}

/// The actions the emulator checks.
enum PermissionAction: String, Sendable, CaseIterable {
    case view, add, update, delete
}

extension Database {
    func insertObjectEntry(
        id: Int64, definitionId: Int64, groupId: Int64, erc: String, userId: Int64, userName: String, status: Int,
        fieldValues: String, searchText: String, createDate: Int64, modifiedDate: Int64
    ) throws {
        let statement = try cachedStatement(sql: """
            INSERT INTO objectEntry (id, objectDefinitionId, groupId, companyId, externalReferenceCode, userId, userName,
                status, fieldValues, searchText, createDate, modifiedDate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [id, definitionId, groupId, DemoIDs.companyId, erc, userId, userName, status,
                                          fieldValues, searchText, createDate, modifiedDate])
    }
}
