import DDM
import Foundation
import OfflineStore

extension FormScreenlet {
    /// Takes this form's save back out of the offline queue — the one queued by its last submit,
    /// or the one a submit running now has queued — so that it never reaches the portal. A running
    /// submit is cancelled first and awaited; a write being sent by automatic sync (or another
    /// process) is waited for up to `patience`. Tells the truth when the portal already has it.
    public func withdrawQueuedWrite(patience: Duration) async -> FormWithdrawal {
        withdrawals += 1
        let uuid = submittingUUID
        if let running = submitTask {
            running.cancel()
            _ = try? await running.value
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        while true {
            let found: QueueItem?
            do {
                if let uuid { found = try queue.item(uuid: uuid) } else { found = try state.queuedSubmitId.flatMap { try queue.item($0) } }
            } catch {
                return .notWithdrawn(reason: Self.describe(error))
            }
            // Not in the queue: refused and dropped, sent by remote-only, or never queued.
            guard let item = found else { return .nothingQueued }
            switch item.state {
            case .done:
                state.queuedSubmitId = nil
                return .alreadySent(recordId: item.result?["recordId"]?.int64Value ?? item.payload[PayloadKey.recordId]?.int64Value)
            case .sending where clock.now < deadline:
                try? await Task.sleep(for: .milliseconds(100))
                continue
            default:
                do {
                    try queue.discard(item.queueId)
                    state.queuedSubmitId = nil
                    return .withdrawn
                } catch OfflineStoreError.invalidState where clock.now < deadline {
                    try? await Task.sleep(for: .milliseconds(100))
                    continue
                } catch {
                    return .notWithdrawn(reason: Self.describe(error))
                }
            }
        }
    }

    /// Learns what became of the form's queued save: once sync has sent it, the form is no longer
    /// "queued", and a new record becomes the record the portal added (its id and status).
    public func followQueuedSave() {
        guard let queueId = state.queuedSubmitId, !state.isSubmitting else { return }
        guard let item = try? queue.item(queueId) else { return }
        guard item.state == .done else { return }
        state.queuedSubmitId = nil
        if let modified = item.result?[PayloadKey.modifiedDate] { baseModifiedDate = modified }
        if state.model?.recordId == nil, let recordId = item.result?["recordId"]?.int64Value {
            adoptRecordId(recordId, modifiedDate: item.result?[PayloadKey.modifiedDate])
        }
        if let status = item.result?["status"]?.intValue { state.workflowStatus = status }
    }
}
