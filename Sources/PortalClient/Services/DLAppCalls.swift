import DDM

/// `dlapp` (no prefix in either version): Documents & Media files and folders.
public struct DLAppCalls: Sendable, Hashable {
    public let version: PortalVersion

    /// The MIME types the gallery shows by default.
    public static let defaultImageMimeTypes = ["image/png", "image/jpeg", "image/gif"]

    private static let fileEntryModel = "com.liferay.portal.kernel.repository.model.FileEntry"

    /// One page of a folder's files.
    ///
    /// 7.x: `get-file-entries` {repositoryId, folderId, mimeTypes, start, end, obc}.
    /// 6.2 has no paged overload with `mimeTypes`: with a MIME filter it is
    /// `get-file-entries` {repositoryId, folderId, mimeTypes}, which answers the whole filtered
    /// folder (slice it with ``fileEntriesPage(_:start:end:mimeTypes:)``); without one it is the
    /// paged {repositoryId, folderId, start, end, obc}.
    public func getFileEntries(
        repositoryId: Int64, folderId: Int64, mimeTypes: [String]? = defaultImageMimeTypes, start: Int, end: Int,
        obc: OrderByComparator? = nil
    ) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.core.path("dlapp", "get-file-entries", version))
        call.append("repositoryId", .int(repositoryId))
        call.append("folderId", .int(folderId))
        if version == .v62, let mimeTypes {
            call.append("mimeTypes", .array(mimeTypes.map(JSONValue.string)))
            return call
        }
        if version == .v7 { call.append("mimeTypes", mimeTypes.map { .array($0.map(JSONValue.string)) } ?? .null) }
        call.append("start", .int(Int64(start)))
        call.append("end", .int(Int64(end)))
        call.append("obc", object: obc?.objectParameter, defaultClass: orderByComparatorClass(version, model: Self.fileEntryModel))
        return call
    }

    /// The number of a folder's files.
    ///
    /// 7.x: `get-file-entries-count` {repositoryId, folderId, mimeTypes}. 6.2 has no count with
    /// `mimeTypes`: with a MIME filter this is the unpaged `get-file-entries` {repositoryId, folderId,
    /// mimeTypes}, whose length is the count (read it with ``fileEntriesCount(_:)``); without one,
    /// `get-file-entries-count` {repositoryId, folderId}.
    public func getFileEntriesCount(repositoryId: Int64, folderId: Int64, mimeTypes: [String]? = defaultImageMimeTypes)
        -> ServiceCall
    {
        if version == .v62, mimeTypes != nil {
            return getFileEntries(repositoryId: repositoryId, folderId: folderId, mimeTypes: mimeTypes, start: -1, end: -1)
        }
        var call = ServiceCall(path: ServiceModule.core.path("dlapp", "get-file-entries-count", version))
        call.append("repositoryId", .int(repositoryId))
        call.append("folderId", .int(folderId))
        if version == .v7 { call.append("mimeTypes", mimeTypes.map { .array($0.map(JSONValue.string)) } ?? .null) }
        return call
    }

    /// Whether ``getFileEntries(repositoryId:folderId:mimeTypes:start:end:obc:)`` answers the whole
    /// filtered folder instead of one page (6.2 with a MIME filter).
    public func answersWholeFolder(mimeTypes: [String]?) -> Bool { version == .v62 && mimeTypes != nil }

    /// The page `[start, end)` of a `get-file-entries` answer: sliced here when the portal answered
    /// the whole folder, as is otherwise. `start`/`end` of -1 mean everything, as on the portal.
    public func fileEntriesPage(_ answer: JSONValue, start: Int, end: Int, mimeTypes: [String]?) -> JSONValue {
        guard answersWholeFolder(mimeTypes: mimeTypes), case .array(let all) = answer, start >= 0, end >= 0 else { return answer }
        let lower = min(start, all.count)
        let upper = max(lower, min(end, all.count))
        return .array(Array(all[lower..<upper]))
    }

    /// The count from a ``getFileEntriesCount(repositoryId:folderId:mimeTypes:)`` answer: a number, or a list's length.
    public func fileEntriesCount(_ answer: JSONValue) -> Int? {
        if case .array(let all) = answer { return all.count }
        return answer.intValue
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
