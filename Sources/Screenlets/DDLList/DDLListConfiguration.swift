import Foundation
import OfflineStore

/// The DDL list screenlet's attributes, as Liferay Screens names them.
public struct DDLListConfiguration: Sendable, Hashable {
    public var recordSetId: Int64
    /// The fields shown as columns: trimmed, empty names dropped. At least one is required.
    public var labelFields: [String]
    /// Only records created by this user; 0 for every record.
    public var userId: Int64
    /// The order-by comparator class; `nil` or empty for the portal's default order.
    public var obcClassName: String?
    public var firstPageSize: Int
    public var pageSize: Int
    public var offlinePolicy: LoadPolicy
    public var locale: String

    public init(
        recordSetId: Int64, labelFields: [String], userId: Int64 = 0, obcClassName: String? = nil,
        firstPageSize: Int = 50, pageSize: Int = 25, offlinePolicy: LoadPolicy = .remoteFirst, locale: String = "en_US"
    ) {
        self.recordSetId = recordSetId
        self.labelFields = labelFields.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        self.userId = userId
        self.obcClassName = obcClassName
        self.firstPageSize = firstPageSize
        self.pageSize = pageSize
        self.offlinePolicy = offlinePolicy
        self.locale = locale
    }

    /// The page sizes as a layout.
    public var layout: PageLayout { PageLayout(firstPageSize: firstPageSize, pageSize: pageSize) }
}
