import DDM
import Foundation
import OfflineStore
import PortalClient

extension SyncEngine {
    /// Sends one Objects write: an add by its client-made ERC (`PUT …/by-external-reference-code`,
    /// so a write sent again after a crash or a lost answer updates that same entry instead of
    /// adding another); an update after checking the entry's `dateModified` against the base the
    /// edit was made on (newer on the portal: a ``PortalConflict`` with the portal's entry); a
    /// delete, for which an entry already gone is success.
    func sendEntry(_ item: QueueItem) async throws -> JSONValue {
        let payload = item.payload
        guard let path = payload[PayloadKey.restContextPath]?.stringValue,
            let definitionId = payload[PayloadKey.objectDefinitionId]?.int64Value
        else { throw PortalError(kind: .input, message: "pending write \(item.queueId) names no object definition") }
        let definition = ObjectDefinition(
            id: definitionId, name: payload[PayloadKey.object]?.stringValue ?? "", scope: payload[PayloadKey.scope]?.stringValue == "site" ? .site : .company,
            restContextPath: path)
        let groupId = payload[PayloadKey.groupId]?.int64Value ?? session.context.groupId
        let body = Self.attachmentIds(in: payload[PayloadKey.body] ?? .object([:]))
        switch item.operation {
        case .addEntry:
            guard let erc = payload[PayloadKey.externalReferenceCode]?.stringValue else {
                throw PortalError(kind: .input, message: "pending add \(item.queueId) has no external reference code")
            }
            return Self.answer(try await session.addObjectEntry(of: definition, groupId: groupId, externalReferenceCode: erc, body: body))
        case .updateEntry:
            guard let id = payload[PayloadKey.recordId]?.int64Value else { throw PortalError(kind: .input, message: "pending update \(item.queueId) has no entry id") }
            if let base = payload[PayloadKey.baseModifiedDate]?.stringValue {
                let current = try await session.objectEntry(of: definition, id: id)
                if let date = current.dateModified, date != base, (current.dateModifiedMilliseconds ?? 0) > (ObjectEntry.epochMilliseconds(base) ?? 0) {
                    throw PortalConflict(portalValue: [
                        PayloadKey.recordId: .int(id), PayloadKey.values: .object(current.json), PayloadKey.modifiedDate: .string(date),
                        "status": .int(Int64(current.statusCode)),
                    ])
                }
            }
            return Self.answer(try await session.updateObjectEntry(of: definition, id: id, body: body))
        case .deleteEntry:
            guard let id = payload[PayloadKey.recordId]?.int64Value else { throw PortalError(kind: .input, message: "pending delete \(item.queueId) has no entry id") }
            do {
                try await session.deleteObjectEntry(of: definition, id: id)
            } catch let error as PortalError where error.kind == .notFound {
                // Gone already: what was wanted.
            }
            return [PayloadKey.recordId: .int(id), "deleted": true]
        default:
            throw PortalError(kind: .input, message: "\(item.operation.rawValue) is not an Objects write")
        }
    }

    /// `body` with each uploaded file the queue put in place of an attachment's placeholder (the
    /// upload's file entry JSON) replaced by its ID, which is what an Objects attachment takes.
    static func attachmentIds(in body: JSONValue) -> JSONValue {
        guard case .object(let members) = body else { return body }
        return .object(members.mapValues { value in
            guard case .object = value, let id = FileEntry(json: value)?.fileEntryId else { return value }
            return .int(id)
        })
    }

    private static func answer(_ entry: ObjectEntry) -> JSONValue {
        [
            PayloadKey.recordId: .int(entry.id), PayloadKey.externalReferenceCode: .string(entry.externalReferenceCode),
            PayloadKey.modifiedDate: JSONValue(entry.dateModified), "status": .int(Int64(entry.statusCode)),
        ]
    }
}
