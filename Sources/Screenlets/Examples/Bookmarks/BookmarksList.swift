// The custom list recipe: a Bookmarks list written only on the public custom-list API.
// Model, page source (rows + count in one batch, cache key), row renderer, typed events;
// pagination, caching, offline policies, refresh, placeholders and prefetch come from the engine.
import DDM
import OfflineStore
import PortalClient

/// 1. The model, converted from one element of `get-entries`' answer.
public struct Bookmark: ListModel, Hashable {
    public let entryId: Int64
    public let name: String
    public let url: String
    public init?(json: JSONValue) {
        guard let id = json["entryId"]?.int64Value, let url = json["url"]?.stringValue else { return nil }
        (entryId, name, self.url) = (id, json["name"]?.stringValue ?? "", url)
    }
}

/// 2. The page source: the rows call, the count call, and a cache key naming every parameter.
public struct BookmarksSource: ListPageSource {
    public typealias Row = Bookmark
    public let groupId: Int64, folderId: Int64, calls: ServiceCalls
    public init(groupId: Int64, folderId: Int64, calls: ServiceCalls) {
        (self.groupId, self.folderId, self.calls) = (groupId, folderId, calls)
    }
    public var cacheKey: ListCacheKey {
        ListCacheKey(collection: "BookmarkList", parameters: ["groupId": "\(groupId)", "folderId": "\(folderId)"])
    }
    public func rowsRequest(start: Int, end: Int) -> ServiceCall {
        calls.bookmarks.getEntries(groupId: groupId, folderId: folderId, start: start, end: end)
    }
    public func countRequest() -> ServiceCall? { calls.bookmarks.getEntriesCount(groupId: groupId, folderId: folderId) }
}

/// 3. The row renderer: the columns a bookmark shows.
public struct BookmarkRenderer: ListRowRenderer {
    public init() {}
    public var columns: [ListColumn<Bookmark>] { [ListColumn("Name") { $0.name }, ListColumn("URL") { $0.url }] }
}

/// 4. Typed events, mapped from the list's own.
public enum BookmarkEvent: Sendable {
    case pageLoaded(page: Int, bookmarks: [Bookmark], rowCount: Int, source: RowProvenance.Source)
    case error(page: Int, message: String)
    case selected(Bookmark)

    public init?(_ event: ListEvent<Bookmark>) {
        switch event {
        case .pageLoaded(let page, let rows, let count, let from): self = .pageLoaded(page: page, bookmarks: rows, rowCount: count, source: from.source)
        case .listError(let failure): self = .error(page: failure.page, message: "\(failure.error)")
        case .rowSelected(_, let row): self = .selected(row)
        default: return nil
        }
    }
}

/// 5. The list: the engine on a portal loader, under an offline policy.
public typealias BookmarksList = PaginatedList<PortalPageLoader<BookmarksSource>>
extension PaginatedList where Loader == PortalPageLoader<BookmarksSource> {
    public init(bookmarks source: BookmarksSource, session: PortalSession, cache: CacheDatabase?, policy: LoadPolicy = .remoteFirst) {
        self.init(loader: PortalPageLoader(source: source, policy: policy, database: cache, session: session))
    }
}
