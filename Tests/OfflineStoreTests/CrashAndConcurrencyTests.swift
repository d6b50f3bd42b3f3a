import DDM
import Foundation
import GRDB
import Testing

@testable import OfflineStore

@Suite("Crash safety and concurrency")
struct CrashAndConcurrencyTests {
    @Test func aWriteLeftSendingByACrashIsRetriedWithTheSameUUID() async throws {
        let folder = try TemporaryFolder()
        let start = Date()
        let queueId: String
        let uuid: String
        do {
            // First run: queued, claimed, then the process "dies" before the portal's answer is recorded.
            let database = try folder.openDatabase()
            let queue = PendingQueue(database: database)
            let item = try queue.enqueue(addRecord(values: ["name": "Ada"]), now: start)
            let claimed = try queue.claimReady(now: start)
            #expect(claimed.map(\.state) == [.sending])
            (queueId, uuid) = (item.queueId, item.uuid)
            try database.close()
        }
        // Second run, on a new pool: the item is still there, still sending.
        let database = try folder.openDatabase()
        let queue = PendingQueue(database: database, sendingLease: 600)
        #expect(try queue.item(queueId)?.state == .sending)
        #expect(try queue.pendingCount() == 1)
        // Its owner (this very process) is alive and the lease is fresh: it is not taken twice…
        #expect(try queue.claimReady(now: start.addingTimeInterval(1)).isEmpty)
        // …but once the lease has run out it is retried, flagged, with the same uuid.
        let later = start.addingTimeInterval(601)
        let retried = try queue.claimReady(now: later)
        #expect(retried.map(\.queueId) == [queueId])
        #expect(retried.first?.uuid == uuid && retried.first?.wasInterrupted == true && retried.first?.attempts == 2)
        let log = CallLog()
        try queue.settle(retried[0], result: .success(["recordId": 900]), sender: acceptingSender(log), now: later)
        #expect(try queue.pendingCount() == 0)
    }

    @Test func aWriteLeftSendingByADeadProcessIsRetriedAtOnce() throws {
        let folder = try TemporaryFolder()
        let database = try folder.openDatabase()
        let queue = PendingQueue(database: database)
        let item = try queue.enqueue(updateRecord(42))
        _ = try queue.claim(item.queueId)

        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/sh")
        finished.arguments = ["-c", "exit 0"]
        try finished.run()
        finished.waitUntilExit()
        let deadPid = finished.processIdentifier
        try database.pool.write { db in
            try db.execute(sql: "UPDATE pending_write SET sendingPid = ?", arguments: [deadPid])
        }
        let retried = try queue.claimReady()
        #expect(retried.map(\.queueId) == [item.queueId])
        #expect(retried.first?.wasInterrupted == true && retried.first?.uuid == item.uuid)
    }

