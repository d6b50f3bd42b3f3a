/// Which record a form is — what saving it does: add a new record, replace the values of its save
/// still waiting in the offline queue, or update a record the portal has.
public enum FormRecordIdentity: Equatable, Sendable {
    /// A new record, never saved.
    case new
    /// The form's last save waits in the offline queue as `queueId`; `recordId` is the record it
    /// updates (nil: a queued add).
    case queued(queueId: String, recordId: Int64?)
    /// The portal's record `recordId` (asked for, loaded or saved).
    case stored(recordId: Int64)

    /// The portal record, nil for a new record or a queued add.
    public var recordId: Int64? {
        switch self {
        case .new: nil
        case .queued(_, let recordId): recordId
        case .stored(let recordId): recordId
        }
    }

    /// The queued save, while it waits.
    public var queuedSaveId: String? {
        if case .queued(let queueId, _) = self { return queueId }
        return nil
    }
}
