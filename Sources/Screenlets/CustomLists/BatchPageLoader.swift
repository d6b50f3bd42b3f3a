import DDM

/// Why a page from a ``ListPageSource`` could not be loaded.
public enum ListLoadError: Error, Sendable, Hashable {
    /// The batch answer did not start with a JSON array of rows.
    case rowsNotAnArray
    /// The element at this row index could not be converted by the source.
    case malformedRow(index: Int)
}

/// A ``PageLoader`` for any ``ListPageSource``: puts the rows call, and for page 0 the count
/// call, into one batch, sends it with `invoke` and converts the answer.
///
/// `invoke` is the portal client's batch call (one POST, one JSON answer per call); the offline
/// cache wraps this loader to apply the load policy.
public struct BatchPageLoader<Source: ListPageSource>: PageLoader {
    public typealias Row = Source.Row
    public typealias Invoke = @Sendable ([Source.Request]) async throws -> [JSONValue]

    public let source: Source
    private let invoke: Invoke

    public init(source: Source, invoke: @escaping Invoke) {
        self.source = source
        self.invoke = invoke
    }

    public func loadPage(_ request: PageRequest) async throws -> PageResponse<Row> {
        try source.validate()
        let countCall = request.computeRowCount ? source.countRequest() : nil
        var calls = [source.rowsRequest(start: request.start, end: request.end)]
        if let countCall { calls.append(countCall) }
        let answers = try await invoke(calls)
        guard let items = answers.first?.arrayValue else { throw ListLoadError.rowsNotAnArray }
        var rows: [Row] = []
        rows.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            guard let row = source.row(from: item) else {
                throw ListLoadError.malformedRow(index: request.start + offset)
            }
            rows.append(row)
        }
        // As in the reference, a count that is missing or not an integer means "cannot count".
        let count = countCall == nil ? nil : answers.dropFirst().first?.intValue.flatMap { $0 >= 0 ? $0 : nil }
        return PageResponse(rows: rows, rowCount: count, provenance: .portal)
    }
}

extension PaginatedList {
    /// A list of `source`'s rows, loaded in batches sent with `invoke`.
    public init<Source: ListPageSource>(
        source: Source, configuration: PaginationConfiguration = PaginationConfiguration(),
        invoke: @escaping BatchPageLoader<Source>.Invoke
    ) where Loader == BatchPageLoader<Source> {
        self.init(loader: BatchPageLoader(source: source, invoke: invoke), configuration: configuration)
    }
}
