import DDM
import PortalClient

/// The gallery's page source: `dlapp/get-file-entries` and `…-count` of one folder, filtered by
/// MIME type. On 6.2 (no paged filtered listing) the one unpaged call is sent once per page 0
/// and sliced here; its length is the count.
public struct GallerySource: ListPageSource, PortalAnswerShaping {
    public typealias Row = FileEntry

    public let repositoryId: Int64
    public let folderId: Int64
    public let mimeTypes: [String]
    public let locale: String
    /// Part of the cache key: page numbers depend on it.
    public let layout: PageLayout
    public let calls: ServiceCalls

    public init(
        repositoryId: Int64, folderId: Int64, mimeTypes: [String] = DLAppCalls.defaultImageMimeTypes, locale: String,
        layout: PageLayout = PageLayout(), calls: ServiceCalls
    ) {
        self.repositoryId = repositoryId
        self.folderId = folderId
        self.mimeTypes = mimeTypes
        self.locale = locale
        self.layout = layout
        self.calls = calls
    }

    public var cacheKey: ListCacheKey {
        ListCacheKey(collection: "ImageGallery", parameters: [
            "repositoryId": String(repositoryId), "folderId": String(folderId),
            "mimeTypes": mimeTypes.sorted().joined(separator: " "), "locale": locale,
            "firstPageSize": String(layout.firstPageSize), "pageSize": String(layout.pageSize),
        ])
    }

    public func rowsRequest(start: Int, end: Int) -> ServiceCall {
        calls.documents.getFileEntries(repositoryId: repositoryId, folderId: folderId, mimeTypes: mimeTypes, start: start, end: end)
    }

    public func countRequest() -> ServiceCall? {
        calls.documents.getFileEntriesCount(repositoryId: repositoryId, folderId: folderId, mimeTypes: mimeTypes)
    }

    public func row(from json: JSONValue) -> FileEntry? { FileEntry(json: json) }

    public func rows(in answer: JSONValue, start: Int, end: Int) -> JSONValue {
        calls.documents.fileEntriesPage(answer, start: start, end: end, mimeTypes: mimeTypes)
    }

    public func count(in answer: JSONValue) -> Int? { calls.documents.fileEntriesCount(answer) }

    public func validate() throws {
        guard repositoryId > 0 else { throw PortalError(kind: .input, message: "the gallery needs a repository id") }
    }
}
