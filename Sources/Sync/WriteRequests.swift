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
    /// The workflow action of record writes whose payload does not name one.
    let defaultWorkflowAction: WorkflowAction

    /// `add-record` carrying the item's uuid as `serviceContext.uuid`, so the portal's unique
    /// index refuses a second copy.
    func addRecord(_ item: QueueItem) throws -> ServiceCall {
        guard let recordSetId = item.payload[PayloadKey.recordSetId]?.int64Value else {
            throw PortalError(kind: .input, message: "pending write \(item.queueId) has no recordSetId")
        }
        let group = groupOf(item)
        return calls.records.addRecord(
            groupId: group, recordSetId: recordSetId, fieldsMap: fieldsMap(item.payload[PayloadKey.values]),
            serviceContext: ServiceContext(
                userId: userId, scopeGroupId: group, workflowAction: try workflowAction(item), uuid: item.uuid))
    }

    /// `update-record` with the item's values.
    func updateRecord(_ item: QueueItem) throws -> ServiceCall {
        calls.records.updateRecord(
            recordId: try recordId(item), fieldsMap: fieldsMap(item.payload[PayloadKey.values]),
            serviceContext: ServiceContext(userId: userId, scopeGroupId: groupOf(item), workflowAction: try workflowAction(item)))
    }

    /// The write's own `workflowAction` (`"publish"` → 1, `"draft"` → 2); the configured default
    /// when the payload has none. Any other name is refused rather than guessed.
    func workflowAction(_ item: QueueItem) throws -> WorkflowAction {
        switch item.payload[PayloadKey.workflowAction] {
        case nil, .null?: return defaultWorkflowAction
        case .string("publish")?: return .publish
        case .string("draft")?: return .saveDraft
        case let other?:
            throw PortalError(
                kind: .input, message: "pending write \(item.queueId) has an unknown workflowAction \(other.serialized())")
        }
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

    /// The queued values as the `fieldsMap` the online submit sends (`DDLFormModel.fieldsMap(for:)`):
    /// each field's server string, and for a repeatable field with several instances a JSON
    /// **array** of server strings, one per instance. A file entry (an upload's answer put in
    /// place of its placeholder) becomes the document field's server string, alone or as an
    /// instance in an array, through DDM's own `FieldValue.serverString(for:)`; `null` is left out.
    func fieldsMap(_ values: JSONValue?) -> [String: JSONValue] {
        guard let members = values?.objectValue else { return [:] }
        var map: [String: JSONValue] = [:]
        for (name, value) in members {
            if case .array(let instances) = value {
                map[name] = .array(instances.compactMap(serverString))
            } else if let server = serverString(value) {
                map[name] = server
            }
        }
        return map
    }

    /// One instance's server form: strings (and numbers, booleans) as they are, a file entry as
    /// the document reference `{"groupId":N,"uuid":"…","version":"…"}`, any other structure as
    /// its JSON text.
    private func serverString(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .null:
            return nil
        case .object:
            if let reference = DocumentReference(json: value),
                let server = FieldValue.document(.uploaded(reference)).serverString(for: calls.version)
            {
                return .string(server)
            }
            return .string(value.serialized())
        case .array:
            return .string(value.serialized())
        default:
            return value
        }
    }
}
