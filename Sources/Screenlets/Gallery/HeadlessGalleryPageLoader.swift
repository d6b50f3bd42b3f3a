import DDM
import Foundation
import OfflineStore
import PortalClient

/// The gallery's pages from headless-delivery: the rows `start..<end` of the fluent pagination
/// become `page`/`pageSize` requests (the largest page size dividing both the start and the
/// length, so the usual 50-then-25 layout is one request per page), the envelope's `totalCount`
/// the row count. Pages are cached under the same keys and in the same form as the `dlapp`
/// pages (``GallerySource/cacheKey``, `{"rows": [FileEntry JSON], "rowCount"}`), so the offline
/// cache works the same whichever path filled it.
public struct HeadlessGalleryPageLoader: PageLoader {
    public typealias Row = FileEntry
    /// Reads one page: (1-based page, page size) → rows and total.
    public typealias Fetch = @Sendable (_ page: Int, _ pageSize: Int) async throws -> HeadlessDocumentPage

    /// headless-delivery's largest `pageSize`.
    public static let maximumPageSize = 500

    public let cacheKey: ListCacheKey
    public let policy: LoadPolicy
    private let cache: CachePolicyLoader?
    private let fetchPage: Fetch

    public init(cacheKey: ListCacheKey, policy: LoadPolicy, cache: CachePolicyLoader?, fetch: @escaping Fetch) {
        self.cacheKey = cacheKey
        self.policy = cache == nil ? .remoteOnly : policy
        self.cache = cache
        self.fetchPage = fetch
    }

    /// A loader of `folderId`'s images (`mimeTypes`) in site `siteId` on `session`, caching in `database`.
    public init(
        cacheKey: ListCacheKey, siteId: Int64, folderId: Int64, mimeTypes: [String], policy: LoadPolicy, database: CacheDatabase?,
        session: PortalSession
    ) {
        self.init(cacheKey: cacheKey, policy: policy, cache: database.map(CachePolicyLoader.init(database:))) { page, pageSize in
            try await session.headlessDocuments(siteId: siteId, folderId: folderId, mimeTypes: mimeTypes, page: page, pageSize: pageSize)
        }
    }

    /// The headless pages covering rows `start..<end`: their size and 1-based numbers.
    public static func pages(start: Int, end: Int) -> (pageSize: Int, pages: ClosedRange<Int>) {
        let length = max(1, end - start)
        var size = gcd(max(0, start), length)
        while size > maximumPageSize || (size > 1 && (start % size != 0 || length % size != 0)) { size -= 1 }
        return (size, (start / size + 1)...(start / size + length / size))
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    public func loadPage(_ request: PageRequest) async throws -> PageResponse<FileEntry> {
        try await loadPage(request) { _ in }
    }

    public func loadPage(
        _ request: PageRequest, early: @escaping @Sendable (PageResponse<FileEntry>) async -> Void
    ) async throws -> PageResponse<FileEntry> {
        guard let cache else { return try decode(try await fetch(request), request: request, provenance: .portal) }
        let effective: LoadPolicy = request.isRefresh && [.cacheFirst, .cacheOnly].contains(policy) ? .remoteFirst : policy
        let address = EntryAddress(collection: cacheKey.collection, key: cacheKey.rowsKey(for: request))
        var final: PageResponse<FileEntry>?
        for try await result in cache.updates(effective, at: address, fetch: { try await fetch(request) }) {
            let provenance = RowProvenance(source: result.source == .cache ? .cache : .portal, storedAt: result.storedAt, stale: result.isStale)
            let response = try decode(result.value, request: request, provenance: provenance)
            if effective == .cacheThenRemote, final == nil, result.source == .cache, !result.isStale {
                await early(response)
            }
            final = response
        }
        guard let final else { throw OfflineStoreError.notCached(collection: cacheKey.collection, key: address.key) }
        return final
    }

    /// The rows of the request's range, as cached: `{"rows": [...], "rowCount": N|null}`.
    private func fetch(_ request: PageRequest) async throws -> JSONValue {
        let plan = Self.pages(start: request.start, end: request.end)
        var rows: [JSONValue] = []
        var total: Int?
        for page in plan.pages {
            let answer = try await fetchPage(page, plan.pageSize)
            total = total ?? answer.totalCount
            rows += answer.rows
            if answer.rows.count < plan.pageSize { break }
        }
        let rowCount: JSONValue = request.computeRowCount ? JSONValue(total) : .null
        return ["rows": .array(Array(rows.prefix(request.end - request.start))), "rowCount": rowCount]
    }

    private func decode(_ page: JSONValue, request: PageRequest, provenance: RowProvenance) throws -> PageResponse<FileEntry> {
        guard let items = page["rows"]?.arrayValue else { throw ListLoadError.rowsNotAnArray }
        let rows = try items.enumerated().map { offset, item in
            guard let row = FileEntry(json: item) else { throw ListLoadError.malformedRow(index: request.start + offset) }
            return row
        }
        return PageResponse(rows: rows, rowCount: request.computeRowCount ? page["rowCount"]?.intValue : nil, provenance: provenance)
    }
}
