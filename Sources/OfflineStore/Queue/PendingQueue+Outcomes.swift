import DDM
import Foundation
import GRDB

/// What the user decided about a conflict.
public enum ConflictResolution: Sendable, Equatable {
    /// Send mine anyway: the write goes back to `dirty`, based on the portal's current
    /// `modifiedDate`, so the next attempt overwrites the portal's version.
    case keepMine
    /// Take the portal's version: the write is dropped and the linked entry stores the portal's
    /// value, clean.
    case takePortal
    /// Decide later: the write stays in `conflict`; other records' writes go on.
    case later
}

extension PendingQueue {
    /// Records that the portal accepted `queueId` with `result` (recordId, modifiedDate, file
    /// entry…), in **one transaction** with the cache: `entryChanges` are applied, the linked entry
    /// becomes clean (unless other writes still show through it), placeholders for this upload in
    /// waiting writes are replaced by `result`, and later writes of the same record are rebased on
    /// the new `modifiedDate`. Recording the same item done twice changes nothing.
    public func markDone(
        _ queueId: String, result: JSONValue, entryChanges: [EntryChange] = [], now: Date = Date()
    ) throws {
        let fileToDelete = try database.pool.write { db in
            try recordDone(db, queueId, result: result, entryChanges: entryChanges, now: now)
        }
        if let fileToDelete { try? FileManager.default.removeItem(at: fileToDelete) }
    }

    /// ``markDone(_:result:entryChanges:now:)`` inside the caller's transaction; returns the
    /// upload copy to delete once committed.
    func recordDone(
        _ db: Database, _ queueId: String, result: JSONValue, entryChanges: [EntryChange], now: Date
    ) throws -> URL? {
        let item = try QueueSQL.requireItem(db, queueId, filesDirectory: filesDirectory)
        guard item.state != .done else { return nil }
        try Cached.execute(
            db,
            sql: """
                UPDATE pending_write SET state = 'done', result = ?, lastError = NULL, retryAt = NULL,
                    portalValue = NULL, localFile = NULL, updatedAt = ? WHERE queueId = ?
                """,
            arguments: [result.serialized(), Timestamps.milliseconds(now), queueId])
        for dependent in try QueueSQL.openDependents(db, of: queueId) {
            // A damaged dependent is set aside when claimed; it must not fail this answer's recording.
            guard let waiting = try? QueueSQL.requireItem(db, dependent, filesDirectory: filesDirectory) else { continue }
            let payload = Placeholders.substitute(queueId, with: result, in: waiting.payload)
            try QueueSQL.setPayload(db, dependent, payload, now: now)
        }
        try Cached.execute(db, sql: "DELETE FROM pending_dependency WHERE dependsOn = ?", arguments: [queueId])
        if let modifiedDate = result[PayloadKey.modifiedDate], item.operation == .updateRecord {
            try rebase(db, laterThan: item, on: modifiedDate, now: now)
        }
        try EntrySQL.apply(db, entryChanges, storedAt: now)
        try QueueSQL.refreshLinkedEntry(db, item.linkedEntry, excluding: queueId, preferred: .clean)
        return item.fileURL
    }

    /// Records that `queueId` did not reach the portal (it was unreachable): back to `dirty`,
    /// with the error shown in `pending` and no new attempt before `retryAt`.
    public func markUnsent(_ queueId: String, error: String, retryAt: Date?, now: Date = Date()) throws {
        try setOutcome(queueId, state: .dirty, error: error, retryAt: retryAt, now: now)
    }

    /// Records that the portal refused `queueId`: `failed`, with the error; retried after
    /// `retryAt`, or only when the user asks (``retry(_:now:)``) when `retryAt` is `nil`.
    public func markFailed(_ queueId: String, error: String, retryAt: Date?, now: Date = Date()) throws {
        try setOutcome(queueId, state: .failed, error: error, retryAt: retryAt, now: now)
    }

