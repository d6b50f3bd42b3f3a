import DDM

/// "Which record is this", and how a save changes it: the only places that set the queued save
/// and the record asked for.
extension FormState {
    /// New, queued or stored (see ``FormRecordIdentity``).
    public var identity: FormRecordIdentity {
        let recordId = model?.recordId ?? requestedRecordId
        if let queuedSubmitId { return .queued(queueId: queuedSubmitId, recordId: recordId) }
        return recordId.map { .stored(recordId: $0) } ?? .new
    }

    /// The form is for record `recordId`, even before it loads: it never becomes a blank new record.
    mutating func askFor(recordId: Int64) {
        requestedRecordId = recordId
    }

    /// The save waits in the offline queue as `queueId`: the values count as saved, and saving
    /// again replaces that write.
    mutating func savedToQueue(_ queueId: String) {
        model?.markSaved()
        queuedSubmitId = queueId
    }

    /// The save reached the portal as record `recordId` (`workflowStatus` when the answer said it).
    mutating func savedAsRecord(_ recordId: Int64, workflowStatus: Int?) {
        model?.markSaved(recordId: recordId)
        self.workflowStatus = workflowStatus
        queuedSubmitId = nil
        requestedRecordId = recordId
    }

    /// The queued add was sent meanwhile and became record `recordId`: the form is that record,
    /// its edits kept.
    mutating func adoptRecord(_ recordId: Int64) {
        model?.adoptRecordId(recordId)
        requestedRecordId = recordId
    }

    /// The queued save is no longer the form's (sent, taken back or gone from the queue).
    mutating func leaveQueue() {
        queuedSubmitId = nil
    }
}
