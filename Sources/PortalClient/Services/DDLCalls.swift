import DDM

/// The raw `OrderByComparator` class (6.2, and the default where a 7.x signature is not generic).
let rawOrderByComparatorClass = "com.liferay.portal.kernel.util.OrderByComparator"

/// The default comparator class of a parameter: raw on 6.2, generic over `model` on 7.x.
func orderByComparatorClass(_ version: PortalVersion, model: String) -> String {
    switch version {
    case .v62: return rawOrderByComparatorClass
    case .v7: return "\(rawOrderByComparatorClass)<\(model)>"
    }
}

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

/// `ddlrecord` (`/ddlrecord/…` on 6.2, `/ddl.ddlrecord/…` on 7.x): add and update records.
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
}

/// The Liferay Screens plugin's `screensddlrecord` (`/screens-web.` on 6.2, `/screens.` on 7.x):
/// records with their values, and record listings.
public struct ScreensDDLRecordCalls: Sendable, Hashable {
    public let version: PortalVersion

    /// `get-ddl-record` {ddlRecordId, locale} → `{"modelValues", "modelAttributes"}`.
    public func getDDLRecord(ddlRecordId: Int64, locale: String) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.screens.path("screensddlrecord", "get-ddl-record", version))
        call.append("ddlRecordId", .int(ddlRecordId))
        call.append("locale", .string(locale))
        return call
    }

    /// `get-ddl-records` {ddlRecordSetId, [userId], locale, start, end, obc}. `userId` is sent only
    /// when it is non-zero (filter by creator); `obc` `nil` is sent as `"obc": null`.
    public func getDDLRecords(
        ddlRecordSetId: Int64, userId: Int64? = nil, locale: String, start: Int, end: Int, obc: OrderByComparator? = nil
    ) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.screens.path("screensddlrecord", "get-ddl-records", version))
        call.append("ddlRecordSetId", .int(ddlRecordSetId))
        if let userId, userId != 0 { call.append("userId", .int(userId)) }
        call.append("locale", .string(locale))
        call.append("start", .int(Int64(start)))
        call.append("end", .int(Int64(end)))
        call.append(
            "obc", object: obc?.objectParameter,
            defaultClass: orderByComparatorClass(version, model: "com.liferay.dynamic.data.lists.model.DDLRecord"))
        return call
    }

    /// `get-ddl-records-count` {ddlRecordSetId, [userId]}.
    public func getDDLRecordsCount(ddlRecordSetId: Int64, userId: Int64? = nil) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.screens.path("screensddlrecord", "get-ddl-records-count", version))
        call.append("ddlRecordSetId", .int(ddlRecordSetId))
        if let userId, userId != 0 { call.append("userId", .int(userId)) }
        return call
    }
}

/// `ddmstructure` (`/ddmstructure/…` on 6.2, `/ddm.ddmstructure/…` on 7.x).
public struct DDMStructureCalls: Sendable, Hashable {
    public let version: PortalVersion

    /// `get-structure` {structureId} → the structure (`xsd` on 6.2, `definition` on 7.x).
    public func getStructure(structureId: Int64) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.ddm.path("ddmstructure", "get-structure", version))
        call.append("structureId", .int(structureId))
        return call
    }
}