    @Test func twoPoolsWritingAtOnceLoseNothing() async throws {
        let folder = try TemporaryFolder()
        let first = PendingQueue(database: try folder.openDatabase())
        let second = PendingQueue(database: try folder.openDatabase())
        let perWriter = 500

        let inserted = try await withThrowingTaskGroup(of: [String].self) { group in
            for (name, queue) in [("a", first), ("b", second)] {
                group.addTask {
                    var ids: [String] = []
                    for index in 0..<perWriter {
                        let write = PendingWrite.addRecord(recordSetId: 1, groupId: 20, values: ["writer": .string(name), "index": .int(Int64(index))])
                        ids.append(try queue.enqueue(write).queueId)
                    }
                    return ids
                }
            }
            return try await group.reduce(into: [[String]]()) { $0.append($1) }
        }

        let all = try first.items()
        #expect(all.count == 2 * perWriter)
        #expect(Set(all.map(\.queueId)) == Set(inserted.flatMap { $0 }))
        #expect(Set(all.map(\.sequence)).count == all.count)
        // Each writer's items keep the order it queued them in.
        for ids in inserted {
            let sequences = ids.map { id in all.first { $0.queueId == id }!.sequence }
            #expect(sequences == sequences.sorted())
        }
        #expect(try second.pendingCount() == 2 * perWriter)
        let integrity = try await first.database.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == "ok")
    }

    @Test func twoSyncEnginesNeverClaimTheSameWrite() async throws {
        let folder = try TemporaryFolder()
        let first = PendingQueue(database: try folder.openDatabase())
        let second = PendingQueue(database: try folder.openDatabase())
        for index in 0..<200 { try first.enqueue(updateRecord(Int64(index))) }

        let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
            for queue in [first, second] {
                group.addTask {
                    var mine: [String] = []
                    while let item = try queue.claimReady(limit: 1).first {
                        mine.append(item.queueId)
                        try queue.markDone(item.queueId, result: ["modifiedDate": 1])
                    }
                    return mine
                }
            }
            return try await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        let all = claimed.flatMap { $0 }
        #expect(all.count == 200)
        #expect(Set(all).count == 200)
        #expect(try first.pendingCount() == 0)
    }

    @Test func concurrentFirstOpensMigrateOnce() async throws {
        let folder = try TemporaryFolder()
        let location = folder.location
        let migrations = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask { try CacheDatabase(location: location).appliedMigrations() }
            }
            return try await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        #expect(migrations.count == 4)
        #expect(migrations.allSatisfy { $0 == ["v1: entries and pending writes", "v2: Objects entry writes, withdraw-add tombstones", "v3: withdraw-upload tombstones"] })
    }

    /// Python's `sqlite3` module (the system SQLite) plays the other process: no Swift helper
    /// binary is needed, and it is present wherever the project builds.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func anotherProcessWritingAtTheSameTimeIsWaitedFor() async throws {
        let folder = try TemporaryFolder()
        let database = try folder.openDatabase()
        let queue = PendingQueue(database: database)
        let count = 300

        // The other process inserts entries, one transaction each, while this one queues writes.
        let script = """
            import sqlite3, sys
            connection = sqlite3.connect(sys.argv[1], timeout=15, isolation_level=None)
            for index in range(int(sys.argv[2])):
                connection.execute("BEGIN IMMEDIATE")
                connection.execute(
                    "INSERT INTO entry (collection, key, value, storedAt) VALUES ('Other', ?, ?, 0)",
                    ("k%d" % index, str(index)))
                connection.execute("COMMIT")
            print(connection.execute("PRAGMA journal_mode").fetchone()[0])
            """
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        other.arguments = ["-c", script, database.location.databaseURL.path, String(count)]
        let output = Pipe()
        let errors = Pipe()
        other.standardOutput = output
        other.standardError = errors
        try other.run()
        for index in 0..<count { try queue.enqueue(addRecord(values: ["index": .int(Int64(index))])) }
        other.waitUntilExit()

        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(other.terminationStatus == 0, "\(stderr)")
        #expect(stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "wal")
        #expect(try queue.pendingCount() == count)
        #expect(try await EntryStore(database: database).keys(collection: "Other").count == count)
        #expect(try posixMode(database.location.databaseURL.path + "-wal") == 0o600)
    }
}

/// A submit that sends its write at once queues and claims it in one transaction: nothing that
/// syncs the queue (this process's automatic sync, woken by the queue's change, or another
/// process's) can take it in between and leave the submit saying "queued".
@Suite("Queued and claimed at once")
struct EnqueueClaimingTests {
    @Test func theWriteIsClaimedBeforeAnySyncCanLookAtTheQueue() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        let (queued, claimed) = try queue.enqueueClaiming(addRecord(values: ["name": "Ada"]))
        #expect(claimed?.queueId == queued.queueId)
        #expect(claimed?.state == .sending && claimed?.attempts == 1)
        #expect(try queue.item(queued.queueId)?.state == .sending)
        // A sync looking now finds nothing to take.
        #expect(try queue.claimReady().isEmpty)
        #expect(try queue.nextReady().isEmpty)
    }

    @Test func aWriteBehindAnEarlierOneOfItsRecordIsQueuedButNotClaimed() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        var first = addRecord(values: ["name": "Ada"])
        first.subject = "record:1"
        var second = addRecord(values: ["name": "Ada Lovelace"])
        second.subject = "record:1"
        _ = try queue.enqueue(first)
        let (queued, claimed) = try queue.enqueueClaiming(second)
        #expect(claimed == nil)
        #expect(try queue.item(queued.queueId)?.state == .dirty)
    }
}
