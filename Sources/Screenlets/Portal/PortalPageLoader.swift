import DDM
import Foundation
import OfflineStore
import PortalClient
import Synchronization

/// A ``PageLoader`` that asks the portal for a ``ListPageSource``'s pages: the rows call, plus
/// the count call on page 0, in **one** `/invoke` batch; through a ``LoadPolicy`` when it has a
/// cache, reporting where each page came from (``RowProvenance``).
///
/// Pages are cached at `source.cacheKey.rowsKey(for:)` in the collection `source.cacheKey.collection`,
/// as `{"rows": [...], "rowCount": N|null}`: every parameter of the source and the row range are
/// in the key. A refresh the user asked for goes to the portal even under `cache-first`.
/// Under `cache-then-remote` the cached page is handed over early, then the portal's.
public struct PortalPageLoader<Source: ListPageSource>: PageLoader where Source.Request == ServiceCall {
    public typealias Row = Source.Row
    /// Sends a batch of calls and returns their answers by position (`PortalSession.invoke`).
    public typealias Invoke = @Sendable ([ServiceCall]) async throws -> [JSONValue]
    /// ``Invoke`` keeping the text of each answer and of its elements
    /// (`PortalSession.invokeSourced`): pages are then cached as the portal wrote their rows.
    public typealias SourcedInvoke = @Sendable ([ServiceCall]) async throws -> [SourcedJSON]

    public let source: Source
    public let policy: LoadPolicy
    /// `source.cacheKey`, made once per loader (a page asked for it several times).
    private let cacheKey: ListCacheKey
    private let cache: CachePolicyLoader?
    private let invoke: SourcedInvoke
    /// Fetches the pages after a page read in sequence with it (``PageReadAhead``); nil: one rows
    /// call per page.
    public let readAhead: PageReadAhead?

    /// A loader sending with `invoke`; without `cache` every load goes to the portal (`remote-only`).
    public init(
        source: Source, policy: LoadPolicy = .remoteFirst, cache: CachePolicyLoader?, readAhead: PageReadAhead? = nil,
        invoke: @escaping Invoke
    ) {
        self.init(source: source, policy: policy, cache: cache, readAhead: readAhead, invokeSourced: { calls in
            try await invoke(calls).map(SourcedJSON.init)
        })
    }

    /// A loader sending with `invokeSourced`, caching its pages as the portal's text.
    public init(
        source: Source, policy: LoadPolicy = .remoteFirst, cache: CachePolicyLoader?, readAhead: PageReadAhead? = nil,
        invokeSourced: @escaping SourcedInvoke
    ) {
        self.source = source
        self.cacheKey = source.cacheKey
        self.policy = cache == nil ? .remoteOnly : policy
        self.cache = cache
        self.readAhead = source is any PortalAnswerShaping ? nil : readAhead
        self.invoke = invokeSourced
    }

    /// A loader on `session` and, when given, the cache in `database`.
    public init(source: Source, policy: LoadPolicy = .remoteFirst, database: CacheDatabase?, session: PortalSession) {
        self.init(source: source, policy: policy, cache: database.map(CachePolicyLoader.init(database:)), invokeSourced: { calls in
            try await session.invokeSourced(calls)
        })
    }

    /// The cache address of `request`'s page.
    public func address(of request: PageRequest) -> EntryAddress {
        EntryAddress(collection: cacheKey.collection, key: cacheKey.rowsKey(for: request))
    }

    public func loadPage(_ request: PageRequest) async throws -> PageResponse<Row> {
        try await loadPage(request) { _ in }
    }

    public func loadPage(
        _ request: PageRequest, early: @escaping @Sendable (PageResponse<Row>) async -> Void
    ) async throws -> PageResponse<Row> {
        try source.validate()
        // A refresh wants the portal's rows as they are now, not rows fetched ahead before it.
        if request.isRefresh { await readAhead?.forgetAll() }
        // The pages a read-ahead brought after this one: handed over with the portal's answer.
        let following = FollowingPages()
        guard let cache else {
            var response = try decode(try await fetch(request, following).value, request: request, provenance: .portal)
            response.followingPages = try decodeFollowing(following.take(), after: request)
            return response
        }
        let effective: LoadPolicy = request.isRefresh && [.cacheFirst, .cacheOnly].contains(policy) ? .remoteFirst : policy
        var final: PageResponse<Row>?
        try await cache.forEachAnswer(effective, at: address(of: request), fetchStoring: { try await fetch(request, following) }) { result in
            let provenance = RowProvenance(
                source: result.source == .cache ? .cache : .portal, storedAt: result.storedAt, stale: result.isStale)
            var response = try decode(result.sourced, request: request, provenance: provenance)
            if effective == .cacheThenRemote, final == nil, result.source == .cache, !result.isStale {
                await early(response)
            } else if result.source == .portal {
                response.followingPages = try decodeFollowing(following.take(), after: request)
            }
            final = response
        }
        guard let final else { throw OfflineStoreError.notCached(collection: cacheKey.collection, key: address(of: request).key) }
        return final
    }

