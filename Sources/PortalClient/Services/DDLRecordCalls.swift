import DDM

/// `ddlrecord` (`/ddlrecord/…` on 6.2, `/ddl.ddlrecord/…` on 7.x): add, update and delete records.
public struct DDLRecordCalls: Sendable, Hashable {
    public let version: PortalVersion

    /// `add-record` {groupId, recordSetId, displayIndex: 0, fieldsMap, serviceContext}.
    /// `fieldsMap` holds the server string form of each value.
    public func addRecord(groupId: Int64, recordSetId: Int64, fieldsMap: [String: JSONValue], serviceContext: ServiceContext?)
        -> ServiceCall
    {
        var call = ServiceCall(path: ServiceModule.ddl.path("ddlrecord", "add-record", version))
        call.append("groupId", .int(groupId))
        call.append("recordSetId", .int(recordSetId))
        call.append("displayIndex", .int(0))
        call.append("fieldsMap", .object(fieldsMap))
        call.append("serviceContext", object: serviceContext?.objectParameter, defaultClass: ServiceContext.className(for: version))
        return call
    }

    /// `update-record` {recordId, displayIndex: 0, fieldsMap, mergeFields, serviceContext};
    /// `mergeFields` is `true` on 6.2 and `false` on 7.x, as Liferay Screens sends it.
    public func updateRecord(recordId: Int64, fieldsMap: [String: JSONValue], serviceContext: ServiceContext?) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.ddl.path("ddlrecord", "update-record", version))
        call.append("recordId", .int(recordId))
        call.append("displayIndex", .int(0))
        call.append("fieldsMap", .object(fieldsMap))
        call.append("mergeFields", .bool(version == .v62))
        call.append("serviceContext", object: serviceContext?.objectParameter, defaultClass: ServiceContext.className(for: version))
        return call
    }

    /// `get-record` {recordId}: the record model (status, modifiedDate, …) without its values.
    public func getRecord(recordId: Int64) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.ddl.path("ddlrecord", "get-record", version))
        call.append("recordId", .int(recordId))
        return call
    }

    /// `delete-record` {recordId} (7.x only: 6.2 has no way to delete a record; `nil` there).
    public func deleteRecord(recordId: Int64) -> ServiceCall? {
        guard version != .v62 else { return nil }
        var call = ServiceCall(path: ServiceModule.ddl.path("ddlrecord", "delete-record", version))
        call.append("recordId", .int(recordId))
        return call
    }
}
