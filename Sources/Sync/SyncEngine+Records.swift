import DDM
import Foundation
import OfflineStore
import PortalClient

extension SyncEngine {
    /// Adds, exactly once: a write that may have reached the portal before (interrupted, or
    /// attempted before) is first looked up by its uuid and adopted when found; the others are
    /// sent in batches with their uuid as `serviceContext.uuid`; a refusal naming the uuid (the
    /// portal's unique index: an earlier attempt did create it) is answered by a look-up too.
    func sendAdds(_ items: [QueueItem], requests: WriteRequests) async throws -> ItemResults {
        let suspects = items.filter { $0.wasInterrupted || $0.attempts > 1 }
        let found = try await UUIDLookup(engine: self, requests: requests).find(suspects)
        var results: ItemResults = items.compactMap { item in found[item.uuid].map { (item, .success($0)) } }
        let toSend = items.filter { found[$0.uuid] == nil }
        let sent = try await sendInBatches(toSend, build: requests.addRecord)
        let duplicates = sent.filter { Self.isDuplicateUUID($0.result, uuid: $0.item.uuid) }.map(\.item)
        let adopted = duplicates.isEmpty ? [:] : try await UUIDLookup(engine: self, requests: requests).find(duplicates)
        for (item, result) in sent {
            if let record = adopted[item.uuid] { results.append((item, .success(record))) } else { results.append((item, result)) }
        }
        return results
    }

    /// Updates: the portal's current records are fetched (batched) and compared with the base
    /// each edit was made on; a newer `modifiedDate` on the portal puts the write in conflict with
    /// the portal's values. The rest are sent in batches.
    func sendUpdates(_ items: [QueueItem], requests: WriteRequests) async throws -> ItemResults {
        var results: ItemResults = []
        var checked: [QueueItem] = []
        let withBase = items.filter { ($0.payload[PayloadKey.baseModifiedDate] ?? .null) != .null }
        let recordIds = withBase.compactMap { try? requests.recordId($0) }
        let current = try await lookUp(recordIds.map(requests.getRecord))
        var byRecord: [Int64: Result<JSONValue, any Error>] = [:]
        for (recordId, result) in zip(recordIds, current) { byRecord[recordId] = result }
        for item in items {
            guard let recordId = try? requests.recordId(item), let portal = byRecord[recordId] else {
                checked.append(item)
                continue
            }
            switch portal {
            case .failure(let error):
                results.append((item, .failure(error)))
            case .success(let answer):
                if let conflict = Self.conflict(item, portal: answer) {
                    results.append((item, .failure(conflict)))
                } else {
                    checked.append(item)
                }
            }
        }
        return results + (try await sendInBatches(checked, build: requests.updateRecord))
    }

    /// Deletes: an entry the portal no longer has is deleted already, which is what was wanted.
    func sendDeletes(_ items: [QueueItem], requests: WriteRequests) async throws -> ItemResults {
        try await sendInBatches(items, build: requests.deleteFileEntry).map { item, result in
            if case .failure(let error as PortalError) = result, error.kind == .notFound {
                return (item, .success(["fileEntryId": item.payload[PayloadKey.fileEntryId] ?? .null, "deleted": true]))
            }
            if case .success = result {
                return (item, .success(["fileEntryId": item.payload[PayloadKey.fileEntryId] ?? .null, "deleted": true]))
            }
            return (item, result)
        }
    }

    /// A ``PortalConflict`` when the portal's record (a `get-ddl-record` answer) was modified
    /// after the write's base `modifiedDate`.
    static func conflict(_ item: QueueItem, portal answer: JSONValue) -> PortalConflict? {
        let attributes = answer["modelAttributes"]?.objectValue ?? [:]
        guard let base = item.payload[PayloadKey.baseModifiedDate], base != .null,
            let portalDate = attributes[PayloadKey.modifiedDate]
        else { return nil }
        let newer: Bool
        if let b = base.int64Value, let p = portalDate.int64Value { newer = p > b } else { newer = base != portalDate }
        guard newer else { return nil }
        var value: [String: JSONValue] = [
            PayloadKey.recordId: attributes[PayloadKey.recordId] ?? item.payload[PayloadKey.recordId] ?? .null,
            PayloadKey.recordSetId: attributes[PayloadKey.recordSetId] ?? item.payload[PayloadKey.recordSetId] ?? .null,
            PayloadKey.values: answer["modelValues"] ?? .object([:]),
            PayloadKey.modifiedDate: portalDate,
        ]
        if let status = attributes["status"] { value["status"] = status }
        return PortalConflict(portalValue: .object(value))
    }

    /// Whether an add was refused because a record with its uuid exists already.
    static func isDuplicateUUID(_ result: Result<JSONValue, any Error>, uuid: String) -> Bool {
        guard case .failure(let error) = result else { return false }
        let text = (error as? PortalError)?.message ?? String(describing: error)
        return text.contains(uuid) && text.lowercased().contains("uuid")
    }
}
