import DDM

/// `dlapp` (no prefix in either version): Documents & Media files and folders.
public struct DLAppCalls: Sendable, Hashable {
    public let version: PortalVersion

    /// The MIME types the gallery shows by default.
    public static let defaultImageMimeTypes = ["image/png", "image/jpeg", "image/gif"]

    private static let fileEntryModel = "com.liferay.portal.kernel.repository.model.FileEntry"

    /// `get-file-entries` {repositoryId, folderId, mimeTypes, start, end, obc}: one page of a folder's files.
    /// (This overload is 7.x's; 6.2 portals lack it, as Liferay Screens' gallery does on 6.2.)
    public func getFileEntries(
        repositoryId: Int64, folderId: Int64, mimeTypes: [String]? = defaultImageMimeTypes, start: Int, end: Int,
        obc: OrderByComparator? = nil
    ) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.core.path("dlapp", "get-file-entries", version))
        call.append("repositoryId", .int(repositoryId))
        call.append("folderId", .int(folderId))
        call.append("mimeTypes", mimeTypes.map { .array($0.map(JSONValue.string)) } ?? .null)
        call.append("start", .int(Int64(start)))
        call.append("end", .int(Int64(end)))
        call.append("obc", object: obc?.objectParameter, defaultClass: orderByComparatorClass(version, model: Self.fileEntryModel))
        return call
    }

    /// `get-file-entries-count` {repositoryId, folderId, mimeTypes}.
    public func getFileEntriesCount(repositoryId: Int64, folderId: Int64, mimeTypes: [String]? = defaultImageMimeTypes)
        -> ServiceCall
    {
        var call = ServiceCall(path: ServiceModule.core.path("dlapp", "get-file-entries-count", version))
        call.append("repositoryId", .int(repositoryId))
        call.append("folderId", .int(folderId))
        call.append("mimeTypes", mimeTypes.map { .array($0.map(JSONValue.string)) } ?? .null)
        return call
    }

    /// `add-file-entry` {repositoryId, folderId, sourceFileName, mimeType, title, description,
    /// changeLog, file, serviceContext}: a multipart upload (send it with `PortalSession.upload`).
    public func addFileEntry(
        repositoryId: Int64, folderId: Int64, sourceFileName: String, mimeType: String, title: String,
        description: String? = "", changeLog: String? = "", file: FileUpload, serviceContext: ServiceContext? = nil
    ) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.core.path("dlapp", "add-file-entry", version))
        call.append("repositoryId", .int(repositoryId))
        call.append("folderId", .int(folderId))
        call.append("sourceFileName", .string(sourceFileName))
        call.append("mimeType", .string(mimeType))
        call.append("title", .string(title))
        call.append("description", JSONValue(description))
        call.append("changeLog", JSONValue(changeLog))
        call.append("file", file: file)
        call.append("serviceContext", object: serviceContext?.objectParameter, defaultClass: ServiceContext.className(for: version))
        return call
    }

    /// `delete-file-entry` {fileEntryId} (void).
    public func deleteFileEntry(fileEntryId: Int64) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.core.path("dlapp", "delete-file-entry", version))
        call.append("fileEntryId", .int(fileEntryId))
        return call
    }

    /// `get-folders` {repositoryId, parentFolderId}.
    public func getFolders(repositoryId: Int64, parentFolderId: Int64) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.core.path("dlapp", "get-folders", version))
        call.append("repositoryId", .int(repositoryId))
        call.append("parentFolderId", .int(parentFolderId))
        return call
    }
}

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

    /// `bookmarksfolder/get-folders` {groupId, parentFolderId}.
    public func getFolders(groupId: Int64, parentFolderId: Int64) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.bookmarks.path("bookmarksfolder", "get-folders", version))
        call.append("groupId", .int(groupId))
        call.append("parentFolderId", .int(parentFolderId))
        return call
    }
}
