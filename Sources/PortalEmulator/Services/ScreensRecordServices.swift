import DDM
import GRDB

/// The Screens plugin's record services: `/screens-web.screensddlrecord/…` on 6.2 and
/// `/screens.screensddlrecord/…` on 7.x. Records come back as `{"modelValues", "modelAttributes"}`.
enum ScreensRecordServices {
    static let paths = (v62: "screens-web.screensddlrecord", v7: "screens.screensddlrecord")

    static func register(_ registry: inout ServiceRegistry) {
        registry.register(.module(v62: paths.v62, v7: paths.v7, "get-ddl-record"), ["ddlRecordId", "locale"]) { call throws(PortalError) in
            let user = try call.currentUser
            let recordId = try call.params.long("ddlRecordId")
            let locale = call.params.string("locale")
            let (record, fieldTypes) = try await call.read { db in
                let record = try RecordServices.fetch(db, recordId)
                try Permissions.require(db, user: user, .view, .recordSet, record.recordSetId)
                return (record, try structureFieldTypes(db, recordSetId: record.recordSetId))
            }
            return screensRecord(record, fieldTypes: fieldTypes, version: call.version, locale: locale)
        }

        let list: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let recordSetId = try call.params.long("ddlRecordSetId")
            let creatorId = call.params.has("userId") ? try call.params.long("userId") : 0
            let locale = call.params.string("locale")
            let page = PageRange(start: try call.params.int("start", default: -1), end: try call.params.int("end", default: -1))
            let order = orderClause(call.params.wrapper("obc"))
            let (records, fieldTypes) = try await call.read { db in
                _ = try RecordSetServices.fetch(db, recordSetId)
                try Permissions.require(db, user: user, .view, .recordSet, recordSetId)
                let filter = creatorId > 0 ? "AND userId = \(creatorId)" : ""
                let records = try RecordRow.fetchAll(
                    db, sql: "SELECT * FROM record WHERE recordSetId = ? \(filter) ORDER BY \(order) \(page.sql)", arguments: [recordSetId])
                return (records, try structureFieldTypes(db, recordSetId: recordSetId))
            }
            return .array(records.map { screensRecord($0, fieldTypes: fieldTypes, version: call.version, locale: locale) })
        }
        registry.register(.module(v62: paths.v62, v7: paths.v7, "get-ddl-records"), ["ddlRecordSetId", "locale", "start", "end", "obc"], list)
        registry.register(.module(v62: paths.v62, v7: paths.v7, "get-ddl-records"),
                          ["ddlRecordSetId", "userId", "locale", "start", "end", "obc"], list)

        let count: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let recordSetId = try call.params.long("ddlRecordSetId")
            let creatorId = call.params.has("userId") ? try call.params.long("userId") : 0
            let total = try await call.read { db in
                _ = try RecordSetServices.fetch(db, recordSetId)
                try Permissions.require(db, user: user, .view, .recordSet, recordSetId)
                if creatorId > 0 {
                    return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE recordSetId = ? AND userId = ?", arguments: [recordSetId, creatorId]) ?? 0
                }
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE recordSetId = ?", arguments: [recordSetId]) ?? 0
            }
            return .int(Int64(total))
        }
        registry.register(.module(v62: paths.v62, v7: paths.v7, "get-ddl-records-count"), ["ddlRecordSetId"], count)
        registry.register(.module(v62: paths.v62, v7: paths.v7, "get-ddl-records-count"), ["ddlRecordSetId", "userId"], count)
    }

    static func structureFieldTypes(_ db: Database, recordSetId: Int64) throws -> [String: String] {
        let set = try RecordSetServices.fetch(db, recordSetId)
        return try StructureServices.fetch(db, set.structureId).fieldTypes
    }

    static func screensRecord(_ record: RecordRow, fieldTypes: [String: String], version: PortalVersion, locale: String?) -> JSONValue {
        [
            "modelValues": RecordValues.modelValues(record.fieldValues, fieldTypes: fieldTypes, version: version, locale: locale),
            "modelAttributes": ModelJSON.record(record, version),
        ]
    }

    /// Ordering for an order-by comparator: modified/create-date comparators sort by that date
    /// (descending unless `obc.ascending` is true); anything else, or none, sorts by record ID.
    static func orderClause(_ comparator: WrappedParameter?) -> String {
        guard let className = comparator?.className else { return "recordId ASC" }
        let ascending = comparator?.fields["ascending"]?.boolValue ?? false
        let direction = ascending ? "ASC" : "DESC"
        if className.contains("ModifiedDate") { return "modifiedDate \(direction), recordId \(direction)" }
        if className.contains("CreateDate") { return "createDate \(direction), recordId \(direction)" }
        return "recordId ASC"
    }
}
