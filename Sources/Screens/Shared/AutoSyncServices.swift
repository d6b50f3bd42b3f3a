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
