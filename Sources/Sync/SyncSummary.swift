import DDM
import PortalClient

/// What one sync run did: `termlets sync`'s answer.
public struct SyncSummary: Sendable, Equatable {
    /// Writes the portal accepted in this run (including adds found already on the portal).
    public var synced: Int
    /// Writes the portal refused in this run; they stay queued as `failed`.
    public var failed: Int
    /// Writes held in `conflict` for the user after this run (new and earlier ones).
    public var conflicts: Int
    /// Writes still open after this run (dirty, failed or in conflict).
    public var pending: Int
    /// The first refusal of this run, to name in an error line (not part of ``json``).
    public var firstRefusal: PortalError?

    /// A summary.
    public init(synced: Int = 0, failed: Int = 0, conflicts: Int = 0, pending: Int = 0, firstRefusal: PortalError? = nil) {
        self.firstRefusal = firstRefusal
        self.synced = synced
        self.failed = failed
        self.conflicts = conflicts
        self.pending = pending
    }

    /// `{"synced", "failed", "conflicts", "pending"}`, the contract's shape.
    public var json: JSONValue {
        [
            "synced": .int(Int64(synced)), "failed": .int(Int64(failed)), "conflicts": .int(Int64(conflicts)),
            "pending": .int(Int64(pending)),
        ]
    }
}

/// Progress of a sync run, reported after every write settled and during uploads.
public struct SyncProgress: Sendable, Equatable {
    /// Writes settled so far in this run (accepted, refused or in conflict).
    public var completed: Int
    /// Writes this run expects to handle (grows if writes are queued meanwhile).
    public var total: Int
    /// For an upload in flight: (bytes sent, file size).
    public var uploadBytes: UploadBytes?

    /// Bytes of an upload in flight.
    public struct UploadBytes: Sendable, Equatable {
        public var sent: Int64
        public var size: Int64
    }

    /// A progress report.
    public init(completed: Int, total: Int, uploadBytes: UploadBytes? = nil) {
        self.completed = completed
        self.total = total
        self.uploadBytes = uploadBytes
    }

    /// `n of m`, as `termlets sync` prints it.
    public var text: String { "\(completed) of \(total)" }
}
