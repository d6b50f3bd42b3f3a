import DDM
import Foundation
import GRDB

/// The entry operations, on a connection inside a transaction owned by the caller.
enum EntrySQL {
    static func get(_ db: Database, _ address: EntryAddress) throws -> CacheEntry? {
        let row = try Cached.row(
            db,
            sql: "SELECT * FROM entry WHERE collection = ? AND key = ?",
            arguments: [address.collection, address.key])
        return try row.map(entry(from:))
    }

    /// The sync state of an entry, without decoding its value (nil: no such entry).
    static func syncState(_ db: Database, _ address: EntryAddress) throws -> SyncState? {
        let stateText = try Cached.row(
            db,
            sql: "SELECT syncState FROM entry WHERE collection = ? AND key = ?",
            arguments: [address.collection, address.key]
        ).map { (row: Row) -> String in row["syncState"] }
        guard let stateText else { return nil }
        guard let state = SyncState(rawValue: stateText) else {
            throw OfflineStoreError.corruptValue("sync state \(stateText) of \(address)")
        }
        return state
    }

    /// Stores `value`, as `text` when given (text that reads back as `value`, e.g. the portal's
    /// own), else serialised.
    ///
    /// `text` is bound as bytes and made TEXT by SQLite's `CAST`, which takes them as they are:
    /// a `String` made of them would check all their UTF-8 again (a record list page's text cost
    /// as much as parsing it), and ``JSONText`` is valid UTF-8 already (the parser checked it).
    static func put(
        _ db: Database, _ address: EntryAddress, value: @autoclosure () -> JSONValue, text: JSONText? = nil, attributes: JSONValue,
        state: SyncState, storedAt: Date
    ) throws {
        // Read only without text: a deferred value would be built for nothing.
        let stored = text.map { Data($0.utf8).databaseValue } ?? value().serialized().databaseValue
        try Cached.execute(
            db,
            sql: """
                INSERT INTO entry (collection, key, value, attributes, storedAt, syncState)
                VALUES (?, ?, CAST(? AS TEXT), ?, ?, ?)
                ON CONFLICT (collection, key) DO UPDATE SET
                    value = excluded.value, attributes = excluded.attributes,
                    storedAt = excluded.storedAt, syncState = excluded.syncState
                """,
            arguments: [
                address.collection, address.key, stored, attributes.serialized(),
                Timestamps.milliseconds(storedAt), state.rawValue,
            ])
    }

    /// Stores a value fetched from the portal, clean, unless the entry there holds local changes
    /// (its state is not `clean`): one statement, the state checked by the upsert itself. Returns
    /// whether it was stored.
    static func putClean(
        _ db: Database, _ address: EntryAddress, value: @autoclosure () -> JSONValue, text: JSONText? = nil, attributes: JSONValue,
        storedAt: Date
    ) throws -> Bool {
        let stored = text.map { Data($0.utf8).databaseValue } ?? value().serialized().databaseValue
        try Cached.execute(
            db,
            sql: """
                INSERT INTO entry (collection, key, value, attributes, storedAt, syncState)
                VALUES (?, ?, CAST(? AS TEXT), ?, ?, 'clean')
                ON CONFLICT (collection, key) DO UPDATE SET
                    value = excluded.value, attributes = excluded.attributes, storedAt = excluded.storedAt
                WHERE entry.syncState = 'clean'
                """,
            arguments: [address.collection, address.key, stored, attributes.serialized(), Timestamps.milliseconds(storedAt)])
        return db.changesCount > 0
    }

    @discardableResult
    static func remove(_ db: Database, _ address: EntryAddress) throws -> Bool {
        try Cached.execute(
            db,
            sql: "DELETE FROM entry WHERE collection = ? AND key = ?", arguments: [address.collection, address.key])
        return db.changesCount > 0
    }

    @discardableResult
    static func removeCollection(_ db: Database, _ collection: String) throws -> Int {
        try Cached.execute(db, sql: "DELETE FROM entry WHERE collection = ?", arguments: [collection])
        return db.changesCount
    }

    static func setState(_ db: Database, _ address: EntryAddress, _ state: SyncState) throws {
        try Cached.execute(
            db,
            sql: "UPDATE entry SET syncState = ? WHERE collection = ? AND key = ?",
            arguments: [state.rawValue, address.collection, address.key])
    }

    static func apply(_ db: Database, _ changes: [EntryChange], storedAt: Date) throws {
        for change in changes {
            switch change {
            case .put(let address, let value, let attributes, let state):
                try put(db, address, value: value, attributes: attributes, state: state, storedAt: storedAt)
            case .remove(let address):
                try remove(db, address)
            case .removeCollection(let collection):
                try removeCollection(db, collection)
            }
        }
    }

    static func entry(from row: Row) throws -> CacheEntry {
        let address = EntryAddress(collection: row["collection"], key: row["key"])
        let stateText: String = row["syncState"]
        guard let state = SyncState(rawValue: stateText) else {
            throw OfflineStoreError.corruptValue("sync state \(stateText) of \(address)")
        }
        return CacheEntry(
            address: address,
            value: try StoredJSON.decode(row["value"], what: "value of \(address)"),
            attributes: try StoredJSON.decode(row["attributes"], what: "attributes of \(address)"),
            storedAt: Timestamps.date(row["storedAt"]),
            syncState: state)
    }
}

/// JSON values are stored as JSON text: serialised (keys sorted), or the text the portal sent
/// (``JSONText``, keys in its order). Either reads back as the value stored.
enum StoredJSON {
    static func decode(_ text: String, what: String) throws -> JSONValue {
        do {
            return try JSONValue.parse(text)
        } catch {
            throw OfflineStoreError.corruptValue("\(what): \(error)")
        }
    }

    static func decodeOptional(_ text: String?, what: String) throws -> JSONValue? {
        guard let text else { return nil }
        return try decode(text, what: what)
    }
}