    /// Sends the batch and returns the page as it is cached: `{"rows": [...], "rowCount": N|null}`,
    /// with its text when the rows came with theirs; stored already when it came with pages read
    /// ahead (stored together), which are put in `following`.
    private func fetch(_ request: PageRequest, _ following: FollowingPages) async throws -> FetchedValue {
        if let readAhead, !request.computeRowCount, !request.isRefresh, request.page > 0 {
            let size = request.end - request.start
            let cacheKey = self.cacheKey
            let (source, invoke) = (self.source, self.invoke)
            let collection = cacheKey.collection
            // Under remote-only nothing is cached; otherwise the pages of one call go in together.
            let store: PageReadAhead.Store? = (cache?.entries).map { entries in
                { pages in
                    try await entries.putFetched(pages.map { page in
                        (EntryAddress(collection: collection, key: page.key), Self.page(rows: page.rows, rowCount: .null))
                    })
                }
            }
            let fetched = try await readAhead.rows(
                start: request.start, end: request.end, previousStart: request.page == 1 ? 0 : request.start - size,
                key: { cacheKey.rowsKey(for: PageRequest(page: 0, start: $0, end: $1, computeRowCount: false)) },
                fetch: { start, end in
                    let answers = try await invoke([source.rowsRequest(start: start, end: end)])
                    guard let rows = answers.first else { throw ListLoadError.rowsNotAnArray }
                    return rows
                },
                store: policy == .remoteOnly ? nil : store)
            following.put(fetched.following)
            return FetchedValue(Self.page(rows: fetched.rows, rowCount: .null), stored: fetched.stored)
        }
        let rowsCall = source.rowsRequest(start: request.start, end: request.end)
        let countCall = request.computeRowCount ? source.countRequest() : nil
        // 6.2's filtered listing doubles as its count: the same call is sent once.
        var calls = [rowsCall]
        if let countCall, countCall != rowsCall { calls.append(countCall) }
        let answers = try await invoke(calls)
        let shaping = source as? any PortalAnswerShaping
        // Rows shaped from the answer are not the portal's text: they are serialised when cached.
        let rows = shaping.map { SourcedJSON($0.rows(in: answers[0].value, start: request.start, end: request.end)) } ?? answers[0]
        var rowCount = JSONValue.null
        if countCall != nil, !answers.isEmpty {
            let answer = (answers.count > 1 ? answers[1] : answers[0]).value
            let count = shaping.map { $0.count(in: answer) } ?? answer.intValue
            if let count, count >= 0 { rowCount = .int(Int64(count)) }
        }
        return FetchedValue(Self.page(rows: rows, rowCount: rowCount))
    }

    /// The page `{"rows": rows, "rowCount": rowCount}`, with its text when the rows have theirs;
    /// deferred rows stay deferred (the page is built only if its value is asked for).
    static func page(rows: SourcedJSON, rowCount: JSONValue) -> SourcedJSON {
        SourcedJSON(members: ["rows": rows, "rowCount": SourcedJSON(value: rowCount, text: JSONText(serializing: rowCount))])
    }

    /// The rows of the pages after `request`'s, read ahead with it; stops at the first page that
    /// is not an array of rows (its own load then reports it).
    private func decodeFollowing(_ pages: [SourcedJSON], after request: PageRequest) throws -> [[Row]] {
        var decoded: [[Row]] = []
        decoded.reserveCapacity(pages.count)
        var start = request.end
        for page in pages {
            guard let rows = try? decodeRows(page, start: start) else { break }
            decoded.append(rows)
            start += rows.count
        }
        return decoded
    }

    private func decode(_ page: SourcedJSON, request: PageRequest, provenance: RowProvenance) throws -> PageResponse<Row> {
        guard let rowsPart = page.member("rows") else { throw ListLoadError.rowsNotAnArray }
        let rows = try decodeRows(rowsPart, start: request.start)
        let count = request.computeRowCount ? page.member("rowCount")?.value.intValue : nil
        return PageResponse(rows: rows, rowCount: count, provenance: provenance)
    }

    /// The rows of an array of rows whose first is row `start` of the list.
    private func decodeRows(_ rowsPart: SourcedJSON, start: Int) throws -> [Row] {
        // Rows read with their texts are handed over as they are (deferred ones unbuilt).
        let items: [SourcedJSON]
        if let elements = rowsPart.elements {
            items = elements
        } else if let values = rowsPart.value.arrayValue {
            items = values.map(SourcedJSON.init)
        } else {
            throw ListLoadError.rowsNotAnArray
        }
        var rows: [Row] = []
        rows.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            guard let row = source.row(from: item) else { throw ListLoadError.malformedRow(index: start + offset) }
            rows.append(row)
        }
        return rows
    }
}

/// The pages a read-ahead fetched after the requested one, from the fetch to the answer.
private final class FollowingPages: Sendable {
    private let pages = Mutex<[SourcedJSON]>([])

    func put(_ following: [SourcedJSON]) { pages.withLock { $0 = following } }

    /// The pages put, once.
    func take() -> [SourcedJSON] { pages.withLock { pages in defer { pages = [] }; return pages } }
}
