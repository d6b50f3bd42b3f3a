import DDM
import Foundation
import OfflineStore
import PortalClient

/// How a ``SyncEngine`` sends writes.
public struct SyncConfiguration: Sendable {
    /// Commands per `/invoke` request for record adds, updates, look-ups and deletes.
    public var batchSize: Int
    /// The site used when a write's payload has no `groupId`; 0: the session's.
    public var groupId: Int64
    /// The locale of record look-ups (conflict checks).
    public var locale: String
    /// Records scanned, newest first, to find an interrupted add by its uuid.
    public var lookupLimit: Int
    /// Records per page of that scan (pages of one scan go in one request).
    public var lookupPageSize: Int
    /// Workflow action of record adds and updates whose payload names none
    /// (``PayloadKey/workflowAction``, `"publish"` or `"draft"`, always wins); publish by default.
    public var workflowAction: WorkflowAction
    /// Makes writes held back by a backoff ready at once (a user's explicit sync); the scheduler
    /// leaves the backoff alone.
    public var retryBackedOff: Bool
    /// Cache changes to apply with each accepted write (the same as the submit path's sender).
    public var entryChanges: @Sendable (QueueItem, JSONValue) -> [EntryChange]

    /// A configuration; the defaults send 50 commands per request.
    public init(
        batchSize: Int = 50, groupId: Int64 = 0, locale: String = "en_US", lookupLimit: Int = 2000,
        lookupPageSize: Int = 500, workflowAction: WorkflowAction = .publish, retryBackedOff: Bool = true,
        entryChanges: @escaping @Sendable (QueueItem, JSONValue) -> [EntryChange] = { _, _ in [] }
    ) {
        self.batchSize = max(1, batchSize)
        self.groupId = groupId
        self.locale = locale
        self.lookupLimit = max(0, lookupLimit)
        self.lookupPageSize = max(1, lookupPageSize)
        self.workflowAction = workflowAction
        self.retryBackedOff = retryBackedOff
        self.entryChanges = entryChanges
    }
}
