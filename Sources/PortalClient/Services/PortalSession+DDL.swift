import Foundation
import DDM

/// Typed convenience calls: build the call for this portal's version, invoke it, decode the answer.
extension PortalSession {
    /// The sites of the authenticated user.
    public func sites() async throws -> [Site] {
        try Decode.list(try await invoke(try await calls().groups.getUserSitesGroups()), "site", Site.init(json:))
    }

    /// The portal's build number.
    public func buildNumber() async throws -> Int {
        try Decode.count(try await invoke(PortalInfoCalls(version: context.version ?? .v7).getBuildNumber()))
    }

    /// The Dynamic Data Lists record sets of a site (`groupId` 0: the context's site), one page, with the total.
    /// Needs the companyId (from the context, or learnt by ``login()``).
    public func recordSets(groupId: Int64 = 0, start: Int = -1, end: Int = -1) async throws -> (recordSets: [RecordSet], count: Int) {
        let c = try await calls().recordSets
        let group = groupId != 0 ? groupId : context.groupId
        let companyId = context.companyId != 0 ? context.companyId : (user?.companyId ?? 0)
        guard companyId != 0 else {
            throw PortalError(kind: .input, message: "the companyId is unknown: log in first or give the companyId")
        }
        let results = try await invoke([
            c.search(companyId: companyId, groupId: group, start: start, end: end),
            c.searchCount(companyId: companyId, groupId: group),
        ])
        return (try Decode.list(results[0], "record set", RecordSet.init(json:)), try Decode.count(results[1]))
    }

    /// One record set.
    public func recordSet(id recordSetId: Int64) async throws -> RecordSet {
        try Decode.one(try await invoke(try await calls().recordSets.getRecordSet(recordSetId: recordSetId)), "record set", RecordSet.init(json:))
    }

    /// One structure (its definition is parsed by the DDM module).
    public func structure(id structureId: Int64) async throws -> StructureModel {
        try Decode.one(try await invoke(try await calls().structures.getStructure(structureId: structureId)), "structure", StructureModel.init(json:))
    }

    /// One record with its values, in the context's locale.
    public func record(id recordId: Int64) async throws -> RecordData {
        let call = try await calls().screensRecords.getDDLRecord(ddlRecordId: recordId, locale: context.locale)
        return try Decode.one(try await invoke(call), "record", RecordData.init(json:))
    }

    /// A page of a record set's records and, when `withCount`, the total, in one batch.
    public func records(
        recordSetId: Int64, userId: Int64? = nil, start: Int, end: Int, obc: OrderByComparator? = nil, withCount: Bool = true
    ) async throws -> (records: [RecordData], count: Int?) {
        let c = try await calls().screensRecords
        var batch = [c.getDDLRecords(ddlRecordSetId: recordSetId, userId: userId, locale: context.locale, start: start, end: end, obc: obc)]
        if withCount { batch.append(c.getDDLRecordsCount(ddlRecordSetId: recordSetId, userId: userId)) }
        let results = try await invoke(batch)
        return (try Decode.list(results[0], "record", RecordData.init(json:)), withCount ? try Decode.count(results[1]) : nil)
    }

    /// Adds a record. `serviceContext` should carry `userId`, `scopeGroupId`, `workflowAction` and a fresh `uuid`.
    public func addRecord(groupId: Int64, recordSetId: Int64, fieldsMap: [String: JSONValue], serviceContext: ServiceContext?) async throws
        -> RecordModel
    {
        let call = try await calls().records.addRecord(
            groupId: groupId != 0 ? groupId : context.groupId, recordSetId: recordSetId, fieldsMap: fieldsMap, serviceContext: serviceContext)
        return try Decode.one(try await invoke(call), "record", RecordModel.init(json:))
    }

    /// Updates a record.
    public func updateRecord(recordId: Int64, fieldsMap: [String: JSONValue], serviceContext: ServiceContext?) async throws -> RecordModel {
        let call = try await calls().records.updateRecord(recordId: recordId, fieldsMap: fieldsMap, serviceContext: serviceContext)
        return try Decode.one(try await invoke(call), "record", RecordModel.init(json:))
    }

    /// A service context for a DDL write by the logged-in user in `groupId`, with a fresh uuid.
    public func recordServiceContext(groupId: Int64 = 0, workflowAction: WorkflowAction = .publish) -> ServiceContext {
        ServiceContext(
            userId: user?.userId, scopeGroupId: groupId != 0 ? groupId : context.groupId, workflowAction: workflowAction,
            uuid: UUIDText.make())
    }
}

enum UUIDText {
    /// A random lower-case UUID, the form the portal uses.
    static func make() -> String { UUID().uuidString.lowercased() }
}
