import DDM
import Foundation
import GRDB

/// `/dlapp/…` (the same path on both versions): file entries and folders of Documents & Media.
enum DocumentServices {
    static func register(_ registry: inout ServiceRegistry) {
        let entries: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let query = try EntryQuery(call.params)
            let page = PageRange(start: try call.params.int("start", default: -1), end: try call.params.int("end", default: -1))
            let descending = call.params.wrapper("obc")?.fields["ascending"]?.boolValue == false
            let rows = try await call.read { db in
                try requireFolder(db, user: user, repositoryId: query.repositoryId, folderId: query.folderId, .view)
                return try FileEntryRow.fetchAll(
                    db, sql: "SELECT * FROM fileEntry WHERE \(query.whereClause) ORDER BY fileEntryId \(descending ? "DESC" : "ASC") \(page.sql)",
                    arguments: query.arguments)
            }
            return .array(rows.map { ModelJSON.fileEntry($0, call.version) })
        }
        registry.register(.core("/dlapp/get-file-entries"), ["repositoryId", "folderId"], entries)
        registry.register(.core("/dlapp/get-file-entries"), ["repositoryId", "folderId", "mimeTypes"], entries)
        registry.register(.core("/dlapp/get-file-entries"), ["repositoryId", "folderId", "start", "end"], entries)
        registry.register(.core("/dlapp/get-file-entries"), ["repositoryId", "folderId", "start", "end", "obc"], entries)
        registry.register(.only7("/dlapp/get-file-entries"), ["repositoryId", "folderId", "mimeTypes", "start", "end", "obc"], entries)

