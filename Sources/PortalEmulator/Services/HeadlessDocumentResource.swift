import DDM
import Foundation
import GRDB

/// headless-delivery v1.0 documents and folders (reference §3.1): a folder's documents (paged,
/// searched, sorted, filtered), multipart upload (`file` + optional `document` JSON), one
/// document, delete; `adaptedImages` with a `Thumbnail-300x300` rendition served under
/// `/o/adaptive-media/image/{id}/{resolution}/{fileName}`.
enum HeadlessDocumentResource {
    static let thumbnailResolution = "Thumbnail-300x300"

    /// `segments` start after `/o/headless-delivery/v1.0/`.
    static func handle(_ request: HeadlessRequest, database: PortalDatabase) async throws(HeadlessProblem) -> JSONValue? {
        let s = request.segments
        switch (request.method, s.count, s.first) {
        case ("GET", 3, "document-folders") where s[2] == "documents":
            let folderId = try HeadlessRequest.id(s[1])
            return try await list(request, folder: .folder(folderId), database: database)
        case ("POST", 3, "document-folders") where s[2] == "documents":
            return try await upload(request, into: .folder(try HeadlessRequest.id(s[1])), database: database)
        case ("POST", 3, "sites") where s[2] == "documents":
            return try await upload(request, into: .root(try HeadlessRequest.id(s[1])), database: database)
        case ("GET", 3, "sites") where s[2] == "documents":
            let siteId = try HeadlessRequest.id(s[1])
            return try await list(request, folder: request.query["flatten"] == "true" ? .site(siteId) : .root(siteId), database: database)
        case ("GET", 2, "document-folders"):
            let folderId = try HeadlessRequest.id(s[1])
            return try await database.headlessRead { db in
                guard let folder = try DLFolderRow.fetchOne(db, sql: "SELECT * FROM dlFolder WHERE folderId = ?", arguments: [folderId]) else {
                    throw HeadlessProblem.notFound("No DLFolder exists with the primary key \(folderId)")
                }
                return try folderJSON(folder, db: db)
            }
        case ("GET", 3, "sites") where s[2] == "document-folders":
            let siteId = try HeadlessRequest.id(s[1])
            let pagination = try VulcanPagination(query: request.query)
            return try await database.headlessRead { db in
                let folders = try DLFolderRow.fetchAll(db, sql: "SELECT * FROM dlFolder WHERE groupId = ? AND parentFolderId = 0 ORDER BY folderId",
                                                       arguments: [siteId])
                return pagination.envelope(try folders.dropFirst(pagination.offset).prefix(pagination.pageSize).map { try folderJSON($0, db: db) },
                                           totalCount: folders.count)
            }
        case ("GET", 2, "documents"):
            let id = try HeadlessRequest.id(s[1])
            let user = request.user
            return try await database.headlessRead { db in
                let entry = try fetch(db, id)
                try require(db, user: user, .view, folderId: entry.folderId)
                return try documentJSON(entry, db: db)
            }
        case ("DELETE", 2, "documents"):
            let id = try HeadlessRequest.id(s[1])
            let user = request.user
            try await database.headlessWrite { db in
                let entry = try fetch(db, id)
                try require(db, user: user, .delete, folderId: entry.folderId)
                try db.execute(sql: "DELETE FROM fileContent WHERE fileEntryId = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM fileEntry WHERE fileEntryId = ?", arguments: [id])
            }
            return nil
        default:
            throw .notFound("Not found: /o/headless-delivery/v1.0/\(s.joined(separator: "/"))")
        }
    }

    enum Listing: Sendable {
        case folder(Int64)
        /// The site's root folder.
        case root(Int64)
        /// Every document of the site (`flatten=true`).
        case site(Int64)
    }

