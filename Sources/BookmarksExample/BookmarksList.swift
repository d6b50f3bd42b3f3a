// The custom list recipe (docs/pagination.md): a Bookmarks list written as a client of the
// library, on public API only — Screenlets' custom-list protocols and PortalClient's calls.
// Model, page source (rows + count in one batch, cache key), row renderer, typed events;
// pagination, caching, offline policies, refresh, placeholders and prefetch come from the engine.
import DDM
import OfflineStore
import PortalClient
import Screenlets

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
/// The paths follow the portal's version (`/bookmarks.bookmarksentry/…` on 7.x).
public struct BookmarksSource: ListPageSource {
    public typealias Row = Bookmark
    public let groupId: Int64, folderId: Int64, version: PortalVersion
    public init(groupId: Int64, folderId: Int64, version: PortalVersion) {
        (self.groupId, self.folderId, self.version) = (groupId, folderId, version)
    }
    public var cacheKey: ListCacheKey {
        ListCacheKey(collection: "BookmarkList", parameters: ["groupId": "\(groupId)", "folderId": "\(folderId)"])
    }
    public func rowsRequest(start: Int, end: Int) -> ServiceCall {
        var call = entryCall("get-entries")
        call.append("start", .int(Int64(start)))
        call.append("end", .int(Int64(end)))
        return call
    }
    public func countRequest() -> ServiceCall? { entryCall("get-entries-count") }

    private func entryCall(_ method: String) -> ServiceCall {
        var call = ServiceCall(path: ServiceCall.servicePath(service: "bookmarksentry", method: method, module: "bookmarks", version: version))
        call.append("groupId", .int(groupId))
        call.append("folderId", .int(folderId))
        return call
    }
}

/// 3. The row renderer: the entry's name, its address shortened to host and path (the scheme
/// says nothing in a terminal list), then the full URL.
public struct BookmarkRenderer: ListRowRenderer {
    public init() {}
    public var columns: [ListColumn<Bookmark>] {
        [ListColumn("Name") { $0.name }, ListColumn("Site") { Self.site(of: $0.url) }, ListColumn("URL") { $0.url }]
    }

    /// `https://example.com/runbook/` → `example.com/runbook`.
    public static func site(of url: String) -> String {
        guard let range = url.range(of: "://") else { return url }
        let rest = url[range.upperBound...]
        return String(rest.hasSuffix("/") ? rest.dropLast() : rest)
    }
}

/// 4. Typed events, mapped from the list's own, written as JSON lines (`--events`).
public enum BookmarkEvent: Sendable, JSONLineEvent {
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

    public var eventName: String {
        switch self {
        case .pageLoaded: return "pageLoaded"
        case .error: return "listError"
        case .selected: return "bookmarkSelected"
        }
    }

    public var eventFields: [String: JSONValue] {
        switch self {
        case .pageLoaded(let page, let bookmarks, let rowCount, let source):
            return [
                "page": .int(Int64(page)), "rowCount": .int(Int64(rowCount)), "source": .string(source.rawValue),
                "rows": .array(bookmarks.map { ["entryId": .int($0.entryId), "name": .string($0.name), "url": .string($0.url)] }),
            ]
        case .error(let page, let message): return ["page": .int(Int64(page)), "error": .string(message)]
        case .selected(let bookmark): return ["entryId": .int(bookmark.entryId)]
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
