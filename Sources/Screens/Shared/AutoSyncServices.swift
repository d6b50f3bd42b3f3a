import TermUI

/// Automatic sync as a screen sees it (the browser, or a form opened on its own): the summary of
/// each run of the program's sync scheduler (`pending` being the queue after it), awaited one at a
/// time (nil once it has stopped for good); and the run's connectivity, change by change.
public struct AutoSyncServices: Sendable {
    public var next: @Sendable () async -> SyncRunSummary?
    /// The next change of whether the portal answers (true: online), awaited one at a time; nil
    /// once closed. Nil: the screen learns it only from its own loads.
    public var connectivity: (@Sendable () async -> Bool?)?

    public init(next: @escaping @Sendable () async -> SyncRunSummary?, connectivity: (@Sendable () async -> Bool?)? = nil) {
        self.next = next
        self.connectivity = connectivity
    }
}

extension AutoSyncServices {
    /// Every report of automatic sync until it stops, as messages: a subscription the runtime
    /// iterates (nothing to re-arm after each report).
    func reports<Message: Sendable>(_ message: @escaping @Sendable (SyncRunSummary) -> Message) -> Effect<Message> {
        let next = self.next
        return .subscription { emit in
            while let report = await next() { await emit(message(report)) }
        }
    }

    /// Every change of the run's connectivity until it ends, as messages; nil when the run tells
    /// none.
    func connectivityChanges<Message: Sendable>(_ message: @escaping @Sendable (Bool) -> Message) -> Effect<Message>? {
        guard let next = connectivity else { return nil }
        return .subscription { emit in
            while let online = await next() { await emit(message(online)) }
        }
    }
}
