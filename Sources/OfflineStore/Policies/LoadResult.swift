import DDM
import Foundation

/// Where a loaded value came from.
public enum DataSource: String, Sendable {
    case portal
    case cache
}

/// One answer of ``CachePolicyLoader``.
public struct LoadResult: Sendable, Equatable {
    /// The value with its text, when it came with one: a portal answer's parts may be deferred
    /// (``SourcedJSON``), built only when read.
    public let sourced: SourcedJSON
    /// The value: the portal's answer or the cached copy of an earlier one (built on each read
    /// when deferred: read it once, or read `sourced`'s parts).
    public var value: JSONValue { sourced.value }
    /// The cached attributes (cache results), or the attributes stored with a portal answer.
    public let attributes: JSONValue
    /// Whether it came from the portal or the cache.
    public let source: DataSource
    /// When the cached value was stored; `nil` for a portal answer.
    public let storedAt: Date?
    /// Served from the cache because the portal could not be reached: it may be out of date.
    public let isStale: Bool
    /// The cached entry holds local changes not yet accepted by the portal (dirty or conflict).
    public let hasLocalChanges: Bool

    public init(
        value: JSONValue, attributes: JSONValue, source: DataSource, storedAt: Date?, isStale: Bool,
        hasLocalChanges: Bool
    ) {
        self.init(
            sourced: SourcedJSON(value), attributes: attributes, source: source, storedAt: storedAt, isStale: isStale,
            hasLocalChanges: hasLocalChanges)
    }

    /// A result whose value comes with its text (and may be deferred).
    public init(
        sourced: SourcedJSON, attributes: JSONValue, source: DataSource, storedAt: Date?, isStale: Bool,
        hasLocalChanges: Bool
    ) {
        self.sourced = sourced
        self.attributes = attributes
        self.source = source
        self.storedAt = storedAt
        self.isStale = isStale
        self.hasLocalChanges = hasLocalChanges
    }

    static func fromCache(_ entry: CacheEntry, stale: Bool) -> LoadResult {
        LoadResult(
            value: entry.value, attributes: entry.attributes, source: .cache, storedAt: entry.storedAt,
            isStale: stale, hasLocalChanges: entry.syncState != .clean)
    }

    static func fromPortal(_ value: SourcedJSON, attributes: JSONValue) -> LoadResult {
        LoadResult(
            sourced: value, attributes: attributes, source: .portal, storedAt: nil, isStale: false,
            hasLocalChanges: false)
    }

    public static func == (lhs: LoadResult, rhs: LoadResult) -> Bool {
        lhs.value == rhs.value && lhs.attributes == rhs.attributes && lhs.source == rhs.source && lhs.storedAt == rhs.storedAt
            && lhs.isStale == rhs.isStale && lhs.hasLocalChanges == rhs.hasLocalChanges
    }
}
