import TermUI

/// Automatic sync as a screen sees it (the browser, or a form opened on its own): the summary of
/// each run of the program's sync scheduler (`pending` being the queue after it), in order, ending
/// when it has stopped for good; and the run's connectivity, change by change. Each stream has one
/// reader: the screen that subscribes to it.
public struct AutoSyncServices: Sendable {
    public var reports: AsyncStream<SyncRunSummary>
    /// Whether the portal answers (true: online), change by change; ends when closed. Nil: the
    /// screen learns it only from its own loads.
    public var connectivity: AsyncStream<Bool>?
    /// The queue's open writes now: read after the screen queued one, so the status line says the
    /// queue's count rather than adding one to what it said (a sync report may have counted the
    /// write already). Nil: the screen adds one.
    public var pendingCount: (@Sendable () -> Int?)?

    public init(reports: AsyncStream<SyncRunSummary>, connectivity: AsyncStream<Bool>? = nil,
                pendingCount: (@Sendable () -> Int?)? = nil) {
        self.reports = reports
        self.connectivity = connectivity
        self.pendingCount = pendingCount
    }
}

extension AutoSyncServices {
    /// Every report of automatic sync until it stops, as messages: a subscription the runtime
    /// iterates.
    func reports<Message: Sendable>(_ message: @escaping @Sendable (SyncRunSummary) -> Message) -> Effect<Message> {
        let reports = self.reports
        return .subscription { emit in
            for await report in reports { await emit(message(report)) }
        }
    }

    /// Every change of the run's connectivity until it ends, as messages; nil when the run tells
    /// none.
    func connectivityChanges<Message: Sendable>(_ message: @escaping @Sendable (Bool) -> Message) -> Effect<Message>? {
        guard let changes = connectivity else { return nil }
        return .subscription { emit in
            for await online in changes { await emit(message(online)) }
        }
    }
}
