import DDM
import Foundation
import OfflineStore
import PortalClient

/// The member of a queued record write that says whether to publish it or keep it as a draft.
public enum FormPayloadKey {
    /// `"publish"` or `"draft"`.
    public static let workflowAction = "workflowAction"
}

extension FormPortal {
    /// Sends the form's queued writes (records and documents) the way the form screenlet does
    /// "now": adds carry the write's uuid as `serviceContext.uuid`; an update whose record changed
    /// on the portal since its base `modifiedDate` is a ``PortalConflict``. The sync engine's
    /// sender can be given to the screenlet instead.
    public var queueSender: QueueSender {
        let portal = self
        return QueueSender(send: { item in try await portal.send(item) })
    }

    func send(_ item: QueueItem) async throws -> JSONValue {
        let payload = item.payload
        switch item.operation {
        case .addRecord:
            guard let recordSetId = payload[PayloadKey.recordSetId]?.int64Value else {
                throw PortalError(kind: .input, message: "pending write \(item.queueId) has no recordSetId")
            }
            let group = groupId(payload[PayloadKey.groupId]?.int64Value ?? 0)
            let record = try await session.addRecord(
                groupId: group, recordSetId: recordSetId, fieldsMap: Self.fieldsMap(payload[PayloadKey.values]),
                serviceContext: serviceContext(payload, groupId: group, uuid: item.uuid))
            return record.attributes
        case .updateRecord:
            guard let recordId = payload[PayloadKey.recordId]?.int64Value else {
                throw PortalError(kind: .input, message: "pending write \(item.queueId) has no recordId")
            }
            if let base = payload[PayloadKey.baseModifiedDate]?.int64Value {
                let current = RecordData(json: try await recordJSON(recordId, locale: session.context.locale))
                if let portalDate = current?.modifiedDate, portalDate > base {
                    throw PortalConflict(portalValue: [
                        PayloadKey.recordId: .int(recordId), PayloadKey.values: .object(current?.values ?? [:]),
                        PayloadKey.modifiedDate: .int(portalDate),
                    ])
                }
            }
            let group = groupId(payload[PayloadKey.groupId]?.int64Value ?? 0)
            let record = try await session.updateRecord(
                recordId: recordId, fieldsMap: Self.fieldsMap(payload[PayloadKey.values]),
                serviceContext: serviceContext(payload, groupId: group, uuid: nil))
            return record.attributes
        case .upload:
            guard let file = item.fileURL else {
                throw PortalError(kind: .input, message: "pending upload \(item.queueId) has no file")
            }
            return try await upload(file: file, metadata: payload, uuid: item.uuid, progress: { _, _ in }).attributes
        case .delete:
            throw PortalError(kind: .input, message: "the form does not delete (pending write \(item.queueId))")
        }
    }

    private func serviceContext(_ payload: JSONValue, groupId: Int64, uuid: String?) -> ServiceContext {
        let draft = payload[FormPayloadKey.workflowAction]?.stringValue == "draft"
        return ServiceContext(
            userId: session.user?.userId, scopeGroupId: groupId, workflowAction: draft ? .saveDraft : .publish, uuid: uuid)
    }

    /// Queued values as a `fieldsMap`: strings as they are; a file entry (an upload's answer put in
    /// place of its placeholder) as the document value `{"groupId":N,"uuid":"…","version":"…"}`;
    /// other objects and arrays as their JSON text; `null` left out.
    static func fieldsMap(_ values: JSONValue?) -> [String: JSONValue] {
        guard let members = values?.objectValue else { return [:] }
        var map: [String: JSONValue] = [:]
        for (name, value) in members {
            switch value {
            case .null:
                continue
            case .object:
                if let reference = DocumentReference(json: value) {
                    let server: JSONValue = [
                        "groupId": .int(reference.groupId), "uuid": .string(reference.uuid),
                        "version": .string(reference.version),
                    ]
                    map[name] = .string(server.serialized())
                } else {
                    map[name] = .string(value.serialized())
                }
            case .array(let elements) where elements.allSatisfy({ $0.stringValue != nil }):
                map[name] = value
            case .array:
                map[name] = .string(value.serialized())
            default:
                map[name] = value
            }
        }
        return map
    }
}
