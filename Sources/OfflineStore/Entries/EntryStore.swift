import DDM
import Foundation
import GRDB

/// Cached values addressed by (collection, key). Every call is one transaction, awaited on GRDB's
/// own threads (it never blocks a task's thread; reads through ``CacheDatabase/read(_:)``, which
/// frees its reader without waiting for the task); values written by another process are visible
/// as soon as it commits.
public struct EntryStore: Sendable {
    /// The database holding the entries.
    public let database: CacheDatabase

    /// A store on `database`; cheap to create, safe to share.
    public init(database: CacheDatabase) {
        self.database = database
    }

    /// The entry at `address`, or `nil`.
    public func get(_ address: EntryAddress) async throws -> CacheEntry? {
        try await database.read { db in try EntrySQL.get(db, address) }
    }

    /// The entries of `keys` in `collection`, aligned with `keys` (`nil` where nothing is cached),
    /// read from one consistent snapshot.
    public func get(collection: String, keys: [String]) async throws -> [CacheEntry?] {
        try await database.read { db in
            try keys.map { try EntrySQL.get(db, EntryAddress(collection: collection, key: $0)) }
        }
    }

    /// Stores `value` at `address`, replacing what was there.
    public func put(
        _ address: EntryAddress, value: JSONValue, attributes: JSONValue = [:], state: SyncState = .clean,
        storedAt: Date = Date()
    ) async throws {
        try await database.pool.write { db in
            try EntrySQL.put(db, address, value: value, attributes: attributes, state: state, storedAt: storedAt)
        }
    }

    /// Stores a value fetched from the portal, unless the entry holds local changes (dirty or in
    /// conflict): those are never overwritten by a read. Returns whether it was stored.
    @discardableResult
    public func putFetched(
        _ address: EntryAddress, value: JSONValue, attributes: JSONValue = [:], storedAt: Date = Date()
    ) async throws -> Bool {
        try await putFetched(address, fetched: SourcedJSON(value), attributes: attributes, storedAt: storedAt)
    }

    /// ``putFetched(_:value:attributes:storedAt:)`` for a value with the text it was read from:
    /// the text is stored as it is, not serialised again.
    @discardableResult
    public func putFetched(
        _ address: EntryAddress, fetched: SourcedJSON, attributes: JSONValue = [:], storedAt: Date = Date()
    ) async throws -> Bool {
        return try await database.pool.write { db in
            try EntrySQL.putClean(db, address, value: fetched.value, text: fetched.text, attributes: attributes, storedAt: storedAt)
        }
    }

    /// ``putFetched(_:fetched:attributes:storedAt:)`` for several values in **one** transaction
    /// (pages fetched together: one commit instead of one each). Returns, in order, whether each
    /// was stored (false: the entry holds local changes).
    public func putFetched(
        _ values: [(address: EntryAddress, fetched: SourcedJSON)], attributes: JSONValue = [:], storedAt: Date = Date()
    ) async throws -> [Bool] {
        guard !values.isEmpty else { return [] }
        return try await database.pool.write { db in
            try values.map { address, fetched in
                try EntrySQL.putClean(db, address, value: fetched.value, text: fetched.text, attributes: attributes, storedAt: storedAt)
            }
        }
    }

    /// Applies several changes in one transaction.
    public func apply(_ changes: [EntryChange], storedAt: Date = Date()) async throws {
        try await database.pool.write { db in try EntrySQL.apply(db, changes, storedAt: storedAt) }
    }

    /// Changes only the sync state. Returns whether the entry exists.
    @discardableResult
    public func setState(_ address: EntryAddress, _ state: SyncState) async throws -> Bool {
        try await database.pool.write { db in
            try EntrySQL.setState(db, address, state)
            return db.changesCount > 0
        }
    }

    /// Removes one entry. Returns whether it existed.
    @discardableResult
    public func remove(_ address: EntryAddress) async throws -> Bool {
        try await database.pool.write { db in try EntrySQL.remove(db, address) }
    }

    /// Removes every entry of `collection`. Returns how many there were.
    @discardableResult
    public func removeCollection(_ collection: String) async throws -> Int {
        try await database.pool.write { db in try EntrySQL.removeCollection(db, collection) }
    }

    /// The keys of `collection` starting with `prefix`, in ascending (binary) order, after `after`
    /// when given (keyset paging), at most `limit`.
    public func keys(collection: String, prefix: String = "", after: String? = nil, limit: Int = Int.max) async throws
        -> [String]
    {
        // Every key starting with `prefix` sorts in [prefix, prefix + U+10FFFF): an index range scan.
        try await database.read { db in
            let keys = try Cached.strings(
                db,
                sql: """
                    SELECT key FROM entry
                    WHERE collection = ?1 AND key >= ?2 AND key < ?3 AND (?4 IS NULL OR key > ?4)
                    ORDER BY key LIMIT ?5
                    """,
                arguments: [collection, prefix, prefix + "\u{10FFFF}", after, max(0, limit)])
            return keys.filter { $0.hasPrefix(prefix) }
        }
    }

    /// Removes every entry of `collection` whose key starts with `prefix` (e.g. all pages of a
    /// list). Returns how many there were.
    @discardableResult
    public func removeKeys(collection: String, prefix: String) async throws -> Int {
        try await database.pool.write { db in
            try Cached.execute(
                db,
                sql: "DELETE FROM entry WHERE collection = ? AND key >= ? AND key < ? AND substr(key, 1, ?) = ?",
                arguments: [collection, prefix, prefix + "\u{10FFFF}", prefix.unicodeScalars.count, prefix])
            return db.changesCount
        }
    }

    /// The addresses of entries in `state`, optionally within one collection.
    public func addresses(in state: SyncState, collection: String? = nil) async throws -> [EntryAddress] {
        try await database.read { db in
            let rows = try Cached.rows(
                db,
                sql: """
                    SELECT collection, key FROM entry WHERE syncState = ? AND (?2 IS NULL OR collection = ?2)
                    ORDER BY collection, key
                    """,
                arguments: [state.rawValue, collection])
            return rows.map { EntryAddress(collection: $0["collection"], key: $0["key"]) }
        }
    }
}
