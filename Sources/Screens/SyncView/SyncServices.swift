import DDM
/// The state of a write waiting in the offline queue, as the sync view shows it.
public enum PendingWriteState: String, Hashable, Sendable {
    case dirty, sending, conflict, failed
}

/// The user's answer to a conflict.
public enum ConflictChoice: String, Hashable, Sendable {
    case keepMine = "keep-mine"
    case takePortal = "take-portal"
    case later
}

/// One field of a pending write: the user's value and, in a conflict, the portal's.
public struct PendingField: Hashable, Sendable {
    public let name: String
    public let mine: String
    /// The portal's current value (conflicts only).
    public let portal: String?
    public init(name: String, mine: String, portal: String? = nil) {
        self.name = name
        self.mine = mine
        self.portal = portal
    }
}

/// A write waiting for the portal, as the sync view lists it.
public struct PendingWriteSummary: Hashable, Sendable {
    public let queueId: String
    /// e.g. "update record 100001 (record set 40002)".
    public let title: String
    public let state: PendingWriteState
    public let error: String?
    public let fields: [PendingField]
    public init(queueId: String, title: String, state: PendingWriteState, error: String? = nil, fields: [PendingField] = []) {
        self.queueId = queueId
        self.title = title
        self.state = state
        self.error = error
        self.fields = fields
    }
}

/// Progress of a sync run: writes done of writes to send.
public struct SyncProgressReport: Hashable, Sendable {
    public let completed: Int
    public let total: Int
    public init(completed: Int, total: Int) {
        self.completed = completed
        self.total = total
    }
}

/// What a sync run came to.
public struct SyncRunSummary: Hashable, Sendable {
    public let synced: Int
    public let failed: Int
    public let conflicts: Int
    public let pending: Int
    public init(synced: Int, failed: Int = 0, conflicts: Int = 0, pending: Int) {
        self.synced = synced
        self.failed = failed
        self.conflicts = conflicts
        self.pending = pending
    }
    public var text: String { text(.enUS) }

    /// ``text`` in `locale`'s language.
    public func text(_ locale: PortalLocale) -> String {
        UIText.text(.syncRunSummary, locale, String(synced), String(failed), String(conflicts), String(pending))
    }
}

extension SyncRunSummary {
    /// Whether the run changed anything a user should hear of (sent, refused or in conflict).
    var isWorthTelling: Bool { synced > 0 || failed > 0 || conflicts > 0 }

    /// One line for the message area after an automatic run, e.g. "Synced 2 queued writes automatically".
    public var automaticSummary: String { automaticSummary(.enUS) }

    /// ``automaticSummary`` in `locale`'s language.
    func automaticSummary(_ locale: PortalLocale) -> String {
        automaticSummary(conflictsHint: UIText.text(.conflictsHintSyncView, locale), locale)
    }

    /// The same, with `conflictsHint` saying where conflicts are resolved from this screen.
    func automaticSummary(conflictsHint: String, _ locale: PortalLocale = .enUS) -> String {
        var parts = [UIText.plural(.syncedAutomatically, count: synced, locale)]
        if failed > 0 { parts.append(UIText.text(.refusedCount, locale, String(failed))) }
        if conflicts > 0 { parts.append(UIText.text(.inConflictCount, locale, String(conflicts), conflictsHint)) }
        return parts.joined(separator: " · ")
    }
}

/// What the sync view does, provided by the program (the offline queue and the sync engine):
/// the screen itself does no I/O.
public struct SyncServices: Sendable {
    /// The open writes, in queue order.
    public var loadQueue: @Sendable () async throws -> [PendingWriteSummary]
    /// Sends the queue; reports progress as it goes.
    public var run: @Sendable (@escaping @Sendable (SyncProgressReport) -> Void) async throws -> SyncRunSummary
    /// Applies the user's choice to a write in conflict.
    public var resolve: @Sendable (String, ConflictChoice) async throws -> Void

    public init(
        loadQueue: @escaping @Sendable () async throws -> [PendingWriteSummary],
        run: @escaping @Sendable (@escaping @Sendable (SyncProgressReport) -> Void) async throws -> SyncRunSummary,
        resolve: @escaping @Sendable (String, ConflictChoice) async throws -> Void
    ) {
        self.loadQueue = loadQueue
        self.run = run
        self.resolve = resolve
    }
}
