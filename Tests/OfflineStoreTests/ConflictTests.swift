import DDM
import Foundation
import Testing

@testable import OfflineStore

@Suite("Conflicts")
struct ConflictTests {
    let folder: TemporaryFolder
    let queue: PendingQueue
    let entries: EntryStore
    let address = EntryAddress(collection: "DDLForm", key: "record-42")
    let portalVersion: JSONValue = ["recordId": 42, "modifiedDate": 3_000, "values": ["name": "Portal"]]

    init() throws {
        folder = try TemporaryFolder()
        let database = try folder.openDatabase()
        queue = PendingQueue(database: database)
        entries = EntryStore(database: database)
    }

    /// An edit of record 42 made on modifiedDate 1000, then a conflict reported by the sync
    /// engine, plus an unrelated write queued behind it.
    func conflicted() async throws -> (conflict: QueueItem, later: QueueItem, other: QueueItem) {
        var write = updateRecord(42, values: ["name": "Mine"], base: 1_000)
        write.linkedEntry = address
        write.localChanges = [.put(address, value: ["recordId": 42, "values": ["name": "Mine"]], state: .dirty)]
        let conflict = try queue.enqueue(write)
        let later = try queue.enqueue(updateRecord(42, values: ["name": "Mine again"], base: 1_000))
        let other = try queue.enqueue(updateRecord(7))
        let sender = QueueSender { item in
            if item.queueId == conflict.queueId { throw PortalConflict(portalValue: portalVersion) }
            return ["modifiedDate": 9]
        }
        let outcome = try await queue.attempt(conflict.queueId, using: sender)
        guard case .conflict(let value)? = outcome else { Issue.record("expected a conflict"); return (conflict, later, other) }
        #expect(value == portalVersion)
        return (conflict, later, other)
    }

    @Test func aConflictHoldsBackOnlyItsOwnRecord() async throws {
        let (conflict, _, other) = try await conflicted()
        let stored = try #require(try queue.item(conflict.queueId))
        #expect(stored.state == .conflict && stored.portalValue == portalVersion)
        #expect(try await entries.get(address)?.syncState == .conflict)
        // The other record's write goes on; the second edit of record 42 waits behind the conflict.
        #expect(try queue.nextReady(ignoringBackoff: true).map(\.queueId) == [other.queueId])
        #expect(try queue.listing().first?.state == .conflict)
    }

    @Test func keepMineResendsOnThePortalsNewBase() async throws {
        let (conflict, _, other) = try await conflicted()
        try queue.resolveConflict(conflict.queueId, .keepMine)
        let item = try #require(try queue.item(conflict.queueId))
        #expect(item.state == .dirty && item.payload["baseModifiedDate"] == 3_000 && item.portalValue == nil)
        #expect(item.uuid == conflict.uuid)
        #expect(try await entries.get(address)?.syncState == .dirty)
        #expect(try await entries.get(address)?.value["values"] == ["name": "Mine"])
        #expect(try queue.nextReady().map(\.queueId) == [conflict.queueId, other.queueId])
    }

    @Test func takePortalDropsMineAndStoresThePortalsVersion() async throws {
        let (conflict, later, other) = try await conflicted()
        try queue.resolveConflict(conflict.queueId, .takePortal)
        #expect(try queue.item(conflict.queueId) == nil)
        let entry = try #require(try await entries.get(address))
        #expect(entry.value == portalVersion && entry.syncState == .clean)
        // The later edit of the record is no longer held back.
        #expect(try queue.nextReady().map(\.queueId) == [later.queueId, other.queueId])
    }

    @Test func laterKeepsTheConflictWithoutBlockingOthers() async throws {
        let (conflict, _, other) = try await conflicted()
        try queue.resolveConflict(conflict.queueId, .later)
        #expect(try queue.item(conflict.queueId)?.state == .conflict)
        #expect(try queue.nextReady().map(\.queueId) == [other.queueId])
        #expect(try queue.pendingCount() == 3)
    }

    @Test func onlyConflictsCanBeResolved() throws {
        let item = try queue.enqueue(addRecord())
        #expect(throws: OfflineStoreError.invalidState(queueId: item.queueId, state: "dirty", operation: "resolve a conflict of")) {
            try queue.resolveConflict(item.queueId, .keepMine)
        }
    }
}
