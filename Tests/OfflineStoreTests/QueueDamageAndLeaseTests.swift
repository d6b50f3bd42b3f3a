import DDM
import Foundation
import GRDB
import Testing

@testable import OfflineStore

/// Issue 12, items 8 and 12: a damaged queued write is set aside while the rest is listed and
/// sent; a `sending` claim expires after its lease, also one dated in the future.
@Suite("Queue: damaged rows and expiring leases")
struct QueueDamageAndLeaseTests {
    @Test func aDamagedPayloadIsSetAsideAndTheOthersAreListedAndClaimed() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        let first = try queue.enqueue(addRecord(values: ["name": "Ada"]))
        let damaged = try queue.enqueue(addRecord(values: ["name": "Broken"]))
        let third = try queue.enqueue(updateRecord(42))
        try queue.database.pool.write { db in
            try db.execute(sql: "UPDATE pending_write SET payload = '{\"recordSetId\": 1, ' WHERE queueId = ?", arguments: [damaged.queueId])
        }

        let listed = try queue.listing()
        #expect(listed.map(\.queueId) == [first.queueId, damaged.queueId, third.queueId])
        let broken = try #require(listed.first { $0.queueId == damaged.queueId })
        #expect(broken.state == .failed)
        #expect(broken.error?.hasPrefix("damaged in the offline cache (payload of \(damaged.queueId)") == true)
        #expect(broken.error?.hasSuffix("set aside, it will not be sent") == true)

        let claimed = try queue.claimReady()
        #expect(claimed.map(\.queueId) == [first.queueId, third.queueId])
        let row = try queue.database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT state, retryAt, lastError FROM pending_write WHERE queueId = ?", arguments: [damaged.queueId])
        }
        #expect(row?["state"] == "failed")
        #expect((row?["retryAt"] as DatabaseValue?)?.isNull == true)
        // Asked to retry everything (as `termlets sync` does), it is still not sent.
        try? queue.retry(damaged.queueId)
        #expect(try queue.claimReady().isEmpty)
        #expect(try queue.listing().first { $0.queueId == damaged.queueId }?.state == .failed)
    }

    @Test func wrongColumnTypesDoNotTrapAndAreListed() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        let blobPayload = try queue.enqueue(addRecord(values: ["name": "A"]))
        let numberPayload = try queue.enqueue(addRecord(values: ["name": "B"]))
        let textDate = try queue.enqueue(addRecord(values: ["name": "C"]))
        let fine = try queue.enqueue(addRecord(values: ["name": "D"]))
        try queue.database.pool.write { db in
            try db.execute(sql: "UPDATE pending_write SET payload = x'7b22ff' WHERE queueId = ?", arguments: [blobPayload.queueId])
            try db.execute(sql: "UPDATE pending_write SET payload = 7, sendingPid = 'x' WHERE queueId = ?", arguments: [numberPayload.queueId])
            try db.execute(sql: "UPDATE pending_write SET createdAt = 'yesterday' WHERE queueId = ?", arguments: [textDate.queueId])
        }
        let listed = try queue.listing()
        #expect(listed.count == 4)
        #expect(listed.filter { $0.state == .failed }.map(\.queueId) == [blobPayload.queueId, numberPayload.queueId, textDate.queueId])
        #expect(try queue.claimReady().map(\.queueId) == [fine.queueId])
    }

    @Test func aDamagedWriteLaterInTheSameRecordDoesNotStopTheEarlierOnesAnswer() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        let first = try queue.enqueue(updateRecord(42))
        let later = try queue.enqueue(updateRecord(42, values: ["name": "Later"]))
        try queue.database.pool.write { db in
            try db.execute(sql: "UPDATE pending_write SET payload = 'not json' WHERE queueId = ?", arguments: [later.queueId])
        }
        let claimed = try queue.claimReady()
        #expect(claimed.map(\.queueId) == [first.queueId])
        try queue.settle(claimed[0], result: .success(["recordId": 42, "modifiedDate": 3_000]), sender: acceptingSender(CallLog()))
        #expect(try queue.item(first.queueId)?.state == .done)
        #expect(try queue.claimReady().isEmpty)
    }

    /// A live process (pid 1 always exists) holding a claim: taken over once the lease has run out.
    @Test func aClaimHeldByALiveProcessExpiresWithItsLease() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        let start = Date()
        let item = try queue.enqueue(updateRecord(42), now: start)
        _ = try queue.claimReady(now: start)
        try queue.database.pool.write { db in try db.execute(sql: "UPDATE pending_write SET sendingPid = 1") }
        #expect(try queue.claimReady(now: start.addingTimeInterval(queue.sendingLease - 1)).isEmpty)
        let taken = try queue.claimReady(now: start.addingTimeInterval(queue.sendingLease + 1))
        #expect(taken.map(\.queueId) == [item.queueId])
        #expect(taken.first?.wasInterrupted == true)
    }

    @Test func aClaimDatedInTheFutureCountsAsExpired() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        let now = Date()
        let item = try queue.enqueue(updateRecord(42), now: now)
        _ = try queue.claimReady(now: now)
        let farFuture = Timestamps.milliseconds(now.addingTimeInterval(365 * 86_400))
        try queue.database.pool.write { db in
            try db.execute(sql: "UPDATE pending_write SET sendingPid = 1, sendingSince = ?", arguments: [farFuture])
        }
        let taken = try queue.claimReady(now: now)
        #expect(taken.map(\.queueId) == [item.queueId])
    }

    @Test func aClaimAMomentAheadOfTheReadersClockIsStillHeld() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        let now = Date()
        _ = try queue.enqueue(updateRecord(42), now: now)
        _ = try queue.claimReady(now: now.addingTimeInterval(5))
        try queue.database.pool.write { db in try db.execute(sql: "UPDATE pending_write SET sendingPid = 1") }
        #expect(try queue.claimReady(now: now).isEmpty)
    }

    @Test func renewingTheLeaseKeepsAClaimFromBeingTakenOver() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        let start = Date()
        _ = try queue.enqueue(updateRecord(42), now: start)
        let claimed = try queue.claimReady(now: start)
        try queue.renewLease(claimed.map(\.queueId), now: start.addingTimeInterval(queue.sendingLease - 10))
        try queue.database.pool.write { db in try db.execute(sql: "UPDATE pending_write SET sendingPid = 1") }
        #expect(try queue.claimReady(now: start.addingTimeInterval(queue.sendingLease + 1)).isEmpty)
    }
}
