import DDM
import PortalClient

/// The DDL list's page source: `screensddlrecord/get-ddl-records` and `…-count` for one record
/// set, filtered by creator and sorted as configured. Its cache key names every parameter.
public struct DDLListSource: ListPageSource {
    public typealias Row = RecordData

    public let recordSetId: Int64
    /// Only records created by this user; 0 or `nil` for every record.
    public let userId: Int64?
    public let locale: String
    /// The order-by comparator class; `nil` for the portal's default order.
    public let obcClassName: String?
    /// Part of the cache key: page numbers depend on it.
    public let layout: PageLayout
    public let calls: ServiceCalls

    public init(
        recordSetId: Int64, userId: Int64? = nil, locale: String, obcClassName: String? = nil,
        layout: PageLayout = PageLayout(), calls: ServiceCalls
    ) {
        self.recordSetId = recordSetId
        self.userId = userId.flatMap { $0 == 0 ? nil : $0 }
        self.locale = locale
        self.obcClassName = obcClassName.flatMap { $0.isEmpty ? nil : $0 }
        self.layout = layout
        self.calls = calls
    }

    public var cacheKey: ListCacheKey {
        ListCacheKey(collection: "DDLList", parameters: [
            "recordSetId": String(recordSetId), "userId": userId.map(String.init) ?? "~", "locale": locale,
            "obc": obcClassName ?? "~", "firstPageSize": String(layout.firstPageSize), "pageSize": String(layout.pageSize),
        ])
    }

    public func rowsRequest(start: Int, end: Int) -> ServiceCall {
        calls.screensRecords.getDDLRecords(
            ddlRecordSetId: recordSetId, userId: userId, locale: locale, start: start, end: end,
            obc: obcClassName.map { OrderByComparator(className: $0) })
    }

    public func countRequest() -> ServiceCall? {
        calls.screensRecords.getDDLRecordsCount(ddlRecordSetId: recordSetId, userId: userId)
    }

    public func row(from json: JSONValue) -> RecordData? { RecordData(json: json) }

    /// Builds only the values and the attributes the list reads (``RecordData/init(sourced:)``).
    public func row(from sourced: SourcedJSON) -> RecordData? { RecordData(sourced: sourced) }

    public func validate() throws {
        guard recordSetId > 0 else { throw PortalError(kind: .input, message: "the list needs a record set id") }
    }
}
