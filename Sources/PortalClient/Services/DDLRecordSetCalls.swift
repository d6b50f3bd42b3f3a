import DDM

/// `ddlrecordset` (`/ddlrecordset/…` on 6.2, `/ddl.ddlrecordset/…` on 7.x).
public struct DDLRecordSetCalls: Sendable, Hashable {
    public let version: PortalVersion

    /// Record sets that hold Dynamic Data Lists (not forms).
    public static let dynamicDataListsScope = 0

    /// `get-record-set` {recordSetId}.
    public func getRecordSet(recordSetId: Int64) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.ddl.path("ddlrecordset", "get-record-set", version))
        call.append("recordSetId", .int(recordSetId))
        return call
    }

    /// `search` {companyId, groupId, keywords, scope, start, end, orderByComparator}: the record
    /// sets of a site. Chosen because it exists in both 6.2 and 7.x (6.2 has no `get-record-sets`);
    /// `keywords` `nil` lists them all.
    public func search(
        companyId: Int64, groupId: Int64, keywords: String? = nil, scope: Int = dynamicDataListsScope,
        start: Int, end: Int, orderByComparator: OrderByComparator? = nil
    ) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.ddl.path("ddlrecordset", "search", version))
        call.append("companyId", .int(companyId))
        call.append("groupId", .int(groupId))
        call.append("keywords", JSONValue(keywords))
        call.append("scope", .int(Int64(scope)))
        call.append("start", .int(Int64(start)))
        call.append("end", .int(Int64(end)))
        call.append(
            "orderByComparator", object: orderByComparator?.objectParameter,
            defaultClass: orderByComparatorClass(version, model: "com.liferay.dynamic.data.lists.model.DDLRecordSet"))
        return call
    }

    /// `search-count` {companyId, groupId, keywords, scope}.
    public func searchCount(companyId: Int64, groupId: Int64, keywords: String? = nil, scope: Int = dynamicDataListsScope)
        -> ServiceCall
    {
        var call = ServiceCall(path: ServiceModule.ddl.path("ddlrecordset", "search-count", version))
        call.append("companyId", .int(companyId))
        call.append("groupId", .int(groupId))
        call.append("keywords", JSONValue(keywords))
        call.append("scope", .int(Int64(scope)))
        return call
    }
}
