import DDM
import Foundation

extension PortalSession {
    /// A page of a folder's files (images by default) and, when `withCount`, the total, in one batch.
    public func fileEntries(
        repositoryId: Int64, folderId: Int64, mimeTypes: [String]? = DLAppCalls.defaultImageMimeTypes, start: Int, end: Int,
        obc: OrderByComparator? = nil, withCount: Bool = true
    ) async throws -> (entries: [FileEntry], count: Int?) {
        let c = try await calls().documents
        if c.answersWholeFolder(mimeTypes: mimeTypes) {
            // 6.2: one unpaged, filtered call gives both the page and the count.
            let all = try await invoke(c.getFileEntries(repositoryId: repositoryId, folderId: folderId, mimeTypes: mimeTypes, start: start, end: end))
            let page = c.fileEntriesPage(all, start: start, end: end, mimeTypes: mimeTypes)
            return (try Decode.list(page, "file entry", FileEntry.init(json:)), withCount ? c.fileEntriesCount(all) : nil)
        }
        var batch = [c.getFileEntries(repositoryId: repositoryId, folderId: folderId, mimeTypes: mimeTypes, start: start, end: end, obc: obc)]
        if withCount { batch.append(c.getFileEntriesCount(repositoryId: repositoryId, folderId: folderId, mimeTypes: mimeTypes)) }
        let results = try await invoke(batch)
        guard let count = withCount ? c.fileEntriesCount(results[1]) : 0 else {
            throw PortalError(kind: .server, message: "expected a count of file entries")
        }
        return (try Decode.list(results[0], "file entry", FileEntry.init(json:)), withCount ? count : nil)
    }

    /// Uploads a local file as a new file entry, reporting (bytes sent, total) as it goes.
    public func addFileEntry(
        repositoryId: Int64, folderId: Int64, file: FileUpload, title: String, description: String = "", changeLog: String = "",
        serviceContext: ServiceContext? = nil, progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }
    ) async throws -> FileEntry {
        let call = try await calls().documents.addFileEntry(
            repositoryId: repositoryId, folderId: folderId, sourceFileName: file.fileName, mimeType: file.mimeType, title: title,
            description: description, changeLog: changeLog, file: file, serviceContext: serviceContext)
        return try Decode.one(try await upload(call, progress: progress), "file entry", FileEntry.init(json:))
    }

    /// Deletes a file entry.
    public func deleteFileEntry(id fileEntryId: Int64) async throws {
        _ = try await invoke(try await calls().documents.deleteFileEntry(fileEntryId: fileEntryId))
    }

    /// The subfolders of a Documents & Media folder (0: the root).
    public func documentFolders(repositoryId: Int64, parentFolderId: Int64) async throws -> [Folder] {
        let call = try await calls().documents.getFolders(repositoryId: repositoryId, parentFolderId: parentFolderId)
        return try Decode.list(try await invoke(call), "folder", Folder.init(json:))
    }

    /// A page of a bookmarks folder's entries and, when `withCount`, the total, in one batch.
    public func bookmarkEntries(groupId: Int64 = 0, folderId: Int64, start: Int, end: Int, withCount: Bool = true) async throws
        -> (entries: [BookmarkEntry], count: Int?)
    {
        let c = try await calls().bookmarks
        let group = groupId != 0 ? groupId : context.groupId
        var batch = [c.getEntries(groupId: group, folderId: folderId, start: start, end: end)]
        if withCount { batch.append(c.getEntriesCount(groupId: group, folderId: folderId)) }
        let results = try await invoke(batch)
        return (try Decode.list(results[0], "bookmark", BookmarkEntry.init(json:)), withCount ? try Decode.count(results[1]) : nil)
    }

    /// Adds a bookmark.
    public func addBookmark(
        groupId: Int64 = 0, folderId: Int64, name: String, url: String, description: String? = nil, serviceContext: ServiceContext? = nil
    ) async throws -> BookmarkEntry {
        let call = try await calls().bookmarks.addEntry(
            groupId: groupId != 0 ? groupId : context.groupId, folderId: folderId, name: name, url: url, description: description,
            serviceContext: serviceContext)
        return try Decode.one(try await invoke(call), "bookmark", BookmarkEntry.init(json:))
    }

    /// The subfolders of a bookmarks folder (0: the root).
    public func bookmarkFolders(groupId: Int64 = 0, parentFolderId: Int64) async throws -> [Folder] {
        let call = try await calls().bookmarks.getFolders(groupId: groupId != 0 ? groupId : context.groupId, parentFolderId: parentFolderId)
        return try Decode.list(try await invoke(call), "folder", Folder.init(json:))
    }

    /// The bytes of a document (or its thumbnail), fetched with the session's credentials: from
    /// the URLs a headless-delivery document gave (its `contentUrl`, its `Thumbnail-300x300`
    /// adapted image), else from the `dlapp` document URL.
    public func documentBytes(_ entry: FileEntry, thumbnail: Bool = false) async throws -> [UInt8] {
        let key = thumbnail ? HeadlessDocuments.thumbnailURLKey : HeadlessDocuments.contentURLKey
        if let path = entry.attributes[key]?.stringValue, HeadlessDocuments.isPortalRelative(path),
            let url = URL(string: DocumentURL.serverBase(context.serverURL) + path)
        {
            return try await download(url)
        }
        return try await download(DocumentURL.url(server: context.serverURL, entry: entry, thumbnail: thumbnail))
    }
}
