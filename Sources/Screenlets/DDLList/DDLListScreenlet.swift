import Foundation
import OfflineStore
import PortalClient

/// The DDL List Screenlet without a screen: a record set's records, paged fluently, through the
/// offline policy, with search over the loaded rows, refresh, pending-write marks and typed events.
///
/// ```swift
/// let list = try DDLListScreenlet(configuration: .init(recordSetId: 40001, labelFields: ["title"]),
///                                 session: session, calls: try await session.calls(), database: cache)
/// await list.load()
/// for await event in list.events { … }
/// ```
public final class DDLListScreenlet: Sendable {
    public let configuration: DDLListConfiguration
    /// The paginated list driving the rows; send it viewports as the UI scrolls.
    public let list: PaginatedList<DDLListLoader>
    /// pageLoaded, listError, recordSelected.
    public let events: AsyncStream<DDLListEvent>
    /// The loader the list uses; ``loadPage(_:)`` goes through it for one page on demand.
    public let loader: DDLListLoader
    private let sink: AsyncStream<DDLListEvent>.Continuation
    private let forwarding: Task<Void, Never>

    /// A screenlet sending batches with `invoke`; `database` (when given) caches pages and holds
    /// the pending queue the dirty marks come from.
    public init(
        configuration: DDLListConfiguration, calls: ServiceCalls, database: CacheDatabase?,
        invoke: @escaping PortalPageLoader<DDLListSource>.Invoke
    ) throws {
        guard !configuration.labelFields.isEmpty else {
            throw PortalError(kind: .input, message: "the list needs at least one label field")
        }
        self.configuration = configuration
        let loader = DDLListLoader(configuration: configuration, calls: calls, database: database, invoke: invoke)
        let list = PaginatedList(loader: loader, configuration: PaginationConfiguration(layout: configuration.layout))
        self.list = list
        self.loader = loader
        let (events, sink) = AsyncStream.makeStream(of: DDLListEvent.self, bufferingPolicy: .bufferingNewest(1024))
        self.events = events
        self.sink = sink
        forwarding = Task {
            for await event in list.events {
                switch event {
                case .pageLoaded(let page, let rows, let rowCount, let provenance):
                    sink.yield(.pageLoaded(page: page, rows: rows, rowCount: rowCount, provenance: provenance))
                case .listError(let failure):
                    sink.yield(.listError(page: failure.page, error: failure.error))
                case .rowSelected(let index, let row):
                    sink.yield(.recordSelected(index: index, row: row))
                case .refreshStarted, .refreshFinished, .rowCountChanged:
                    break
                }
            }
        }
    }

    /// A screenlet on a logged-in `session`.
    public convenience init(
        configuration: DDLListConfiguration, session: PortalSession, calls: ServiceCalls, database: CacheDatabase?
    ) throws {
        try self.init(configuration: configuration, calls: calls, database: database) { try await session.invoke($0) }
    }

    deinit {
        forwarding.cancel()
        sink.finish()
    }

    /// Loads page `page` (with the row count when `withCount`) straight through the loader, for
    /// commands that print pages rather than scroll; reports it in ``events`` like a scrolled page.
    public func loadPage(_ page: Int, withCount: Bool) async throws -> PageResponse<DDLListRow> {
        let rows = configuration.layout.rows(ofPage: page)
        let request = PageRequest(page: page, start: rows.lowerBound, end: rows.upperBound, computeRowCount: withCount)
        do {
            let response = try await loader.loadPage(request)
            sink.yield(.pageLoaded(
                page: page, rows: response.rows, rowCount: response.rowCount ?? rows.lowerBound + response.rows.count,
                provenance: response.provenance))
            return response
        } catch {
            sink.yield(.listError(page: page, error: error))
            throw error
        }
    }

    /// Loads page 0 with the count (or refreshes once loaded).
    public func load() async { await list.send(.load) }

    /// Reloads from page 0; the old rows stay until the new page 0 arrives.
    public func refresh() async { await list.send(.refresh) }

    /// Selects row `index`; emits ``DDLListEvent/recordSelected(index:row:)`` when it is loaded.
    public func select(row index: Int) async { await list.send(.select(row: index)) }

    /// What to draw at row `index`.
    public func row(at index: Int) async -> RowSlot<DDLListRow> { await list.row(at: index) }

    /// The loaded rows, in order, with their indexes.
    public func loadedRows() async -> [(index: Int, row: DDLListRow)] {
        let engine = await list.engine
        var rows: [(index: Int, row: DDLListRow)] = []
        for page in engine.loadedPages {
            for index in engine.layout.rows(ofPage: page) {
                if let row = engine.row(at: index).row { rows.append((index, row)) }
            }
        }
        return rows
    }

    /// The loaded rows whose label values contain `text` (ignoring case); all loaded rows for "".
    public func search(_ text: String) async -> [(index: Int, row: DDLListRow)] {
        await loadedRows().filter { $0.row.matches(text) }
    }

    /// Stops loading and ends ``events``.
    public func close() async {
        await list.close()
        forwarding.cancel()
        sink.finish()
    }
}
