import DDM
import GRDB

/// `bookmarksentry` and `bookmarksfolder` (`/bookmarksentry/…` on 6.2, `/bookmarks.bookmarksentry/…` on 7.x).
enum BookmarkServices {
    static let entryPaths = (v62: "bookmarksentry", v7: "bookmarks.bookmarksentry")
    static let folderPaths = (v62: "bookmarksfolder", v7: "bookmarks.bookmarksfolder")

    static func register(_ registry: inout ServiceRegistry) {
        let entries: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let groupId = try call.params.long("groupId")
            let folderId = try call.params.long("folderId")
            let page = PageRange(start: try call.params.int("start", default: -1), end: try call.params.int("end", default: -1))
            // The SDK's tests: no comparator gives ascending names, EntryNameComparator descending.
            let comparator = call.params.wrapper("orderByComparator")
            let ascending = comparator?.className == nil || comparator?.fields["ascending"]?.boolValue == true
            let rows = try await call.read { db in
                try Permissions.require(db, user: user, .view, .bookmarksFolder, folderId)
                return try BookmarksEntryRow.fetchAll(
                    db, sql: "SELECT * FROM bookmarksEntry WHERE groupId = ? AND folderId = ? ORDER BY name \(ascending ? "ASC" : "DESC"), entryId \(page.sql)",
                    arguments: [groupId, folderId])
            }
            return .array(rows.map { ModelJSON.bookmarksEntry($0, call.version) })
        }
        registry.register(.module(v62: entryPaths.v62, v7: entryPaths.v7, "get-entries"), ["groupId", "folderId", "start", "end"], entries)
        registry.register(.module(v62: entryPaths.v62, v7: entryPaths.v7, "get-entries"),
                          ["groupId", "folderId", "start", "end", "orderByComparator"], entries)

        let count: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let groupId = try call.params.long("groupId")
            let folderId = try call.params.long("folderId")
            let total = try await call.read { db in
                try Permissions.require(db, user: user, .view, .bookmarksFolder, folderId)
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM bookmarksEntry WHERE groupId = ? AND folderId = ?", arguments: [groupId, folderId]) ?? 0
            }
            return .int(Int64(total))
        }
        registry.register(.module(v62: entryPaths.v62, v7: entryPaths.v7, "get-entries-count"), ["groupId", "folderId"], count)
        registry.register(.module(v62: entryPaths.v62, v7: entryPaths.v7, "get-entries-count"), ["groupId", "folderId", "status"], count)

        registry.register(.module(v62: entryPaths.v62, v7: entryPaths.v7, "get-entry"), ["entryId"]) { call throws(PortalError) in
            let user = try call.currentUser
            let entryId = try call.params.long("entryId")
            let entry = try await call.read { db in
                guard let entry = try BookmarksEntryRow.fetchOne(db, sql: "SELECT * FROM bookmarksEntry WHERE entryId = ?", arguments: [entryId]) else {
                    throw PortalError.noSuch("Entry", package62: "com.liferay.portlet.bookmarks", package7: "com.liferay.bookmarks.exception",
                                             entity: "BookmarksEntry", key: "primary key \(entryId)")
                }
                try Permissions.require(db, user: user, .view, .bookmarksFolder, entry.folderId)
                return entry
            }
            return ModelJSON.bookmarksEntry(entry, call.version)
        }

        registry.register(.module(v62: entryPaths.v62, v7: entryPaths.v7, "add-entry"),
                          ["groupId", "folderId", "name", "url", "description", "serviceContext"]) { call throws(PortalError) in
            let user = try call.currentUser
            let groupId = try call.params.long("groupId")
            let folderId = try call.params.long("folderId")
            let name = call.params.string("name") ?? ""
            let url = call.params.string("url") ?? ""
            let description = call.params.string("description") ?? ""
            guard url.contains("://") else {
                throw PortalError.validation(class62: "com.liferay.portlet.bookmarks.EntryURLException",
                                             class7: "com.liferay.bookmarks.exception.EntryURLException", "Invalid URL \(url)")
            }
            let uuid = call.params.wrapper("serviceContext")?.fields["uuid"]?.textValue.flatMap { $0.isEmpty ? nil : $0 } ?? PortalUUID.random()
            let entry = try await call.write { db in
                if folderId != 0 { _ = try fetchFolder(db, folderId) }
                try Permissions.require(db, user: user, .add, .bookmarksFolder, folderId)
                let id = try db.nextId()
                try db.insertBookmarksEntry(
                    entryId: id, groupId: groupId, companyId: user.companyId, folderId: folderId, userId: user.userId,
                    userName: user.fullName, name: name.isEmpty ? url : name, url: url, description: description, uuid: uuid,
                    now: EpochClock.nowMs())
                return try BookmarksEntryRow.fetchOne(db, sql: "SELECT * FROM bookmarksEntry WHERE entryId = ?", arguments: [id])!
            }
            return ModelJSON.bookmarksEntry(entry, call.version)
        }

        let folders: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let groupId = try call.params.long("groupId")
            let parentFolderId = call.params.has("parentFolderId") ? try call.params.long("parentFolderId") : 0
            let page = PageRange(start: try call.params.int("start", default: -1), end: try call.params.int("end", default: -1))
            let rows = try await call.read { db in
                try BookmarksFolderRow.fetchAll(
                    db, sql: "SELECT * FROM bookmarksFolder WHERE groupId = ? AND parentFolderId = ? ORDER BY name, folderId \(page.sql)",
                    arguments: [groupId, parentFolderId]
                ).filter { try Permissions.allowed(db, user: user, .view, .bookmarksFolder, $0.folderId) }
            }
            return .array(rows.map { ModelJSON.bookmarksFolder($0, call.version) })
        }
        registry.register(.module(v62: folderPaths.v62, v7: folderPaths.v7, "get-folders"), ["groupId"], folders)
        registry.register(.module(v62: folderPaths.v62, v7: folderPaths.v7, "get-folders"), ["groupId", "parentFolderId"], folders)
        registry.register(.module(v62: folderPaths.v62, v7: folderPaths.v7, "get-folders"), ["groupId", "parentFolderId", "start", "end"], folders)
        registry.register(.module(v62: folderPaths.v62, v7: folderPaths.v7, "get-folder"), ["folderId"]) { call throws(PortalError) in
            let user = try call.currentUser
            let folderId = try call.params.long("folderId")
            let folder = try await call.read { db in
                let folder = try fetchFolder(db, folderId)
                try Permissions.require(db, user: user, .view, .bookmarksFolder, folderId)
                return folder
            }
            return ModelJSON.bookmarksFolder(folder, call.version)
        }
    }

    static func fetchFolder(_ db: Database, _ folderId: Int64) throws -> BookmarksFolderRow {
        guard let folder = try BookmarksFolderRow.fetchOne(db, sql: "SELECT * FROM bookmarksFolder WHERE folderId = ?", arguments: [folderId]) else {
            throw NotFound.bookmarksFolder(folderId)
        }
        return folder
    }
}
