import DDM
import GRDB

/// One line of `termlets pending`, in the contract's shape.
public struct PendingListingEntry: Sendable, Equatable {
    public let queueId: String
    public let operation: PendingOperation
    /// `dirty`, `conflict` or `failed`: a write being sent right now is shown as `dirty`, since it
    /// has not reached the portal yet as far as anyone knows.
    public let state: QueueState
    public let recordSetId: JSONValue
    public let recordId: JSONValue
    public let values: JSONValue
    public let error: String?
    /// The object definition an Objects write is for (`nil` for records and files).
    public var object: String? = nil
    /// What a `withdraw-add` or `withdraw-upload` tombstone is, in words (``QueueItem/withdrawalSummary``); `nil` for others.
    public let summary: String?

    /// `{"queueId", "operation", "state", "recordSetId", "recordId", "values", "error"}`, with
    /// `null` for keys that do not apply, and `"object"` for an Objects write.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "queueId": .string(queueId), "operation": .string(operation.rawValue), "state": .string(state.rawValue),
            "recordSetId": recordSetId, "recordId": recordId, "values": values, "error": JSONValue(error),
        ]
        if let object { members["object"] = .string(object) }
        return .object(members)
    }
}

extension PendingQueue {
    /// The open writes, in queue order, for `termlets pending`.
    public func listing() throws -> [PendingListingEntry] {
        try items().map { item in
            PendingListingEntry(
                queueId: item.queueId,
                operation: item.operation,
                state: item.state == .sending ? .dirty : item.state,
                recordSetId: item.payload[PayloadKey.recordSetId] ?? .null,
                recordId: item.payload[PayloadKey.recordId] ?? item.payload[WithdrawKey.createdRecordId] ?? .null,
                values: item.payload[PayloadKey.values] ?? .null,
                error: item.lastError,
                object: item.operation.isObjectEntry ? item.payload[PayloadKey.object]?.stringValue : nil,
                summary: item.withdrawalSummary)
        }
    }

    /// The listing as one JSON array (`termlets pending --format json`).
    public func listingJSON() throws -> JSONValue {
        .array(try listing().map(\.json))
    }

    /// How many writes are still open (not done), in `collection` or in all.
    public func pendingCount(collection: String? = nil) throws -> Int {
        try database.pool.read { db in
            try Cached.int(
                db,
                sql: "SELECT COUNT(*) FROM pending_write WHERE state IN \(QueueSQL.openStates) AND (?1 IS NULL OR collection = ?1)",
                arguments: [collection]) ?? 0
        }
    }

    /// Open writes per collection.
    public func pendingCountsByCollection() throws -> [String: Int] {
        try database.pool.read { db in
            let rows = try Cached.rows(
                db,
                sql: """
                    SELECT collection, COUNT(*) AS n FROM pending_write WHERE state IN \(QueueSQL.openStates)
                    GROUP BY collection
                    """)
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["collection"], $0["n"]) })
        }
    }

    /// Open writes per state (`sending` counted apart), for progress and `termlets sync`.
    public func countsByState() throws -> [QueueState: Int] {
        try database.pool.read { db in
            let rows = try Cached.rows(db, sql: "SELECT state, COUNT(*) AS n FROM pending_write GROUP BY state")
            var counts: [QueueState: Int] = [:]
            for row in rows {
                if let state = QueueState(rawValue: row["state"]) { counts[state] = row["n"] }
            }
            return counts
        }
    }
}

extension PendingQueue {
    /// The records that have open writes, with the state to show: `conflict` before `failed`
    /// before `dirty` (a write being sent counts as dirty). Lists use it to mark such rows.
    public func recordsWithPendingWrites() throws -> [Int64: QueueState] {
        let rows = try database.pool.read { db in
            try Cached.rows(
                db,
                sql: """
                    SELECT subject, state FROM pending_write
                    WHERE subject LIKE 'record:%' AND state IN \(QueueSQL.openStates)
                    """)
        }
        let severity: [QueueState: Int] = [.dirty: 0, .sending: 0, .failed: 1, .conflict: 2]
        var marks: [Int64: QueueState] = [:]
        for row in rows {
            let subject: String = row["subject"]
            guard let recordId = Int64(subject.dropFirst("record:".count)),
                let state = QueueState(rawValue: row["state"])
            else { continue }
            let shown = state == .sending ? .dirty : state
            if let current = marks[recordId], severity[current, default: 0] >= severity[shown, default: 0] { continue }
            marks[recordId] = shown
        }
        return marks
    }
}
