import DDM

/// What became of a submitted write. There is no third, silent case: a write is either accepted
/// by the portal or kept in the queue, and the caller is told which; otherwise it throws.
public enum SubmitOutcome: Sendable, Equatable {
    /// The portal accepted it; its answer (record with recordId and modifiedDate, file entry).
    case sent(JSONValue)
    /// It is kept in the queue under this id, to be sent by the next sync.
    case queued(queueId: String)
}

/// A submit that reached the portal and was not accepted, while the write stays in the queue.
/// (When nothing is kept, the portal client's own error is thrown instead.)
public enum SubmitError: Error, Sendable, CustomStringConvertible {
    /// The portal refused it (`cache-first`); it stays queued as `failed`, to be fixed or retried.
    case rejectedKeptInQueue(queueId: String, reason: any Error)
    /// The portal's record changed since the edit; the write waits in `conflict` for the user.
    case conflict(queueId: String, portalValue: JSONValue)

    public var description: String {
        switch self {
        case .rejectedKeptInQueue(let queueId, let reason): return "\(reason) (kept as pending write \(queueId))"
        case .conflict(let queueId, _): return "the record was changed on the portal (pending write \(queueId))"
        }
    }

    /// The id under which the write stays queued.
    public var queueId: String {
        switch self {
        case .rejectedKeptInQueue(let queueId, _), .conflict(let queueId, _): return queueId
        }
    }
}
