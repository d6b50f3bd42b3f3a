/// Automatic sync as a screen sees it (the browser, or a form opened on its own): the summary of
/// each run of the program's sync scheduler (`pending` being the queue after it), awaited one at a
/// time (nil once it has stopped for good).
public struct AutoSyncServices: Sendable {
    public var next: @Sendable () async -> SyncRunSummary?

    public init(next: @escaping @Sendable () async -> SyncRunSummary?) {
        self.next = next
    }
}
