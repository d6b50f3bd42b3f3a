import DDM

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
