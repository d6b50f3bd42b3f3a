import DDM

/// What a custom list contributes to each page load: the "rows" call, the optional "count" call,
/// how to turn a JSON row into a model, and the cache key. Pagination, caching, refresh,
/// placeholders, prefetch and errors come from the engine.
///
/// `Request` is whatever call value the portal client batches (the client's JSON web-service
/// call); the engine never looks inside it.
public protocol ListPageSource: Sendable {
    associatedtype Row: Sendable
    associatedtype Request: Sendable

    /// Names the list's rows in the offline cache: the collection plus every parameter that
    /// changes which rows come back (ids, filters, sort, locale).
    var cacheKey: ListCacheKey { get }

    /// The call that returns rows `start..<end` as a JSON array.
    func rowsRequest(start: Int, end: Int) -> Request

    /// The call that returns the number of rows as a JSON integer, sent in the same batch as
    /// page 0; `nil` when the entity cannot be counted, which makes the list a stream.
    func countRequest() -> Request?

    /// Converts one element of the rows array.
    func row(from json: JSONValue) -> Row?

    /// Converts one element with its text. A list page's rows may come deferred (checked, not
    /// built: ``SourcedJSON``); a source that reads what it needs from the text saves building
    /// the rest. By default, `row(from: sourced.value)`.
    func row(from sourced: SourcedJSON) -> Row?

    /// Throws when the source's parameters cannot produce a valid call (e.g. a missing folder);
    /// checked before every load.
    func validate() throws
}

extension ListPageSource {
    public func countRequest() -> Request? { nil }
    public func validate() throws {}
    public func row(from sourced: SourcedJSON) -> Row? { row(from: sourced.value) }
}

extension ListPageSource where Row: ListModel {
    public func row(from json: JSONValue) -> Row? { Row(json: json) }
}
