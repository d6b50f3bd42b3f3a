import DDM
import GRDB

extension PendingQueue {
    /// The write created with `uuid` (``PendingWrite/uuid``), in any state, or `nil`. A form knows
    /// the uuid of the write it is submitting before the queue has named it, so it can find it —
    /// to take it back out of the queue — while the submit is still running.
    public func item(uuid: String) throws -> QueueItem? {
        try database.pool.read { db in
            let queueId = try Cached.strings(
                db, sql: "SELECT queueId FROM pending_write WHERE uuid = ? ORDER BY sequence DESC LIMIT 1", arguments: [uuid]
            ).first
            return try queueId.flatMap { try QueueSQL.item(db, $0, filesDirectory: filesDirectory) }
        }
    }

    /// The values of each record's latest open update (record id → the queued `values`), for
    /// lists to show the edit waiting to be sent instead of the portal's old values.
    public func queuedRecordValues() throws -> [Int64: [String: JSONValue]] {
        let rows = try database.pool.read { db in
            try Cached.rows(
                db,
                sql: """
                    SELECT subject, payload FROM pending_write
                    WHERE subject LIKE 'record:%' AND operation = 'update-record' AND state IN \(QueueSQL.openStates)
                    ORDER BY sequence
                    """)
        }
        var values: [Int64: [String: JSONValue]] = [:]
        for row in rows {
            let subject: String = row["subject"]
            let text: String = row["payload"]
            guard let recordId = Int64(subject.dropFirst("record:".count)),
                let queued = (try? JSONValue.parse(text))?[PayloadKey.values]?.objectValue
            else { continue }
            values[recordId, default: [:]].merge(queued) { _, later in later }
        }
        return values
    }
}
