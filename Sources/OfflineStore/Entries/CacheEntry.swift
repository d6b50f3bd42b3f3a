import DDM
import Foundation

/// Where an entry lives: a collection (a screenlet or entity name, e.g. `DDLList`) and a key
/// within it (see ``CacheKey``).
public struct EntryAddress: Sendable, Hashable, CustomStringConvertible {
    public let collection: String
    public let key: String

    public init(collection: String, key: String) {
        self.collection = collection
        self.key = key
    }

    public var description: String { "\(collection)/\(key)" }
}

/// Whether an entry matches the portal.
public enum SyncState: String, Sendable, CaseIterable {
    /// As the portal last sent it, or as the portal accepted it.
    case clean
    /// Changed locally; a pending write will send it.
    case dirty
    /// Changed locally and on the portal since; the user must choose.
    case conflict
}

/// One cached value, with its metadata.
public struct CacheEntry: Sendable, Equatable {
    /// Where it is stored.
    public let address: EntryAddress
    /// The value, usually the portal's raw JSON (a page of rows, a record, a structure).
    public let value: JSONValue
    /// Free-form metadata about the value (e.g. the row count of a list, the user filter).
    public let attributes: JSONValue
    /// When the value was stored, to the millisecond.
    public let storedAt: Date
    /// Whether it matches the portal.
    public let syncState: SyncState

    public init(address: EntryAddress, value: JSONValue, attributes: JSONValue, storedAt: Date, syncState: SyncState) {
        self.address = address
        self.value = value
        self.attributes = attributes
        self.storedAt = storedAt
        self.syncState = syncState
    }
}

/// A change to the entries, applied inside another operation's transaction (queueing a write,
/// recording the portal's answer, resolving a conflict) so that both happen or neither.
public enum EntryChange: Sendable, Equatable {
    case put(EntryAddress, value: JSONValue, attributes: JSONValue = [:], state: SyncState = .clean)
    case remove(EntryAddress)
    case removeCollection(String)
}
