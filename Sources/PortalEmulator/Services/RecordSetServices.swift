import DDM
import Foundation
import GRDB

/// `ddlrecordset` (`/ddlrecordset/…` on 6.2, `/ddl.ddlrecordset/…` on 7.x).
enum RecordSetServices {
    static let paths = (v62: "ddlrecordset", v7: "ddl.ddlrecordset")

    static func register(_ registry: inout ServiceRegistry) {
        let getOne: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let recordSetId = try call.params.long("recordSetId")
            let set = try await call.read { db in
                let set = try fetch(db, recordSetId)
                try Permissions.require(db, user: user, .view, .recordSet, recordSetId)
                return set
            }
            return ModelJSON.recordSet(set, call.version)
        }
        registry.register(.module(v62: paths.v62, v7: paths.v7, "get-record-set"), ["recordSetId"], getOne)
        registry.register(.only7("/\(paths.v7)/fetch-record-set"), ["recordSetId"], getOne)

        registry.register(.only7("/\(paths.v7)/get-record-sets"), ["groupIds"]) { call throws(PortalError) in
            let user = try call.currentUser
            let groupIds = try call.params.array("groupIds")?.compactMap(\.int64Value) ?? []
            let sets = try await call.read { db in try visibleSets(db, user: user, groupIds: groupIds, keywords: nil, page: .all) }
            return .array(sets.map { ModelJSON.recordSet($0, call.version) })
        }

        let search: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let groupId = try call.params.long("groupId")
            let keywords = call.params.string("keywords") ?? call.params.string("name")
            let page = PageRange(start: try call.params.int("start", default: -1), end: try call.params.int("end", default: -1))
            let descending = call.params.wrapper("orderByComparator")?.className?.contains("Name") == true
            var sets = try await call.read { db in try visibleSets(db, user: user, groupIds: [groupId], keywords: keywords, page: .all) }
            if descending { sets.reverse() }
            let sliced = page.limit < 0 ? sets : Array(sets.dropFirst(page.offset).prefix(page.limit))
            return .array(sliced.map { ModelJSON.recordSet($0, call.version) })
        }
        registry.register(.module(v62: paths.v62, v7: paths.v7, "search"),
                          ["companyId", "groupId", "keywords", "scope", "start", "end", "orderByComparator"], search)
        registry.register(.module(v62: paths.v62, v7: paths.v7, "search"),
                          ["companyId", "groupId", "name", "description", "scope", "andOperator", "start", "end", "orderByComparator"], search)
        let searchCount: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let groupId = try call.params.long("groupId")
            let keywords = call.params.string("keywords") ?? call.params.string("name")
            let sets = try await call.read { db in try visibleSets(db, user: user, groupIds: [groupId], keywords: keywords, page: .all) }
            return .int(Int64(sets.count))
        }
        registry.register(.module(v62: paths.v62, v7: paths.v7, "search-count"), ["companyId", "groupId", "keywords", "scope"], searchCount)
        registry.register(.module(v62: paths.v62, v7: paths.v7, "search-count"),
                          ["companyId", "groupId", "name", "description", "scope", "andOperator"], searchCount)
    }

    static func fetch(_ db: Database, _ recordSetId: Int64) throws -> RecordSetRow {
        let statement = try db.cachedStatement(sql: "SELECT * FROM recordSet WHERE recordSetId = ?")
        guard let set = try RecordSetRow.fetchOne(statement, arguments: [recordSetId]) else {
            throw NotFound.recordSet(recordSetId)
        }
        return set
    }

    /// The record sets of `groupIds` that `user` may view, by name, optionally filtered by keywords.
    static func visibleSets(_ db: Database, user: UserRow, groupIds: [Int64], keywords: String?, page: PageRange) throws -> [RecordSetRow] {
        guard !groupIds.isEmpty else { return [] }
        let sets = try RecordSetRow.fetchAll(
            db, sql: "SELECT * FROM recordSet WHERE groupId IN (\(groupIds.map { _ in "?" }.joined(separator: ","))) ORDER BY recordSetId",
            arguments: StatementArguments(groupIds))
        let needle = keywords?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return try sets.filter { set in
            guard try Permissions.allowed(db, user: user, .view, .recordSet, set.recordSetId) else { return false }
            guard !needle.isEmpty else { return true }
            let haystack = (Array(set.names.values.values) + Array(set.descriptions.values.values)).joined(separator: " ").lowercased()
            return haystack.contains(needle)
        }
    }
}
