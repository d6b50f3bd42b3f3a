import DDM

/// `bookmarksentry` / `bookmarksfolder` (`/bookmarks.` prefix on 7.x).
public struct BookmarksCalls: Sendable, Hashable {
    public let version: PortalVersion

    /// `bookmarksentry/get-entries` {groupId, folderId, start, end}.
    public func getEntries(groupId: Int64, folderId: Int64, start: Int, end: Int) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.bookmarks.path("bookmarksentry", "get-entries", version))
        call.append("groupId", .int(groupId))
        call.append("folderId", .int(folderId))
        call.append("start", .int(Int64(start)))
        call.append("end", .int(Int64(end)))
        return call
    }

    /// `bookmarksentry/get-entries-count` {groupId, folderId}.
    public func getEntriesCount(groupId: Int64, folderId: Int64) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.bookmarks.path("bookmarksentry", "get-entries-count", version))
        call.append("groupId", .int(groupId))
        call.append("folderId", .int(folderId))
        return call
    }

    /// `bookmarksentry/add-entry` {groupId, folderId, name, url, description, serviceContext}.
    public func addEntry(
        groupId: Int64, folderId: Int64, name: String, url: String, description: String?, serviceContext: ServiceContext? = nil
    ) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.bookmarks.path("bookmarksentry", "add-entry", version))
        call.append("groupId", .int(groupId))
        call.append("folderId", .int(folderId))
        call.append("name", .string(name))
        call.append("url", .string(url))
        call.append("description", JSONValue(description))
        call.append("serviceContext", object: serviceContext?.objectParameter, defaultClass: ServiceContext.className(for: version))
        return call
    }

    /// `bookmarksfolder/get-folder` {folderId}: a missing folder is the portal's not-found.
    public func getFolder(folderId: Int64) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.bookmarks.path("bookmarksfolder", "get-folder", version))
        call.append("folderId", .int(folderId))
        return call
    }

    /// `bookmarksfolder/get-folders` {groupId, parentFolderId}.
    public func getFolders(groupId: Int64, parentFolderId: Int64) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.bookmarks.path("bookmarksfolder", "get-folders", version))
        call.append("groupId", .int(groupId))
        call.append("parentFolderId", .int(parentFolderId))
        return call
    }
}
