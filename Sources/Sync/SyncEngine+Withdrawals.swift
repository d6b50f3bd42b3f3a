import DDM
import Foundation
import OfflineStore
import PortalClient

extension SyncEngine {
    /// Resolves `withdraw-add` tombstones: the record the withdrawn add created (known from its
    /// answer, or found by the add's uuid) is deleted with `ddlrecord/delete-record`, then the
    /// documents uploaded only for it; when the portal has no such record the tombstone is just
    /// dropped. Repeating it is harmless: a record or document already gone counts as deleted.
    /// A portal that cannot delete the record (6.2, or no permission) refuses the tombstone with
    /// a message naming the record; it stays in `termlets pending`.
    func sendWithdrawals(_ items: [QueueItem], requests: WriteRequests) async throws -> ItemResults {
        let unknown = items.filter { $0.payload[WithdrawKey.createdRecordId]?.int64Value == nil }
        let found = try await UUIDLookup(engine: self, requests: requests).find(unknown)
        var results: ItemResults = []
        for item in items {
            let recordId = item.payload[WithdrawKey.createdRecordId]?.int64Value ?? found[item.uuid]?["recordId"]?.int64Value
            results.append((item, await capture { try await takeBack(item, recordId: recordId, requests: requests) }))
        }
        // Connectivity or cancellation stops the run; the tombstones go back to the queue.
        for (_, result) in results { if case .failure(let error) = result { try Self.rethrowIfUnreachable(error) } }
        return results
    }

    /// Deletes record `recordId` (when the portal created one) and the add's own documents.
    private func takeBack(_ item: QueueItem, recordId: Int64?, requests: WriteRequests) async throws -> JSONValue {
        if let recordId {
            guard let call = requests.calls.records.deleteRecord(recordId: recordId) else {
                throw PortalError(
                    kind: .permission,
                    message: "the portal already has record \(recordId), which was discarded; Liferay 6.2 cannot delete records: delete it on the portal")
            }
            try await deleteIgnoringNotFound(call) { error in
                "the portal already has record \(recordId), which was discarded, and did not delete it: \(error)"
            }
        }
        for fileEntryId in (item.payload[WithdrawKey.uploadedFileEntryIds]?.arrayValue ?? []).compactMap(\.int64Value) {
            try await deleteIgnoringNotFound(requests.calls.documents.deleteFileEntry(fileEntryId: fileEntryId)) { error in
                "document \(fileEntryId), uploaded for a discarded record, was not deleted: \(error)"
            }
        }
        return ["withdrawn": true, "created": .bool(recordId != nil), "recordId": JSONValue(recordId)]
    }

    /// Resolves a `withdraw-upload` tombstone: the document the withdrawn upload made (known from
    /// its answer, or found by its title in its folder carrying the upload's uuid) is deleted;
    /// when the portal has none the tombstone is just dropped. Connectivity failures are rethrown
    /// (the tombstone goes back to the queue); repeating it is harmless.
    func takeBackUpload(_ item: QueueItem, requests: WriteRequests) async throws -> JSONValue {
        let fileEntryId: Int64?
        if let known = item.payload[WithdrawUploadKey.createdFileEntryId]?.int64Value {
            fileEntryId = known
        } else {
            fileEntryId = try await existingUpload(item, requests: requests)?[PayloadKey.fileEntryId]?.int64Value
        }
        let headless = item.payload[HeadlessDocuments.transportKey]?.stringValue == HeadlessDocuments.transportName
        if let fileEntryId, headless {
            do {
                try await session.headlessDeleteDocument(id: fileEntryId)
            } catch let error as PortalError where error.kind == .notFound {}
        } else if let fileEntryId {
            try await deleteIgnoringNotFound(requests.calls.documents.deleteFileEntry(fileEntryId: fileEntryId)) { error in
                "document \(fileEntryId), uploaded before it was discarded, was not deleted: \(error)"
            }
        }
        return ["withdrawn": true, "created": .bool(fileEntryId != nil), PayloadKey.fileEntryId: JSONValue(fileEntryId)]
    }

    /// Runs a deletion; "not found" means it is gone already. Other refusals are rethrown with
    /// `describe`'s message, connectivity failures as they are.
    private func deleteIgnoringNotFound(_ call: ServiceCall, describe: (String) -> String) async throws {
        do {
            _ = try await session.invoke(call)
        } catch {
            try Self.rethrowIfUnreachable(error)
            guard let portal = error as? PortalError else { throw error }
            if portal.kind == .notFound { return }
            throw PortalError(kind: portal.kind, message: describe(portal.message), exceptionClass: portal.exceptionClass)
        }
    }
}