    /// Records that the portal's record changed since the user's edit: `conflict`, keeping the
    /// portal's current value (in the linked entry's shape, with its `modifiedDate`) for the
    /// user to compare. The linked entry is marked `conflict`.
    public func markConflict(_ queueId: String, portalValue: JSONValue, now: Date = Date()) throws {
        try database.pool.write { db in try recordConflict(db, queueId, portalValue: portalValue, now: now) }
    }

    func recordConflict(_ db: Database, _ queueId: String, portalValue: JSONValue, now: Date) throws {
        let item = try requireOpen(db, queueId, operation: "mark in conflict")
        try Cached.execute(
            db,
            sql: """
                UPDATE pending_write SET state = 'conflict', portalValue = ?, retryAt = NULL,
                    lastError = 'the record was changed on the portal', updatedAt = ? WHERE queueId = ?
                """,
            arguments: [portalValue.serialized(), Timestamps.milliseconds(now), queueId])
        try QueueSQL.refreshLinkedEntry(db, item.linkedEntry, excluding: queueId, preferred: .conflict)
    }

    /// Applies the user's choice for a write in `conflict` (see ``ConflictResolution``).
    public func resolveConflict(_ queueId: String, _ resolution: ConflictResolution, now: Date = Date()) throws {
        let fileToDelete: URL? = try database.pool.write { db in
            let item = try QueueSQL.requireItem(db, queueId, filesDirectory: filesDirectory)
            guard item.state == .conflict else {
                throw OfflineStoreError.invalidState(
                    queueId: queueId, state: item.state.rawValue, operation: "resolve a conflict of")
            }
            let stamp = Timestamps.milliseconds(now)
            switch resolution {
            case .keepMine:
                var payload = item.payload.objectValue ?? [:]
                if let modifiedDate = item.portalValue?[PayloadKey.modifiedDate] {
                    payload[PayloadKey.baseModifiedDate] = modifiedDate
                }
                try QueueSQL.setPayload(db, queueId, .object(payload), now: now)
                try Cached.execute(
                    db,
                    sql: """
                        UPDATE pending_write SET state = 'dirty', retryAt = NULL, lastError = NULL,
                            portalValue = NULL, updatedAt = ? WHERE queueId = ?
                        """,
                    arguments: [stamp, queueId])
                try QueueSQL.refreshLinkedEntry(db, item.linkedEntry, excluding: queueId, preferred: .dirty)
                return nil
            case .takePortal:
                if let linked = item.linkedEntry, let portalValue = item.portalValue {
                    let others = try QueueSQL.otherOpenWrites(db, linkedTo: linked, excluding: queueId)
                    let attributes = try EntrySQL.get(db, linked)?.attributes ?? [:]
                    try EntrySQL.put(
                        db, linked, value: portalValue, attributes: attributes, state: others ? .dirty : .clean,
                        storedAt: now)
                }
                try Cached.execute(db, sql: "DELETE FROM pending_write WHERE queueId = ?", arguments: [queueId])
                return item.fileURL
            case .later:
                try Cached.execute(
                    db,
                    sql: "UPDATE pending_write SET updatedAt = ? WHERE queueId = ?", arguments: [stamp, queueId])
                return nil
            }
        }
        if let fileToDelete { try? FileManager.default.removeItem(at: fileToDelete) }
    }

    /// Makes a `failed` (or backed-off `dirty`) write ready at once.
    public func retry(_ queueId: String, now: Date = Date()) throws {
        try database.pool.write { db in
            let item = try QueueSQL.requireItem(db, queueId, filesDirectory: filesDirectory)
            guard item.state == .failed || item.state == .dirty else {
                throw OfflineStoreError.invalidState(queueId: queueId, state: item.state.rawValue, operation: "retry")
            }
            try Cached.execute(
                db,
                sql: "UPDATE pending_write SET state = 'dirty', retryAt = NULL, updatedAt = ? WHERE queueId = ?",
                arguments: [Timestamps.milliseconds(now), queueId])
        }
    }

