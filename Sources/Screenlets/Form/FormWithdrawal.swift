/// What became of taking a form's save back out of the offline queue
/// (``FormScreenlet/withdrawQueuedWrite()``), so the screen can say exactly what happened.
public enum FormWithdrawal: Sendable, Equatable {
    /// Nothing of this form was waiting in the queue.
    case nothingQueued
    /// The queued (or in-flight) write was taken out of the queue: it will never be sent.
    case withdrawn
    /// The portal had already accepted it (as `recordId`, when known): it cannot be taken back.
    case alreadySent(recordId: Int64?)
    /// It could not be taken out (e.g. still being sent by another process); `reason` says why.
    case notWithdrawn(reason: String)
}
