import Foundation

/// What can go wrong in the offline store itself (not on the portal).
public enum OfflineStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file-system operation failed (creating folders, locking, copying an upload).
    case io(String)
    /// A stored JSON text could not be parsed: the database was edited or damaged.
    case corruptValue(String)
    /// `cache-only`, or a fallback to the cache, found nothing under this address.
    case notCached(collection: String, key: String)
    /// A policy string that is none of the known ones.
    case unknownPolicy(String, expected: [String])
    /// No queue item has this id.
    case unknownQueueItem(String)
    /// The queue item is in a state that does not allow this operation.
    case invalidState(queueId: String, state: String, operation: String)
    /// The item cannot be discarded: other queued items wait for it.
    case hasDependents(queueId: String, dependents: [String])
    /// The write request is incomplete or inconsistent.
    case invalidWrite(String)
    /// The database file exists but cannot be opened or migrated (damaged, not a database,
    /// written by a newer Termlets, unreadable).
    case unusableDatabase(path: String, reason: String)

    public var description: String {
        switch self {
        case .io(let message): return message
        case .corruptValue(let message): return "damaged cache value: \(message)"
        case .notCached(let collection, let key): return "nothing cached for \(collection) / \(key)"
        case .unknownPolicy(let text, let expected):
            return "unknown offline policy \"\(text)\"; expected one of: \(expected.joined(separator: ", "))"
        case .unknownQueueItem(let id): return "no pending write \(id)"
        case .invalidState(let id, let state, let operation): return "cannot \(operation) pending write \(id) in state \(state)"
        case .hasDependents(let id, let dependents):
            return "pending write \(id) is needed by \(dependents.joined(separator: ", "))"
        case .invalidWrite(let message): return "invalid pending write: \(message)"
        case .unusableDatabase(let path, let reason):
            return "cannot use the offline cache \(path): \(reason) (move it aside to start with an empty cache)"
        }
    }
}
