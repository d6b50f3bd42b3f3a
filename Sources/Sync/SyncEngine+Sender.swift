import DDM
import OfflineStore
import PortalClient

extension SyncEngine {
    /// A ``QueueSender`` sending one item the way the engine does (uuid look-up for adds that
    /// may have been sent, conflict check for updates, uploads with their uuid): what
    /// ``SubmitExecutor`` uses for "try now", so a write sent at once and one sent by a later sync
    /// behave the same.
    public var sender: QueueSender {
        let engine = self
        return QueueSender(
            send: { item in try await engine.sendOne(item) }, entryChanges: configuration.entryChanges)
    }

    /// Sends one claimed item; throws ``PortalConflict``, a connectivity failure or a refusal.
    public func sendOne(_ item: QueueItem) async throws -> JSONValue {
        let requests = try await makeRequests()
        let results: ItemResults
        switch item.operation {
        case .upload: return try await sendUpload(item, requests: requests, tally: nil)
        case .delete: results = try await sendDeletes([item], requests: requests)
        case .updateRecord: results = try await sendUpdates([item], requests: requests)
        case .addRecord: results = try await sendAdds([item], requests: requests)
        case .addEntry, .updateEntry, .deleteEntry: return try await sendEntry(item)
        case .withdrawAdd: results = try await sendWithdrawals([item], requests: requests)
        case .withdrawUpload: return try await takeBackUpload(item, requests: requests)
        }
        return try results[0].result.get()
    }
}