    /// Drops a write the user no longer wants (never one being sent by a live process, nor an
    /// upload another write waits for). Its linked entry, holding only this local change, is
    /// removed so the next load shows the portal's version.
    public func discard(_ queueId: String, now: Date = Date()) throws {
        let fileToDelete: URL? = try database.pool.write { db in
            let item = try QueueSQL.requireItem(db, queueId, filesDirectory: filesDirectory)
            if item.state == .sending, let row = try QueueSQL.row(db, queueId), !isAbandoned(row, now: now) {
                throw OfflineStoreError.invalidState(queueId: queueId, state: item.state.rawValue, operation: "discard")
            }
            let dependents = try QueueSQL.openDependents(db, of: queueId)
            guard dependents.isEmpty else { throw OfflineStoreError.hasDependents(queueId: queueId, dependents: dependents) }
            try Cached.execute(db, sql: "DELETE FROM pending_write WHERE queueId = ?", arguments: [queueId])
            if item.state != .done, let linked = item.linkedEntry,
                try !QueueSQL.otherOpenWrites(db, linkedTo: linked, excluding: queueId),
                let state = try EntrySQL.syncState(db, linked), state != .clean
            {
                try EntrySQL.remove(db, linked)
            }
            return item.fileURL
        }
        if let fileToDelete { try? FileManager.default.removeItem(at: fileToDelete) }
    }

    /// Deletes the items that are `done`. Returns how many.
    @discardableResult
    public func purgeDone() throws -> Int {
        try database.pool.write { db in
            try Cached.execute(db, sql: "DELETE FROM pending_write WHERE state = 'done'")
            return db.changesCount
        }
    }

    // MARK: - Private

    private func setOutcome(_ queueId: String, state: QueueState, error: String, retryAt: Date?, now: Date) throws {
        try database.pool.write { db in
            try recordOutcome(db, queueId, state: state, error: error, retryAt: retryAt, now: now)
        }
    }

    func recordOutcome(
        _ db: Database, _ queueId: String, state: QueueState, error: String, retryAt: Date?, now: Date
    ) throws {
        _ = try requireOpen(db, queueId, operation: "record the outcome of")
        try Cached.execute(
            db,
            sql: "UPDATE pending_write SET state = ?, lastError = ?, retryAt = ?, updatedAt = ? WHERE queueId = ?",
            arguments: [
                state.rawValue, error, retryAt.map(Timestamps.milliseconds), Timestamps.milliseconds(now), queueId,
            ])
    }

    private func requireOpen(_ db: Database, _ queueId: String, operation: String) throws -> QueueItem {
        let item = try QueueSQL.requireItem(db, queueId, filesDirectory: filesDirectory)
        guard item.state != .done else {
            throw OfflineStoreError.invalidState(queueId: queueId, state: item.state.rawValue, operation: operation)
        }
        return item
    }

    /// Later open writes of the same record were edited on the version before `item`; once
    /// `item` is accepted they are based on the portal's new `modifiedDate`, not in conflict with it.
    private func rebase(_ db: Database, laterThan item: QueueItem, on modifiedDate: JSONValue, now: Date) throws {
        let later = try Cached.rows(
            db,
            sql: """
                SELECT queueId, payload FROM pending_write WHERE subject = ? AND sequence > ?
                AND state IN \(QueueSQL.openStates)
                """,
            arguments: [item.subject, item.sequence])
        for row in later {
            let queueId: String = row["queueId"]
            // A damaged later write is set aside when claimed; it must not fail this answer's recording.
            guard let text = DamagedRows.text(row, "payload"), let stored = try? JSONValue.parse(text),
                var payload = stored.objectValue
            else { continue }
            payload[PayloadKey.baseModifiedDate] = modifiedDate
            try QueueSQL.setPayload(db, queueId, .object(payload), now: now)
        }
    }
}
