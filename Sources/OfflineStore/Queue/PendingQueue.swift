import DDM
import Foundation
import GRDB

/// The ordered queue of writes waiting for the portal. Every method is one transaction, so the
/// queue and the cached entries change together or not at all, also with several processes.
///
/// The sync engine drains it: ``claimReady(limit:now:ignoringBackoff:)`` (or ``attempt(_:using:now:)``
/// for one item), then for each item ``settle(_:result:sender:now:)``, which records the portal's
/// answer (``markDone(_:result:entryChanges:now:)``, ``markUnsent(_:error:retryAt:now:)``,
/// ``markFailed(_:error:retryAt:now:)`` or ``markConflict(_:portalValue:now:)``).
public struct PendingQueue: Sendable {
    /// The database holding the queue (and the entries it updates).
    public let database: CacheDatabase
    /// The backoff applied by ``settle(_:result:sender:now:)`` to writes that were not accepted.
    public var retryPolicy: WriteRetryPolicy
    /// A `sending` item older than this (10 minutes by default) is considered abandoned even if
    /// its process still runs; the sync engine renews the lease of the writes it is still sending.
    public var sendingLease: TimeInterval

    /// A queue on `database`; several values (and processes) may share one database.
    public init(database: CacheDatabase, retryPolicy: WriteRetryPolicy = WriteRetryPolicy(), sendingLease: TimeInterval = 600) {
        self.database = database
        self.retryPolicy = retryPolicy
        self.sendingLease = sendingLease
    }

    var filesDirectory: URL { database.location.filesDirectory }

    // MARK: - Queueing

    /// Queues `write` as `dirty`: copies its file (uploads) into the cache's `files/` folder,
    /// applies its local changes and marks its linked entry dirty, all in one transaction.
    @discardableResult
    public func enqueue(_ write: PendingWrite, now: Date = Date()) throws -> QueueItem {
        try insert(write, claiming: false, now: now).queued
    }

    /// Queues `write` as ``enqueue(_:now:)`` does and, in the same transaction, claims it when it
    /// is ready (as ``claim(_:now:)`` would): a submit that sends its write at once takes it before
    /// any automatic sync can (this process's, woken by the queue's change, or another process's),
    /// so the sync cannot leave the submit saying "queued" while the portal answers. `claimed` is
    /// nil when the write waits (for a write it depends on, or an earlier one of its record).
    public func enqueueClaiming(_ write: PendingWrite, now: Date = Date()) throws -> (queued: QueueItem, claimed: QueueItem?) {
        try insert(write, claiming: true, now: now)
    }

