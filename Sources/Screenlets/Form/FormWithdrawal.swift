/// What became of taking a form's save back out of the offline queue
/// (``FormScreenlet/withdrawQueuedWrite()``), so the screen can say exactly what happened.
public enum FormWithdrawal: Sendable, Equatable {
    /// Nothing of this form was waiting in the queue.
    case nothingQueued
    /// The queued (or in-flight) write was taken out of the queue, or taken back from the portal
    /// when a request already sent had not created the record: nothing of it is on the portal.
    case withdrawn
    /// A request already sent had created record `recordId`; it was deleted from the portal again.
    case takenBack(recordId: Int64)
    /// The add may have reached the portal and could not be checked now (no answer yet, or the
    /// portal is unreachable): a `withdraw-add` tombstone stays queued, and the next sync deletes
    /// the record if the portal created it.
    case beingTakenBack
    /// The portal has record `recordId` from a request already sent, and refused to delete it
    /// (`reason`: e.g. no permission, or Liferay 6.2); the tombstone stays in `termlets pending`.
    case portalKeeps(recordId: Int64?, reason: String)
    /// The portal had already accepted it (as `recordId`, when known): it cannot be taken back.
    case alreadySent(recordId: Int64?)
    /// It could not be taken out (e.g. still being sent by another process); `reason` says why.
    case notWithdrawn(reason: String)
}
