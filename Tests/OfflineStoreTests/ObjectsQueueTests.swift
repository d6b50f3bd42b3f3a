import DDM
import Foundation
import GRDB
import Testing

@testable import OfflineStore

/// The queue's Objects writes (issue 14): the v2 migration that admits them keeps a v1 cache's
/// pending writes and their dependencies; add/update/delete-entry are queued with their subject
/// and listed with their object.
@Suite("Objects writes in the pending queue")
struct ObjectsQueueTests {
    static let target = ObjectWriteTarget(object: "Ticket", definitionId: 70001, restContextPath: "/o/c/tickets", scope: "site", groupId: 20143)

    @Test func aVersion1CacheKeepsItsWritesThroughTheMigration() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.location.folder, withIntermediateDirectories: true)
        do {
            let pool = try DatabasePool(path: folder.location.databaseURL.path)
            try CacheSchema.migrator.migrate(pool, upTo: "v1: entries and pending writes")
            try pool.write { db in
                for (queueId, sequence) in [("a", 1), ("b", 2)] {
                    try db.execute(sql: """
                        INSERT INTO pending_write (sequence, queueId, operation, collection, subject, payload, uuid, createdAt, updatedAt)
                        VALUES (?, ?, 'add-record', 'DDLForm', ?, '{"recordSetId": 40001, "values": {"Title": "kept"}}', ?, 1, 1)
                        """, arguments: [sequence, queueId, "item:\(queueId)", "uuid-\(queueId)"])
                }
                try db.execute(sql: "INSERT INTO pending_dependency (queueId, dependsOn) VALUES ('b', 'a')")
            }
            try pool.close()
        }
        let database = try folder.openDatabase()
        #expect(try database.appliedMigrations() == ["v1: entries and pending writes", "v2: Objects entry writes, withdraw-add tombstones", "v3: withdraw-upload tombstones"])
        let queue = PendingQueue(database: database)
        #expect(try queue.items().map(\.queueId) == ["a", "b"])
        #expect(try queue.items().first?.payload["values"] == ["Title": "kept"])
        #expect(try database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pending_dependency") } == 1)
        let added = try queue.enqueue(.addEntry(Self.target, externalReferenceCode: "termlets-x", body: ["title": "t"], values: ["title": "t"]))
        #expect(added.operation == .addEntry)
        #expect(try queue.items().count == 3)
    }

    @Test func entryWritesAreQueuedWithSubjectsAndListedWithTheirObject() throws {
        let folder = try TemporaryFolder()
        let queue = PendingQueue(database: try folder.openDatabase())
        let add = try queue.enqueue(.addEntry(Self.target, externalReferenceCode: "termlets-1", body: ["title": "t"], values: ["title": "t"]))
        let update = try queue.enqueue(.updateEntry(Self.target, entryId: 200_001, body: ["priority": 2], values: ["priority": "2"], baseDateModified: "2024-01-15T09:01:00Z"))
        let delete = try queue.enqueue(.deleteEntry(Self.target, entryId: 200_002))
        #expect(add.subject == "item:\(add.queueId)")
        #expect(update.subject == "object-entry:/o/c/tickets:200001")
        #expect(delete.subject == "object-entry:/o/c/tickets:200002")
        #expect(update.payload[PayloadKey.baseModifiedDate] == "2024-01-15T09:01:00Z")
        let listing = try queue.listing()
        #expect(listing.map(\.operation) == [.addEntry, .updateEntry, .deleteEntry])
        #expect(listing.allSatisfy { $0.object == "Ticket" })
        #expect(listing[1].json["object"] == "Ticket")
        #expect(listing[1].json["operation"] == "update-entry")
        #expect(listing[1].json["recordId"] == 200_001)
        #expect(throws: OfflineStoreError.self) {
            var broken = PendingWrite.updateEntry(Self.target, entryId: 1, body: [:], values: [:], baseDateModified: nil)
            broken.payload[PayloadKey.recordId] = nil
            _ = try queue.enqueue(broken)
        }
    }
}