        let count: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let query = try EntryQuery(call.params)
            let total = try await call.read { db in
                try requireFolder(db, user: user, repositoryId: query.repositoryId, folderId: query.folderId, .view)
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fileEntry WHERE \(query.whereClause)", arguments: query.arguments) ?? 0
            }
            return .int(Int64(total))
        }
        registry.register(.core("/dlapp/get-file-entries-count"), ["repositoryId", "folderId"], count)
        registry.register(.only7("/dlapp/get-file-entries-count"), ["repositoryId", "folderId", "mimeTypes"], count)

        registry.register(.core("/dlapp/get-file-entry"), ["fileEntryId"]) { call throws(PortalError) in
            let user = try call.currentUser
            let fileEntryId = try call.params.long("fileEntryId")
            let entry = try await call.read { db in
                let entry = try fetchEntry(db, fileEntryId)
                try requireFolder(db, user: user, repositoryId: entry.repositoryId, folderId: entry.folderId, .view)
                return entry
            }
            return ModelJSON.fileEntry(entry, call.version)
        }
        registry.register(.core("/dlapp/get-file-entry"), ["groupId", "folderId", "title"]) { call throws(PortalError) in
            let user = try call.currentUser
            let groupId = try call.params.long("groupId")
            let folderId = try call.params.long("folderId")
            let title = call.params.string("title") ?? ""
            let entry = try await call.read { db in
                guard let entry = try FileEntryRow.fetchOne(
                    db, sql: "SELECT * FROM fileEntry WHERE groupId = ? AND folderId = ? AND title = ?", arguments: [groupId, folderId, title])
                else { throw NotFound.fileEntry("key {groupId=\(groupId), folderId=\(folderId), title=\(title)}") }
                try requireFolder(db, user: user, repositoryId: entry.repositoryId, folderId: entry.folderId, .view)
                return entry
            }
            return ModelJSON.fileEntry(entry, call.version)
        }

        registry.register(.core("/dlapp/delete-file-entry"), ["fileEntryId"]) { call throws(PortalError) in
            let user = try call.currentUser
            let fileEntryId = try call.params.long("fileEntryId")
            try await call.write { db in
                let entry = try fetchEntry(db, fileEntryId)
                try requireFolder(db, user: user, repositoryId: entry.repositoryId, folderId: entry.folderId, .delete)
                try db.execute(sql: "DELETE FROM fileEntry WHERE fileEntryId = ?", arguments: [fileEntryId])
                try db.execute(sql: "DELETE FROM fileContent WHERE fileEntryId = ?", arguments: [fileEntryId])
            }
            return .null
        }

        let folders: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let repositoryId = try call.params.long("repositoryId")
            let parentFolderId = try call.params.long("parentFolderId")
            let page = PageRange(start: try call.params.int("start", default: -1), end: try call.params.int("end", default: -1))
            let rows = try await call.read { db in
                try DLFolderRow.fetchAll(
                    db, sql: "SELECT * FROM dlFolder WHERE repositoryId = ? AND parentFolderId = ? ORDER BY name, folderId \(page.sql)",
                    arguments: [repositoryId, parentFolderId]
                ).filter { try Permissions.allowed(db, user: user, .view, .folder, $0.folderId) }
            }
            return .array(rows.map { ModelJSON.dlFolder($0, call.version) })
        }
        registry.register(.core("/dlapp/get-folders"), ["repositoryId", "parentFolderId"], folders)
        registry.register(.core("/dlapp/get-folders"), ["repositoryId", "parentFolderId", "start", "end"], folders)
        registry.register(.core("/dlapp/get-folders"), ["repositoryId", "parentFolderId", "start", "end", "obc"], folders)
        registry.register(.core("/dlapp/get-folder"), ["folderId"]) { call throws(PortalError) in
            let user = try call.currentUser
            let folderId = try call.params.long("folderId")
            let folder = try await call.read { db in
                guard let folder = try DLFolderRow.fetchOne(db, sql: "SELECT * FROM dlFolder WHERE folderId = ?", arguments: [folderId]) else {
                    throw NotFound.dlFolder(folderId)
                }
                try Permissions.require(db, user: user, .view, .folder, folderId)
                return folder
            }
            return ModelJSON.dlFolder(folder, call.version)
        }

        let addEntry: ServiceHandler = { call throws(PortalError) in try await addFileEntry(call) }
        registry.register(.core("/dlapp/add-file-entry"),
                          ["repositoryId", "folderId", "sourceFileName", "mimeType", "title", "description", "changeLog", "file", "serviceContext"],
                          addEntry)
        registry.register(.core("/dlapp/add-file-entry"),
                          ["repositoryId", "folderId", "sourceFileName", "mimeType", "title", "description", "changeLog", "bytes", "serviceContext"],
                          addEntry)
    }

    /// The filter of a file-entry listing: repository, folder and optional MIME types.
    struct EntryQuery {
        let repositoryId: Int64
        let folderId: Int64
        let mimeTypes: [String]

        init(_ params: Parameters) throws(PortalError) {
            repositoryId = try params.long("repositoryId")
            folderId = try params.long("folderId")
            mimeTypes = try params.array("mimeTypes")?.compactMap(\.textValue) ?? []
        }

        var whereClause: String {
            let base = "repositoryId = ? AND folderId = ?"
            return mimeTypes.isEmpty ? base : base + " AND mimeType IN (\(mimeTypes.map { _ in "?" }.joined(separator: ",")))"
        }

        var arguments: StatementArguments {
            StatementArguments([repositoryId, folderId]) + StatementArguments(mimeTypes)
        }
    }

    static func fetchEntry(_ db: Database, _ fileEntryId: Int64) throws -> FileEntryRow {
        guard let entry = try FileEntryRow.fetchOne(db, sql: "SELECT * FROM fileEntry WHERE fileEntryId = ?", arguments: [fileEntryId]) else {
            throw NotFound.fileEntry("primary key \(fileEntryId)")
        }
        return entry
    }

    /// Checks that the repository (a site) and folder exist, and that `user` may act on the folder.
    static func requireFolder(_ db: Database, user: UserRow, repositoryId: Int64, folderId: Int64, _ action: PermissionAction) throws {
        guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM site WHERE groupId = ?", arguments: [repositoryId]) ?? 0 > 0 else {
            throw PortalError.noSuch("Repository", package62: "com.liferay.portal", package7: "com.liferay.portal.kernel.exception",
                                     entity: "Repository", key: "primary key \(repositoryId)")
        }
        if folderId != 0 {
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM dlFolder WHERE folderId = ? AND repositoryId = ?",
                                   arguments: [folderId, repositoryId]) ?? 0 > 0 else { throw NotFound.dlFolder(folderId) }
        }
        try Permissions.require(db, user: user, action, .folder, folderId)
    }

    static func addFileEntry(_ call: ServiceCall) async throws(PortalError) -> JSONValue {
        let user = try call.currentUser
        let params = call.params
        let repositoryId = try params.long("repositoryId")
        let folderId = try params.long("folderId")
        let sourceFileName = params.string("sourceFileName") ?? call.upload?.fileName ?? ""
        let titleParam = params.string("title") ?? ""
        let title = titleParam.isEmpty ? sourceFileName : titleParam
        let description = params.string("description") ?? ""
        let changeLog = params.string("changeLog") ?? ""
        let mimeType = (params.string("mimeType").flatMap { $0.isEmpty ? nil : $0 }) ?? call.upload?.contentType ?? "application/octet-stream"
        let data: [UInt8]
        if let upload = call.upload {
            data = upload.data
        } else if let bytesText = params.string("bytes") {
            data = try decodeBytes(bytesText)
        } else {
            throw PortalError.validation(
                class62: "com.liferay.portlet.documentlibrary.FileSizeException",
                class7: "com.liferay.document.library.kernel.exception.FileSizeException", "No file content was sent")
        }
        guard !title.isEmpty else {
            throw PortalError.validation(
                class62: "com.liferay.portlet.documentlibrary.FileNameException",
                class7: "com.liferay.document.library.kernel.exception.FileNameException", "A file entry needs a title or a source file name")
        }
        let serviceContext = params.wrapper("serviceContext")
        let uuid = serviceContext?.fields["uuid"]?.textValue.flatMap { $0.isEmpty ? nil : $0 } ?? PortalUUID.random()
        let entry = try await call.write { db in
            try requireFolder(db, user: user, repositoryId: repositoryId, folderId: folderId, .add)
            let duplicate = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fileEntry WHERE repositoryId = ? AND folderId = ? AND title = ?",
                                             arguments: [repositoryId, folderId, title]) ?? 0
            if duplicate > 0 {
                throw PortalError.validation(
                    class62: "com.liferay.portlet.documentlibrary.DuplicateFileException",
                    class7: "com.liferay.document.library.kernel.exception.DuplicateFileEntryException",
                    "A file entry with the title \(title) already exists in folder \(folderId)")
            }
            let id = try db.nextId()
            try db.insertFileEntry(
                fileEntryId: id, groupId: repositoryId, folderId: folderId, userId: user.userId, userName: user.fullName,
                title: title, description: description, fileName: sourceFileName.isEmpty ? title : sourceFileName,
                mimeType: mimeType, data: data, thumbnail: nil, changeLog: changeLog, uuid: uuid, now: EpochClock.nowMs())
            return try fetchEntry(db, id)
        }
        return ModelJSON.fileEntry(entry, call.version)
    }

    /// The SDK's string form of `byte[]`: `"[72,101,108,108,111]"` with signed bytes.
    static func decodeBytes(_ text: String) throws(PortalError) -> [UInt8] {
        let inner = text.trimmingCharacters(in: CharacterSet(charactersIn: "[] \n"))
        if inner.isEmpty { return [] }
        var bytes = [UInt8]()
        for token in inner.split(separator: ",") {
            guard let value = Int(token.trimmingCharacters(in: .whitespaces)), (-128...255).contains(value) else {
                throw .badParameter("bytes", "not a byte list")
            }
            bytes.append(UInt8(truncatingIfNeeded: value))
        }
        return bytes
    }
}
