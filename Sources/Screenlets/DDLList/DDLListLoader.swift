import DDM
import OfflineStore
import PortalClient

/// Loads DDL list pages through a ``PortalPageLoader`` and marks the rows whose records have
/// writes waiting in the pending queue (asked once per page, cached pages included). A row with a
/// queued update shows the queued values (over the portal's), since that is the record as the
/// user left it.
public struct DDLListLoader: PageLoader {
    public typealias Row = DDLListRow

    public let base: PortalPageLoader<DDLListSource>
    public let labelFields: [String]
    /// `labelFields`, made ready once for every row.
    private let labelNames: RecordFieldNames
    private let queue: PendingQueue?

    public init(base: PortalPageLoader<DDLListSource>, labelFields: [String], queue: PendingQueue?) {
        self.base = base
        self.labelFields = labelFields
        labelNames = RecordFieldNames(labelFields)
        self.queue = queue
    }

    public func loadPage(_ request: PageRequest) async throws -> PageResponse<DDLListRow> {
        try await loadPage(request) { _ in }
    }

    public func loadPage(
        _ request: PageRequest, early: @escaping @Sendable (PageResponse<DDLListRow>) async -> Void
    ) async throws -> PageResponse<DDLListRow> {
        let labelFields = labelNames
        let marked = { @Sendable (page: PageResponse<RecordData>) -> PageResponse<DDLListRow> in
            let read = (try? queue?.recordMarks()) ?? RecordMarks()
            let (marks, queued) = (read.states, read.queuedValues)
            let row = { (record: RecordData) -> DDLListRow in
                let edit = record.recordId.flatMap { queued[$0] }
                return DDLListRow(
                    record: edit.map { Self.record(record, showing: $0) } ?? record, labelFields: labelFields,
                    pending: record.recordId.flatMap { marks[$0] })
            }
            return PageResponse(rows: page.rows.map(row), rowCount: page.rowCount, provenance: page.provenance,
                                followingPages: page.followingPages.map { $0.map(row) })
        }
        return marked(try await base.loadPage(request) { page in await early(marked(page)) })
    }

    /// `record` with the queued `values` over its own (its attributes unchanged).
    static func record(_ record: RecordData, showing values: [String: JSONValue]) -> RecordData {
        let merged = record.values.merging(values) { _, queued in queued }
        return RecordData(json: ["modelValues": .object(merged), "modelAttributes": .object(record.attributes)]) ?? record
    }
}