    private func insert(_ write: PendingWrite, claiming: Bool, now: Date) throws -> (queued: QueueItem, claimed: QueueItem?) {
        try Self.refuseSecrets(write.payload)
        let queueId = UUID().uuidString.lowercased()
        let subject = try write.subject ?? Self.subject(for: write, queueId: queueId)
        let localFile = try write.sourceFile.map { try copyForUpload($0, queueId: queueId) }
        do {
            return try database.pool.write { db in
                let (payload, waitsFor) = try resolveDependencies(
                    db, payload: .object(write.payload), explicit: write.dependsOn)
                let stamp = Timestamps.milliseconds(now)
                try Cached.execute(
                    db,
                    sql: """
                        INSERT INTO pending_write (queueId, operation, collection, subject, payload, uuid, state,
                            entryCollection, entryKey, localFile, createdAt, updatedAt)
                        VALUES (?, ?, ?, ?, ?, ?, 'dirty', ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        queueId, write.operation.rawValue, write.collection, subject, payload.serialized(),
                        write.uuid, write.linkedEntry?.collection, write.linkedEntry?.key, localFile, stamp, stamp,
                    ])
                for dependency in waitsFor {
                    try Cached.execute(
                        db,
                        sql: "INSERT INTO pending_dependency (queueId, dependsOn) VALUES (?, ?)",
                        arguments: [queueId, dependency])
                }
                try EntrySQL.apply(db, write.localChanges, storedAt: now)
                if let linked = write.linkedEntry { try EntrySQL.setState(db, linked, .dirty) }
                let queued = try QueueSQL.requireItem(db, queueId, filesDirectory: filesDirectory)
                guard claiming else { return (queued, nil) }
                let candidates = try readyCandidates(db, limit: Int.max, now: now, ignoringBackoff: true)
                try setAside(db, candidates.damaged, now: now)
                guard let candidate = candidates.ready.first(where: { $0.queueId == queueId }) else { return (queued, nil) }
                try markSending(db, queueId, now: now)
                let claimed = try QueueSQL.item(db, queueId, filesDirectory: filesDirectory, wasInterrupted: candidate.interrupted)
                return (queued, claimed)
            }
        } catch {
            if let localFile { try? FileManager.default.removeItem(at: filesDirectory.appendingPathComponent(localFile)) }
            throw error
        }
    }

    /// Replaces the payload of a write not sent yet (the user edited a queued record again), and
    /// applies `localChanges` with it. The item becomes `dirty`, ready at once.
    public func updatePayload(
        _ queueId: String, payload: [String: JSONValue], localChanges: [EntryChange] = [], now: Date = Date()
    ) throws {
        try Self.refuseSecrets(payload)
        try database.pool.write { db in
            let item = try QueueSQL.requireItem(db, queueId, filesDirectory: filesDirectory)
            guard item.state == .dirty || item.state == .failed else {
                throw OfflineStoreError.invalidState(queueId: queueId, state: item.state.rawValue, operation: "edit")
            }
            let (newPayload, waitsFor) = try resolveDependencies(db, payload: .object(payload), explicit: [])
            // Uploads the old payload referred to and the new one does not are no longer waited for.
            for dropped in Set(Placeholders.references(in: item.payload)).subtracting(waitsFor) {
                try Cached.execute(
                    db, sql: "DELETE FROM pending_dependency WHERE queueId = ? AND dependsOn = ?",
                    arguments: [queueId, dropped])
            }
            for dependency in waitsFor {
                try Cached.execute(
                    db,
                    sql: "INSERT OR IGNORE INTO pending_dependency (queueId, dependsOn) VALUES (?, ?)",
                    arguments: [queueId, dependency])
            }
            try QueueSQL.setPayload(db, queueId, newPayload, now: now)
            try Cached.execute(
                db,
                sql: "UPDATE pending_write SET state = 'dirty', retryAt = NULL WHERE queueId = ?", arguments: [queueId])
            try EntrySQL.apply(db, localChanges, storedAt: now)
            try QueueSQL.refreshLinkedEntry(db, item.linkedEntry, excluding: queueId, preferred: .dirty)
        }
    }

    // MARK: - Reading

    /// The item `queueId`, in any state, or `nil`.
    public func item(_ queueId: String) throws -> QueueItem? {
        try database.pool.read { db in try QueueSQL.item(db, queueId, filesDirectory: filesDirectory) }
    }

    /// Items in queue order, restricted to `states` (all open states by default). A row that
    /// cannot be read back (damaged) is listed as `failed`, with what is wrong as its error.
    public func items(in states: [QueueState] = QueueState.open, collection: String? = nil) throws -> [QueueItem] {
        try database.pool.read { db in
            let rows = try Cached.rows(
                db,
                sql: """
                    SELECT * FROM pending_write WHERE (state IN (SELECT value FROM json_each(?1))
                        OR (?3 AND state NOT IN ('dirty', 'sending', 'conflict', 'failed', 'done')))
                    AND (?2 IS NULL OR collection = ?2) ORDER BY sequence
                    """,
                arguments: [
                    JSONValue.array(states.map { .string($0.rawValue) }).serialized(), collection,
                    states.contains(.failed),
                ])
            return rows.compactMap { row in
                switch DamagedRows.read(row, db, filesDirectory: filesDirectory) {
                case .success(let item): return item
                case .failure(let damage):
                    return states.contains(.failed) ? DamagedRows.listedItem(row, damage: damage.what) : nil
                }
            }
        }
    }

    /// The items that could be sent now, in queue order, without claiming them: `dirty` (after its
    /// backoff), `failed` with a retry time that has passed, and `sending` abandoned by a dead
    /// process or older than ``sendingLease``; excluding items that wait for an upload, and items
    /// behind an earlier open write of the same subject (a conflict holds back only its own record).
    public func nextReady(limit: Int = Int.max, now: Date = Date(), ignoringBackoff: Bool = false) throws
        -> [QueueItem]
    {
        try database.pool.read { db in
            try readyCandidates(db, limit: limit, now: now, ignoringBackoff: ignoringBackoff).ready.map {
                try QueueSQL.item(db, $0.queueId, filesDirectory: filesDirectory, wasInterrupted: $0.interrupted)!
            }
        }
    }

    /// Whether a write is ready to send (as ``nextReady(limit:now:ignoringBackoff:)`` finds one),
    /// and whether any write is open at all, ready or not (one read).
    public func readiness(now: Date = Date()) throws -> (ready: Bool, open: Bool) {
        try database.pool.read { db in
            if try !readyCandidates(db, limit: 1, now: now, ignoringBackoff: false).ready.isEmpty { return (true, true) }
            let open = try Cached.int(db, sql: "SELECT EXISTS (SELECT 1 FROM pending_write WHERE state IN \(QueueSQL.openStates))") ?? 0
            return (false, open != 0)
        }
    }

    /// Atomically takes the ready items (see ``nextReady(limit:now:ignoringBackoff:)``) and marks
    /// them `sending`, durably, before any network call: two processes never claim the same item.
    public func claimReady(limit: Int = Int.max, now: Date = Date(), ignoringBackoff: Bool = false) throws
        -> [QueueItem]
    {
        try database.pool.write { db in
            let candidates = try readyCandidates(db, limit: limit, now: now, ignoringBackoff: ignoringBackoff)
            try setAside(db, candidates.damaged, now: now)
            return try candidates.ready.map { candidate in
                try markSending(db, candidate.queueId, now: now)
                return try QueueSQL.item(
                    db, candidate.queueId, filesDirectory: filesDirectory, wasInterrupted: candidate.interrupted)!
            }
        }
    }

    /// Claims `queueId` alone if it is ready (backoff ignored: the user asked); `nil` otherwise.
    public func claim(_ queueId: String, now: Date = Date()) throws -> QueueItem? {
        try database.pool.write { db in
            let candidates = try readyCandidates(db, limit: Int.max, now: now, ignoringBackoff: true)
            try setAside(db, candidates.damaged, now: now)
            guard let candidate = candidates.ready.first(where: { $0.queueId == queueId }) else { return nil }
            try markSending(db, queueId, now: now)
            return try QueueSQL.item(db, queueId, filesDirectory: filesDirectory, wasInterrupted: candidate.interrupted)
        }
    }

    /// Renews the lease of writes this process is still sending (see ``sendingLease``): a long
    /// sync round is not taken over by another process while it works through its claim.
    public func renewLease(_ queueIds: [String], now: Date = Date()) throws {
        guard !queueIds.isEmpty else { return }
        try database.pool.write { db in
            try Cached.execute(
                db,
                sql: """
                    UPDATE pending_write SET sendingSince = ? WHERE state = 'sending' AND sendingPid = ?
                    AND queueId IN (SELECT value FROM json_each(?))
                    """,
                arguments: [
                    Timestamps.milliseconds(now), PrivateFiles.currentProcessID,
                    JSONValue.array(queueIds.map { .string($0) }).serialized(),
                ])
        }
    }

    private func markSending(_ db: Database, _ queueId: String, now: Date) throws {
        try Cached.execute(
            db,
            sql: """
                UPDATE pending_write SET state = 'sending', attempts = attempts + 1, sendingPid = ?,
                    sendingSince = ?, updatedAt = ? WHERE queueId = ?
                """,
            arguments: [
                PrivateFiles.currentProcessID, Timestamps.milliseconds(now), Timestamps.milliseconds(now), queueId,
            ])
    }

    private struct Candidate {
        let queueId: String
        let interrupted: Bool
    }

    /// A row that would be ready but cannot be read back, and what is wrong with it.
    private struct Damaged {
        let sequence: Int64
        let damage: String
    }

    /// Sets damaged rows aside as `failed` for good (see ``DamagedRows``).
    private func setAside(_ db: Database, _ damaged: [Damaged], now: Date) throws {
        for row in damaged { try DamagedRows.setAside(db, sequence: row.sequence, damage: row.damage, now: now) }
    }

    private func readyCandidates(_ db: Database, limit: Int, now: Date, ignoringBackoff: Bool) throws
        -> (ready: [Candidate], damaged: [Damaged])
    {
        let waiting = Set(
            try Cached.strings(
                db,
                sql: """
                    SELECT DISTINCT d.queueId FROM pending_dependency d
                    JOIN pending_write w ON w.queueId = d.dependsOn WHERE w.state <> 'done'
                    """))
        let rows = try Cached.rows(
            db,
            sql: """
                SELECT sequence, queueId, subject, state, retryAt, sendingPid, sendingSince FROM pending_write
                WHERE state IN \(QueueSQL.openStates) ORDER BY sequence
                """)
        let nowStamp = Timestamps.milliseconds(now)
        var earlierSubjects = Set<String>()
        var ready: [Candidate] = []
        var damaged: [Damaged] = []
        for row in rows where ready.count < limit {
            let sequence: Int64 = row["sequence"]
            guard let queueId = DamagedRows.text(row, "queueId"), let subject = DamagedRows.text(row, "subject") else {
                damaged.append(Damaged(sequence: sequence, damage: "queueId or subject is missing or not text"))
                continue
            }
            let (isFirstOfSubject, _) = earlierSubjects.insert(subject)
            guard isFirstOfSubject, !waiting.contains(queueId) else { continue }
            let retryAt = DamagedRows.integer(row, "retryAt")
            let backoffOver = ignoringBackoff || (retryAt.map { $0 <= nowStamp } ?? true)
            let candidate: Candidate
            switch row["state"] as String {
            case QueueState.dirty.rawValue where backoffOver:
                candidate = Candidate(queueId: queueId, interrupted: false)
            case QueueState.failed.rawValue where retryAt != nil && backoffOver:
                candidate = Candidate(queueId: queueId, interrupted: false)
            case QueueState.sending.rawValue where isAbandoned(row, now: now):
                candidate = Candidate(queueId: queueId, interrupted: true)
            default:
                continue
            }
            // Only writes about to be sent are read in full: a damaged one is set aside, not sent.
            if let full = try QueueSQL.row(db, queueId),
                let damage = DamagedRows.damage(in: full, db, filesDirectory: filesDirectory)
            {
                damaged.append(Damaged(sequence: sequence, damage: damage))
            } else {
                ready.append(candidate)
            }
        }
        return (ready, damaged)
    }

    /// Whether a `sending` row was left by a process that died, or its lease has expired: it has
    /// been sending for longer than ``sendingLease`` (whether or not its pid still runs: the pid
    /// may have been reused, or the process hangs), or its `sendingSince` lies in the future by
    /// more than ``futureClaimAllowance`` (a clock set back, or a hand-edited row) — a claim from
    /// the future would otherwise never expire.
    func isAbandoned(_ row: Row, now: Date) -> Bool {
        let pid = Int32(clamping: DamagedRows.integer(row, "sendingPid") ?? 0)
        let since = DamagedRows.integer(row, "sendingSince") ?? 0
        let ownerGone = pid != PrivateFiles.currentProcessID && !PrivateFiles.processIsAlive(pid)
        let leaseOver = since <= Timestamps.milliseconds(now.addingTimeInterval(-sendingLease))
        let fromTheFuture = since > Timestamps.milliseconds(now.addingTimeInterval(Self.futureClaimAllowance))
        return ownerGone || leaseOver || fromTheFuture
    }

    /// How far in the future a claim's `sendingSince` may lie before it counts as expired: claims
    /// made by another process a moment after this one read the clock are legitimate.
    public static let futureClaimAllowance: TimeInterval = 60

    // MARK: - Helpers

    static func subject(for write: PendingWrite, queueId: String) throws -> String {
        switch write.operation {
        case .updateRecord:
            guard let recordId = write.payload[PayloadKey.recordId]?.int64Value else {
                throw OfflineStoreError.invalidWrite("update-record needs a recordId")
            }
            return "record:\(recordId)"
        case .delete:
            guard let fileEntryId = write.payload[PayloadKey.fileEntryId]?.int64Value else {
                throw OfflineStoreError.invalidWrite("delete needs a fileEntryId")
            }
            return "file-entry:\(fileEntryId)"
        case .upload:
            guard write.sourceFile != nil else { throw OfflineStoreError.invalidWrite("upload needs a file") }
            return "item:\(queueId)"
        case .addRecord, .addEntry, .withdrawAdd, .withdrawUpload:
            return "item:\(queueId)"
        case .updateEntry, .deleteEntry:
            guard let entryId = write.payload[PayloadKey.recordId]?.int64Value, let path = write.payload[PayloadKey.restContextPath]?.stringValue else {
                throw OfflineStoreError.invalidWrite("\(write.operation.rawValue) needs a recordId and a restContextPath")
            }
            return "object-entry:\(path):\(entryId)"
        }
    }

    /// Keeps a private copy (0600) of the file's content in `files/`: links are resolved and their
    /// target's bytes copied; anything but a regular file within the size limit is refused
    /// (``LocalUploadFile``), so nothing is queued that could never be delivered.
    private func copyForUpload(_ source: URL, queueId: String) throws -> String {
        let name = queueId + "-" + CacheLocation.safeComponent(source.lastPathComponent)
        let destination = filesDirectory.appendingPathComponent(name)
        try PrivateFiles.ensureFolder(filesDirectory)
        try LocalUploadFile.copy(source.path, to: destination)
        return name
    }

    /// The payload with the results of finished dependencies substituted, and the dependencies
    /// still to wait for (named by placeholders or listed explicitly). Unknown ids are errors.
    private func resolveDependencies(_ db: Database, payload: JSONValue, explicit: [String]) throws
        -> (payload: JSONValue, waitsFor: [String])
    {
        var payload = payload
        var waitsFor: [String] = []
        for dependency in Self.unique(explicit + Placeholders.references(in: payload)) {
            guard let target = try QueueSQL.item(db, dependency, filesDirectory: filesDirectory) else {
                throw OfflineStoreError.unknownQueueItem(dependency)
            }
            if target.state == .done, let result = target.result {
                payload = Placeholders.substitute(dependency, with: result, in: payload)
            } else {
                waitsFor.append(dependency)
            }
        }
        return (payload, waitsFor)
    }

    static func refuseSecrets(_ payload: [String: JSONValue]) throws {
        if let secret = payload.keys.first(where: { secretKeys.contains($0.lowercased()) }) {
            throw OfflineStoreError.invalidWrite("payload member \"\(secret)\": credentials are never stored")
        }
    }

    /// Top-level payload members refused by ``enqueue(_:now:)``: the cache holds no credentials.
    static let secretKeys: Set<String> = ["password", "passwd", "authorization", "credentials", "secret", "token"]

    static func unique(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}

extension PendingQueue {
    /// Applies a queued write's local changes later than its queueing (remote-first keeps them
    /// back until it knows the write stays queued), and links its entry, marking it dirty or in
    /// conflict as the item is.
    func attachLocalChanges(
        _ queueId: String, linkedEntry: EntryAddress?, changes: [EntryChange], now: Date = Date()
    ) throws {
        try database.pool.write { db in
            let item = try QueueSQL.requireItem(db, queueId, filesDirectory: filesDirectory)
            // Withdrawn meanwhile: the discarded values are not shown.
            guard item.state != .done, item.operation != .withdrawAdd else { return }
            try EntrySQL.apply(db, changes, storedAt: now)
            guard let linkedEntry else { return }
            try Cached.execute(
                db,
                sql: "UPDATE pending_write SET entryCollection = ?, entryKey = ? WHERE queueId = ?",
                arguments: [linkedEntry.collection, linkedEntry.key, queueId])
            try EntrySQL.setState(db, linkedEntry, item.state == .conflict ? .conflict : .dirty)
        }
    }
}

extension PendingQueue {
    /// Deletes files in `files/` that no pending write refers to and that are older than
    /// `minimumAge` (left by a crash between copying a file and queueing its upload; the age
    /// keeps a file another process is queueing right now). Returns how many were deleted.
    @discardableResult
    public func sweepOrphanFiles(minimumAge: TimeInterval = 3600, now: Date = Date()) throws -> Int {
        let referenced = Set(
            try database.pool.read { db in
                try Cached.strings(db, sql: "SELECT localFile FROM pending_write WHERE localFile IS NOT NULL")
            })
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: filesDirectory.path)) ?? []
        var deleted = 0
        for name in names where !referenced.contains(name) {
            let file = filesDirectory.appendingPathComponent(name)
            let modified = (try? manager.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? now
            guard now.timeIntervalSince(modified) >= minimumAge else { continue }
            if (try? manager.removeItem(at: file)) != nil { deleted += 1 }
        }
        return deleted
    }
}
