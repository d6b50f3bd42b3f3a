import DDM
import Foundation
import OfflineStore

extension FormScreenlet {
    /// Takes this form's save back — the one queued by its last submit, or the one a submit
    /// running now has queued — so that nothing of it stays on the portal, and says what happened.
    ///
    /// An add never sent leaves the queue. An add whose request went out (in flight now, or sent
    /// before without a known answer) may have created the record, so it becomes a `withdraw-add`
    /// tombstone: a request in flight is not cut off but its answer awaited (up to `patience`),
    /// and the tombstone is resolved at once when the portal answers — the record it created is
    /// deleted — or left for the next sync (``FormWithdrawal/beingTakenBack``). An update is
    /// taken out of the queue, its running submit cancelled; one being sent by automatic sync (or
    /// another process) is waited for up to `patience`.
    public func withdrawQueuedWrite(patience: Duration) async -> FormWithdrawal {
        withdrawals += 1
        let uuid = submittingUUID
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        var ownRequestOut = false
        if let running = submitTask {
            // An add already out is left to finish as a tombstone; anything else is stopped.
            if let item = try? queuedItem(uuid: uuid), item.operation == .addRecord, item.state == .sending {
                _ = try? queue.withdrawAdd(item.queueId)
                ownRequestOut = true
            } else {
                running.cancel()
            }
            await finishSubmit(by: min(deadline, clock.now.advanced(by: Self.answerPatience)))
        }
        while true {
            let found: QueueItem?
            do { found = try queuedItem(uuid: uuid) } catch { return .notWithdrawn(reason: Self.describe(error)) }
            // Not in the queue: refused and dropped, sent by remote-only, or never queued.
            guard let item = found else { return .nothingQueued }
            switch item.state {
            case .done:
                state.leaveQueue()
                if item.operation == .withdrawAdd { return Self.takenBack(item.result) }
                return .alreadySent(recordId: item.result?["recordId"]?.int64Value ?? item.payload[PayloadKey.recordId]?.int64Value)
            case .sending:
                if item.operation == .addRecord { _ = try? queue.withdrawAdd(item.queueId) }
                // This form's own request got no answer in time: the next sync takes it back.
                guard clock.now < deadline, !(ownRequestOut && submitTask != nil) else {
                    if item.operation != .updateRecord {
                        state.leaveQueue()
                        return .beingTakenBack
                    }
                    return .notWithdrawn(reason: "it is still being sent")
                }
                try? await Task.sleep(for: .milliseconds(100))
                continue
            default:
                break
            }
            do {
                switch item.operation {
                case .addRecord, .withdrawAdd:
                    state.leaveQueue()
                    switch try queue.withdrawAdd(item.queueId) {
                    case .discarded: return .withdrawn
                    case .alreadyDone(let result): return .alreadySent(recordId: result?["recordId"]?.int64Value)
                    case .tombstone(let tombstone): return await takeBack(tombstone)
                    }
                default:
                    try queue.discard(item.queueId)
                    state.leaveQueue()
                    return .withdrawn
                }
            } catch OfflineStoreError.invalidState where clock.now < deadline {
                try? await Task.sleep(for: .milliseconds(100))
                continue
            } catch {
                return .notWithdrawn(reason: Self.describe(error))
            }
        }
    }

    /// How long a discard waits for the answer of the form's own add request already sent.
    static let answerPatience: Duration = .seconds(10)

    /// The form's write: by the uuid of the submit running when the user discarded, or the one
    /// its last submit queued.
    private func queuedItem(uuid: String?) throws -> QueueItem? {
        if let uuid { return try queue.item(uuid: uuid) }
        return try state.queuedSubmitId.flatMap { try queue.item($0) }
    }

    /// Resolves a tombstone now (the record its add created is deleted), unless the portal is
    /// known to be unreachable: then the next sync does it.
    private func takeBack(_ tombstone: QueueItem) async -> FormWithdrawal {
        let sender = queue.database.connectivity.guarding(self.sender)
        let outcome: SendOutcome?
        do { outcome = try await queue.attempt(tombstone.queueId, using: sender) } catch { return .beingTakenBack }
        switch outcome {
        case .sent(let answer)?:
            return Self.takenBack(answer)
        case .rejected(let error)?:
            return .portalKeeps(
                recordId: tombstone.payload[WithdrawKey.createdRecordId]?.int64Value, reason: Self.describe(error))
        default:
            return .beingTakenBack
        }
    }

    /// What a resolved tombstone's answer says: a record was created and deleted, or none was.
    private static func takenBack(_ answer: JSONValue?) -> FormWithdrawal {
        if answer?["created"] == .bool(true), let recordId = answer?["recordId"]?.int64Value { return .takenBack(recordId: recordId) }
        return .withdrawn
    }

    /// Waits until the running submit has ended, or until `deadline`.
    private func finishSubmit(by deadline: ContinuousClock.Instant) async {
        while submitTask != nil, ContinuousClock().now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
    }

    /// Learns what became of the form's queued save: once sync has sent it, the form is no longer
    /// "queued", and a new record becomes the record the portal added (its id and status).
    public func followQueuedSave() {
        guard let queueId = state.queuedSubmitId, !state.isSubmitting else { return }
        guard let item = try? queue.item(queueId) else { return }
        guard item.state == .done else { return }
        state.leaveQueue()
        if let modified = item.result?[PayloadKey.modifiedDate] { baseModifiedDate = modified }
        if state.model?.recordId == nil, let recordId = item.result?["recordId"]?.int64Value {
            adoptRecordId(recordId, modifiedDate: item.result?[PayloadKey.modifiedDate])
        }
        if let status = item.result?["status"]?.intValue { state.workflowStatus = status }
    }
}
