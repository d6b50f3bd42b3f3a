import Foundation

/// One page to load: rows `start..<end`, and whether the same round trip must also count the rows.
///
/// In fluent mode page 0 asks for the count (`computeRowCount`); a concrete loader sends the count
/// call in the same batch as the rows call, as Liferay Screens does.
public struct PageRequest: Sendable, Hashable {
    /// The page number under the list's ``PageLayout``.
    public let page: Int
    /// The first row, inclusive.
    public let start: Int
    /// The row after the last one, exclusive.
    public let end: Int
    /// Whether the loader must also return the total number of rows.
    public let computeRowCount: Bool
    /// Whether the load belongs to a refresh the user asked for: a loader applying a cache-first
    /// policy should go to the portal for it.
    public let isRefresh: Bool

    public init(page: Int, start: Int, end: Int, computeRowCount: Bool, isRefresh: Bool = false) {
        self.page = page
        self.start = start
        self.end = end
        self.computeRowCount = computeRowCount
        self.isRefresh = isRefresh
    }

    /// The request for `page` under `layout`; the count is asked for with page 0.
    public init(page: Int, layout: PageLayout, isRefresh: Bool = false) {
        let rows = layout.rows(ofPage: page)
        self.init(page: page, start: rows.lowerBound, end: rows.upperBound, computeRowCount: page == 0,
                  isRefresh: isRefresh)
    }
}

/// Where a page's rows came from, so the UI can mark rows served from the cache as stale.
public struct RowProvenance: Sendable, Hashable {
    /// The origin of the rows.
    public enum Source: String, Sendable, Hashable {
        case portal
        case cache
    }

    public var source: Source
    /// When the rows were stored in the cache (`nil` for rows straight from the portal).
    public var storedAt: Date?
    /// True when the rows came from the cache because the portal could not be reached.
    public var stale: Bool

    public init(source: Source, storedAt: Date? = nil, stale: Bool = false) {
        self.source = source
        self.storedAt = storedAt
        self.stale = stale
    }

    /// Fresh rows from the portal.
    public static let portal = RowProvenance(source: .portal)
}

/// A loaded page: its rows, the total row count when it was asked for, and where it came from.
public struct PageResponse<Row: Sendable>: Sendable {
    public var rows: [Row]
    /// The total number of rows; `nil` when not asked for or when the source cannot count,
    /// which puts the list in stream mode.
    public var rowCount: Int?
    public var provenance: RowProvenance
    /// The rows of the pages right after the requested one, in order, when the same round trip
    /// brought them (a read-ahead: ``PageReadAhead``). The engine keeps those that fit the list
    /// as it knows it, so reading on needs no load per page (issue 17). Same provenance as `rows`.
    public var followingPages: [[Row]]

    public init(rows: [Row], rowCount: Int? = nil, provenance: RowProvenance = .portal, followingPages: [[Row]] = []) {
        self.rows = rows
        self.rowCount = rowCount
        self.provenance = provenance
        self.followingPages = followingPages
    }

    /// This answer with `transform` applied to every row, the following pages' included.
    public func mapRows(_ transform: (Row) throws -> Row) rethrows -> PageResponse<Row> {
        PageResponse(rows: try rows.map(transform), rowCount: rowCount, provenance: provenance,
                     followingPages: try followingPages.map { try $0.map(transform) })
    }
}

/// Loads one page of rows. The only thing the pagination engine knows about the outside world.
///
/// A concrete loader batches the rows call with the count call (when `computeRowCount`) and
/// applies the offline policy; ``BatchPageLoader`` does the batching for any ``ListPageSource``.
/// Implementations should honour task cancellation: the engine cancels loads a refresh made
/// obsolete.
public protocol PageLoader<Row>: Sendable {
    associatedtype Row: Sendable

    /// Loads the page, or throws.
    func loadPage(_ request: PageRequest) async throws -> PageResponse<Row>

    /// Loads the page, optionally handing over an early answer first (cache-then-remote: the
    /// cached rows at once, then the portal's as the return value). The engine shows the early
    /// rows, keeps the load in flight, and replaces them with the final answer; if the final load
    /// fails, the early rows stay and the error is reported. The default has no early answer.
    func loadPage(_ request: PageRequest, early: @escaping @Sendable (PageResponse<Row>) async -> Void)
        async throws -> PageResponse<Row>
}

extension PageLoader {
    public func loadPage(_ request: PageRequest, early: @escaping @Sendable (PageResponse<Row>) async -> Void)
        async throws -> PageResponse<Row>
    {
        try await loadPage(request)
    }
}

/// Passes page loads through to another loader and maps every row of each answer (early answers
/// included) once, as it arrives: work a list would otherwise repeat for every row on every frame
/// (e.g. the record list's label texts, parsed from the server's values) is done once per load.
public struct RowMappingPageLoader<Row: Sendable>: PageLoader {
    public let base: any PageLoader<Row>
    private let transform: @Sendable (Row) -> Row

    public init(base: any PageLoader<Row>, transform: @escaping @Sendable (Row) -> Row) {
        self.base = base
        self.transform = transform
    }

    public func loadPage(_ request: PageRequest) async throws -> PageResponse<Row> {
        try await base.loadPage(request).mapRows(transform)
    }

    public func loadPage(_ request: PageRequest, early: @escaping @Sendable (PageResponse<Row>) async -> Void)
        async throws -> PageResponse<Row>
    {
        let transform = self.transform
        return try await base.loadPage(request) { page in await early(page.mapRows(transform)) }.mapRows(transform)
    }
}