    private static func list(_ request: HeadlessRequest, folder: Listing, database: PortalDatabase) async throws(HeadlessProblem) -> JSONValue {
        let pagination = try VulcanPagination(query: request.query)
        let resolve: ODataFilter.Resolver = { name in
            switch name {
            case "id": return QueryColumn(sql: "fileEntryId", kind: .integer)
            case "title": return QueryColumn(sql: "title", kind: .text)
            case "fileName": return QueryColumn(sql: "fileName", kind: .text)
            case "encodingFormat": return QueryColumn(sql: "mimeType", kind: .text)
            case "sizeInBytes": return QueryColumn(sql: "size", kind: .integer)
            case "dateCreated": return QueryColumn(sql: "createDate", kind: .instantMs)
            case "dateModified": return QueryColumn(sql: "modifiedDate", kind: .instantMs)
            default: return nil
            }
        }
        var conditions: [String] = []
        var arguments = StatementArguments()
        switch folder {
        case .folder(let id): conditions.append("folderId = ?"); arguments += [id]
        case .root(let site): conditions.append("repositoryId = ? AND folderId = 0"); arguments += [site]
        case .site(let site): conditions.append("repositoryId = ?"); arguments += [site]
        }
        if let text = request.query["filter"] {
            let filter = try ODataFilter.compile(text, resolve: resolve)
            conditions.append(filter.sql)
            arguments += filter.arguments
        }
        if let search = request.query["search"]?.lowercased() {
            conditions.append("(LOWER(title) LIKE ? OR LOWER(description) LIKE ?)")
            arguments += ["%\(search)%", "%\(search)%"]
        }
        let orderBy = try HeadlessSort.orderBy(request.query["sort"], resolve: resolve, tieBreaker: "fileEntryId")
        let whereClause = conditions.joined(separator: " AND ")
        let queryArguments = arguments
        let user = request.user
        return try await database.headlessRead { db in
            if case .folder(let id) = folder {
                guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM dlFolder WHERE folderId = ?", arguments: [id]) ?? 0 > 0 else {
                    throw HeadlessProblem.notFound("No DLFolder exists with the primary key \(id)")
                }
                try require(db, user: user, .view, folderId: id)
            }
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fileEntry WHERE \(whereClause)", arguments: queryArguments) ?? 0
            let entries = try FileEntryRow.fetchAll(
                db, sql: "SELECT * FROM fileEntry WHERE \(whereClause) ORDER BY \(orderBy) \(pagination.sql)", arguments: queryArguments)
            return pagination.envelope(try entries.map { try documentJSON($0, db: db) }, totalCount: total)
        }
    }

    /// A multipart upload into a folder, or (`.root`) into a site's root folder, as Liferay's
    /// `POST sites/{siteId}/documents` does.
    private static func upload(_ request: HeadlessRequest, into target: Listing, database: PortalDatabase) async throws(HeadlessProblem) -> JSONValue {
        guard let boundary = RequestBodyParser.boundary(contentType: request.contentType) else {
            throw HeadlessProblem(status: 415, title: "Send the document as multipart/form-data with a file part")
        }
        guard let parts = RequestBodyParser.multipart(request.body, boundary: boundary) else { throw .badRequest("Malformed multipart body") }
        guard let file = parts.first(where: { $0.name == "file" && $0.fileName != nil }) else {
            throw .badRequest("The multipart body has no file part named file")
        }
        var metadata: [String: JSONValue] = [:]
        if let document = parts.first(where: { $0.name == "document" }) {
            guard case .object(let members)? = try? JSONValue.parse(bytes: document.data) else {
                throw .badRequest("The document part must be a JSON object")
            }
            metadata = members
        }
        let fileName = file.fileName ?? "file"
        let title = metadata["title"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? fileName
        let description = metadata["description"]?.stringValue ?? ""
        let mimeType = file.contentType.flatMap { $0.isEmpty || $0 == "application/octet-stream" ? nil : $0 } ?? SeedFile.mimeType(forFileName: fileName)
        let user = request.user
        return try await database.headlessWrite { db in
            let groupId: Int64
            let folderId: Int64
            switch target {
            case .folder(let id):
                guard let folder = try DLFolderRow.fetchOne(db, sql: "SELECT * FROM dlFolder WHERE folderId = ?", arguments: [id]) else {
                    throw HeadlessProblem.notFound("No DLFolder exists with the primary key \(id)")
                }
                (groupId, folderId) = (folder.groupId, id)
            case .root(let siteId), .site(let siteId):
                guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM site WHERE groupId = ?", arguments: [siteId]) ?? 0 > 0 else {
                    throw HeadlessProblem.notFound("No Group exists with the primary key \(siteId)")
                }
                (groupId, folderId) = (siteId, 0)
            }
            try require(db, user: user, .add, folderId: folderId)
            let sameTitle = "SELECT COUNT(*) FROM fileEntry WHERE groupId = ? AND folderId = ? AND title = ?"
            if try Int.fetchOne(db, sql: sameTitle, arguments: [groupId, folderId, title]) ?? 0 > 0 {
                throw HeadlessProblem(status: 409, title: "A file entry with the title \(title) already exists in folder \(folderId)",
                                      type: "DuplicateFileEntryException")
            }
            let id = try db.nextId()
            try db.insertFileEntry(
                fileEntryId: id, groupId: groupId, folderId: folderId, userId: user.userId, userName: user.fullName, title: title,
                description: description, fileName: fileName, mimeType: mimeType, data: file.data, thumbnail: nil, changeLog: "",
                uuid: PortalUUID.random(), now: EpochClock.nowMs())
            return try documentJSON(try fetch(db, id), db: db)
        }
    }

    private static func fetch(_ db: Database, _ id: Int64) throws -> FileEntryRow {
        guard let entry = try FileEntryRow.fetchOne(db, sql: "SELECT * FROM fileEntry WHERE fileEntryId = ?", arguments: [id]) else {
            throw HeadlessProblem.notFound("No FileEntry exists with the primary key \(id)")
        }
        return entry
    }

    private static func require(_ db: Database, user: UserRow, _ action: PermissionAction, folderId: Int64) throws {
        guard try Permissions.allowed(db, user: user, action, .folder, folderId) else {
            throw HeadlessProblem.forbidden("User \(user.userId) must have \(action.rawValue.uppercased()) permission for "
                                            + "com.liferay.document.library.kernel.model.DLFolder \(folderId)")
        }
    }

    static func documentJSON(_ entry: FileEntryRow, db: Database) throws -> JSONValue {
        let title = entry.title.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? entry.title
        let fileName = entry.fileName.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? entry.fileName
        var adapted: [JSONValue] = []
        if entry.mimeType.hasPrefix("image/") {
            let row = try Row.fetchOne(db, sql: "SELECT thumbnail, data FROM fileContent WHERE fileEntryId = ?", arguments: [entry.fileEntryId])
            let thumbnail: Data? = row?["thumbnail"]
            let original: Data? = row?["data"]
            if let image = thumbnail ?? original {
                var item: [String: JSONValue] = [
                    "resolutionName": .string(thumbnailResolution), "sizeInBytes": .int(Int64(image.count)),
                    "contentUrl": .string("/o/adaptive-media/image/\(entry.fileEntryId)/\(thumbnailResolution)/\(fileName)?t=\(entry.modifiedDate)"),
                ]
                if let size = PNGSize.read([UInt8](image.prefix(24))) {
                    item["width"] = .int(Int64(size.width))
                    item["height"] = .int(Int64(size.height))
                }
                adapted.append(.object(item))
            }
        }
        return [
            "id": .int(entry.fileEntryId), "title": .string(entry.title), "fileName": .string(entry.fileName),
            "fileExtension": .string(entry.fileExtension), "encodingFormat": .string(entry.mimeType), "sizeInBytes": .int(entry.size),
            "description": .string(entry.description), "documentFolderId": .int(entry.folderId), "siteId": .int(entry.groupId),
            "externalReferenceCode": .string(entry.uuid),
            "contentUrl": .string("/documents/\(entry.groupId)/\(entry.folderId)/\(title)/\(entry.uuid)?version=\(entry.version)&t=\(entry.modifiedDate)"),
            "adaptedImages": .array(adapted),
            "creator": ["contentType": "UserAccount", "id": .int(entry.userId), "name": .string(entry.userName)],
            "dateCreated": .string(HeadlessDate.iso(entry.createDate)), "dateModified": .string(HeadlessDate.iso(entry.modifiedDate)),
            "keywords": [], "taxonomyCategoryBriefs": [], "actions": [:],
        ]
    }

    static func folderJSON(_ folder: DLFolderRow, db: Database) throws -> JSONValue {
        let documents = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fileEntry WHERE folderId = ?", arguments: [folder.folderId]) ?? 0
        let folders = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM dlFolder WHERE parentFolderId = ?", arguments: [folder.folderId]) ?? 0
        return [
            "id": .int(folder.folderId), "name": .string(folder.name), "description": .string(folder.description),
            "siteId": .int(folder.groupId), "parentDocumentFolderId": .int(folder.parentFolderId),
            "numberOfDocuments": .int(Int64(documents)), "numberOfDocumentFolders": .int(Int64(folders)),
            "externalReferenceCode": .string(folder.uuid),
            "dateCreated": .string(HeadlessDate.iso(folder.createDate)), "dateModified": .string(HeadlessDate.iso(folder.modifiedDate)),
        ]
    }

    /// `/o/adaptive-media/image/{fileEntryId}/{resolution}/{fileName}`: the rendition's bytes
    /// (the demo images' thumbnails; other images as they are). Like `/documents/`, no credentials.
    static func adaptedImage(_ segments: [String], database: PortalDatabase, version: PortalVersion) async throws(HeadlessProblem) -> Reply {
        guard segments.count >= 2, let id = Int64(segments[0]), segments[1] == thumbnailResolution else { throw .notFound("Not found") }
        let found = try await database.headlessRead { db -> (data: Data, mimeType: String)? in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT fileEntry.mimeType, fileContent.data, fileContent.thumbnail FROM fileEntry JOIN fileContent USING (fileEntryId)
                WHERE fileEntry.fileEntryId = ? AND fileEntry.mimeType LIKE 'image/%'
                """, arguments: [id]) else { return nil }
            if let thumbnail = row["thumbnail"] as Data? { return (thumbnail, "image/png") }
            return (row["data"], row["mimeType"])
        }
        guard let found else { throw .notFound("No adapted image exists for \(id)") }
        return .bytes([UInt8](found.data), contentType: found.mimeType, version: version)
    }
}

/// The size in a PNG's IHDR chunk (bytes 16–23).
enum PNGSize {
    static func read(_ head: [UInt8]) -> (width: Int, height: Int)? {
        guard head.count >= 24, head.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func int(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }
}
