import DDM
import Foundation
import OfflineStore
import PortalClient

/// Builds the portal calls for queued writes. Pure: no network.
struct WriteRequests: Sendable {
    let calls: ServiceCalls
    /// The site for writes whose payload has none.
    let groupId: Int64
    let userId: Int64?
    let locale: String
    let workflowAction: WorkflowAction

    /// `add-record` carrying the item's uuid as `serviceContext.uuid`, so the portal's unique
    /// index refuses a second copy.
    func addRecord(_ item: QueueItem) throws -> ServiceCall {
        guard let recordSetId = item.payload[PayloadKey.recordSetId]?.int64Value else {
            throw PortalError(kind: .input, message: "pending write \(item.queueId) has no recordSetId")
        }
        let group = groupOf(item)
        return calls.records.addRecord(
            groupId: group, recordSetId: recordSetId, fieldsMap: Self.fieldsMap(item.payload[PayloadKey.values]),
            serviceContext: ServiceContext(
                userId: userId, scopeGroupId: group, workflowAction: workflowAction, uuid: item.uuid))
    }

    /// `update-record` with the item's values.
    func updateRecord(_ item: QueueItem) throws -> ServiceCall {
        calls.records.updateRecord(
            recordId: try recordId(item), fieldsMap: Self.fieldsMap(item.payload[PayloadKey.values]),
            serviceContext: ServiceContext(userId: userId, scopeGroupId: groupOf(item), workflowAction: workflowAction))
    }

    /// `get-ddl-record`: the portal's current version of an updated record.
    func getRecord(_ recordId: Int64) -> ServiceCall {
        calls.screensRecords.getDDLRecord(ddlRecordId: recordId, locale: locale)
    }

    /// `delete-file-entry`.
    func deleteFileEntry(_ item: QueueItem) throws -> ServiceCall {
        guard let fileEntryId = item.payload[PayloadKey.fileEntryId]?.int64Value else {
            throw PortalError(kind: .input, message: "pending write \(item.queueId) has no fileEntryId")
        }
        return calls.documents.deleteFileEntry(fileEntryId: fileEntryId)
    }

    /// A page of a record set's records, newest first (by creation date), for the uuid look-up.
    func newestRecords(recordSetId: Int64, start: Int, end: Int) -> ServiceCall {
        calls.screensRecords.getDDLRecords(
            ddlRecordSetId: recordSetId, locale: locale, start: start, end: end,
            obc: OrderByComparator(
                className: Self.createDateComparator(calls.version), fields: [.init("ascending", .bool(false))]))
    }

    /// `dlapp/get-file-entry` {groupId, folderId, title}: finds an interrupted upload.
    func fileEntryByTitle(groupId: Int64, folderId: Int64, title: String) -> ServiceCall {
        var call = ServiceCall(path: "/dlapp/get-file-entry")
        call.append("groupId", .int(groupId))
        call.append("folderId", .int(folderId))
        call.append("title", .string(title))
        return call
    }

    func recordId(_ item: QueueItem) throws -> Int64 {
        guard let recordId = item.payload[PayloadKey.recordId]?.int64Value else {
            throw PortalError(kind: .input, message: "pending write \(item.queueId) has no recordId")
        }
        return recordId
    }

    func groupOf(_ item: QueueItem) -> Int64 {
        if let group = item.payload[PayloadKey.groupId]?.int64Value, group != 0 { return group }
        return groupId
    }

    static func createDateComparator(_ version: PortalVersion) -> String {
        version == .v62
            ? "com.liferay.portlet.dynamicdatalists.util.comparator.DDLRecordCreateDateComparator"
            : "com.liferay.dynamic.data.lists.util.comparator.DDLRecordCreateDateComparator"
    }

    /// The queued values as a `fieldsMap`: strings and scalars as they are; a file entry (an
    /// upload's result substituted for its placeholder) as the document field's server value
    /// `{"groupId":N,"uuid":"…","version":"…"}`; other objects and arrays as their JSON text;
    /// `null` left out.
    static func fieldsMap(_ values: JSONValue?) -> [String: JSONValue] {
        guard let members = values?.objectValue else { return [:] }
        var map: [String: JSONValue] = [:]
        for (name, value) in members {
            switch value {
            case .null:
                continue
            case .object(let object):
                if object["fileEntryId"] != nil, let reference = DocumentReference(json: value) {
                    let server: JSONValue = [
                        "groupId": .int(reference.groupId), "uuid": .string(reference.uuid),
                        "version": .string(reference.version),
                    ]
                    map[name] = .string(server.serialized())
                } else {
                    map[name] = .string(value.serialized())
                }
            case .array:
                map[name] = .string(value.serialized())
            default:
                map[name] = value
            }
        }
        return map
    }
}
