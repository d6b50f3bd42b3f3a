import DDM
import Foundation
import GRDB

/// Queue rows, on a connection inside a transaction owned by the caller.
enum QueueSQL {
    static let openStates = "('dirty', 'sending', 'conflict', 'failed')"

    static func row(_ db: Database, _ queueId: String) throws -> Row? {
        try Cached.row(db, sql: "SELECT * FROM pending_write WHERE queueId = ?", arguments: [queueId])
    }

    static func item(_ db: Database, _ queueId: String, filesDirectory: URL, wasInterrupted: Bool = false) throws
        -> QueueItem?
    {
        guard let row = try row(db, queueId) else { return nil }
        return try item(db, from: row, filesDirectory: filesDirectory, wasInterrupted: wasInterrupted)
    }

    static func requireItem(_ db: Database, _ queueId: String, filesDirectory: URL) throws -> QueueItem {
        guard let item = try item(db, queueId, filesDirectory: filesDirectory) else {
            throw OfflineStoreError.unknownQueueItem(queueId)
        }
        return item
    }

    static func item(_ db: Database, from row: Row, filesDirectory: URL, wasInterrupted: Bool = false) throws
        -> QueueItem
    {
        let queueId: String = row["queueId"]
        let operationText: String = row["operation"]
        let stateText: String = row["state"]
        guard let operation = PendingOperation(rawValue: operationText), let state = QueueState(rawValue: stateText)
        else { throw OfflineStoreError.corruptValue("operation or state of pending write \(queueId)") }
        let entryCollection: String? = row["entryCollection"]
        let entryKey: String? = row["entryKey"]
        let localFile: String? = row["localFile"]
        let retryAt: Int64? = row["retryAt"]
        return QueueItem(
            queueId: queueId,
            sequence: row["sequence"],
            operation: operation,
            collection: row["collection"],
            subject: row["subject"],
            payload: try StoredJSON.decode(row["payload"], what: "payload of \(queueId)"),
            uuid: row["uuid"],
            state: state,
            attempts: row["attempts"],
            lastError: row["lastError"],
            retryAt: retryAt.map(Timestamps.date),
            portalValue: try StoredJSON.decodeOptional(row["portalValue"], what: "portal value of \(queueId)"),
            result: try StoredJSON.decodeOptional(row["result"], what: "result of \(queueId)"),
            linkedEntry: entryCollection.flatMap { c in entryKey.map { EntryAddress(collection: c, key: $0) } },
            fileURL: localFile.map { filesDirectory.appendingPathComponent($0) },
            dependsOn: try openDependencies(db, of: queueId),
            createdAt: Timestamps.date(row["createdAt"]),
            updatedAt: Timestamps.date(row["updatedAt"]),
            wasInterrupted: wasInterrupted,
            maybeDelivered: (row["maybeDelivered"] as Int64?).map { $0 != 0 } ?? false)
    }

    /// The uploads `queueId` still waits for.
    static func openDependencies(_ db: Database, of queueId: String) throws -> [String] {
        try Cached.strings(
            db,
            sql: """
                SELECT d.dependsOn FROM pending_dependency d JOIN pending_write w ON w.queueId = d.dependsOn
                WHERE d.queueId = ? AND w.state <> 'done' ORDER BY w.sequence
                """,
            arguments: [queueId])
    }

    /// Open items that wait for `queueId`.
    static func openDependents(_ db: Database, of queueId: String) throws -> [String] {
        try Cached.strings(
            db,
            sql: """
                SELECT d.queueId FROM pending_dependency d JOIN pending_write w ON w.queueId = d.queueId
                WHERE d.dependsOn = ? AND w.state IN \(openStates) ORDER BY w.sequence
                """,
            arguments: [queueId])
    }

    static func setPayload(_ db: Database, _ queueId: String, _ payload: JSONValue, now: Date) throws {
        try Cached.execute(
            db,
            sql: "UPDATE pending_write SET payload = ?, updatedAt = ? WHERE queueId = ?",
            arguments: [payload.serialized(), Timestamps.milliseconds(now), queueId])
    }

    /// Sets the linked entry's state to `dirty`/`conflict`, or to `clean` once no open write
    /// other than `excluding` shows through it.
    static func refreshLinkedEntry(
        _ db: Database, _ address: EntryAddress?, excluding queueId: String, preferred: SyncState
    ) throws {
        guard let address else { return }
        if preferred == .clean {
            let others = try otherOpenWrites(db, linkedTo: address, excluding: queueId)
            try EntrySQL.setState(db, address, others ? .dirty : .clean)
        } else {
            try EntrySQL.setState(db, address, preferred)
        }
    }

    /// Whether other open writes show through `address`.
    static func otherOpenWrites(_ db: Database, linkedTo address: EntryAddress, excluding queueId: String) throws
        -> Bool
    {
        let count = try Cached.int(
            db,
            sql: """
                SELECT COUNT(*) FROM pending_write WHERE entryCollection = ? AND entryKey = ?
                AND queueId <> ? AND state IN \(openStates)
                """,
            arguments: [address.collection, address.key, queueId]) ?? 0
        return count > 0
    }
}
