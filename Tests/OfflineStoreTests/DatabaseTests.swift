import DDM
import Foundation
import GRDB
import Testing

@testable import OfflineStore

@Suite("Cache database")
struct DatabaseTests {
    @Test func freshDatabaseIsMigratedInWALModeWithNormalSync() throws {
        let folder = try TemporaryFolder()
        let database = try folder.openDatabase()
        #expect(try database.appliedMigrations() == ["v1: entries and pending writes", "v2: Objects entry writes, withdraw-add tombstones", "v3: withdraw-upload tombstones"])
        let (journal, synchronous, foreignKeys) = try database.pool.write { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                try Int.fetchOne(db, sql: "PRAGMA synchronous"),
                try Bool.fetchOne(db, sql: "PRAGMA foreign_keys")
            )
        }
        #expect(journal == "wal")
        #expect(synchronous == 1)  // NORMAL
        #expect(foreignKeys == true)
        let tables = try database.pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables.contains("entry") && tables.contains("pending_write") && tables.contains("pending_dependency"))
    }

    @Test func reopeningAnExistingDatabaseKeepsDataAndDoesNotMigrateTwice() async throws {
        let folder = try TemporaryFolder()
        let address = EntryAddress(collection: "DDLList", key: "k")
        do {
            let database = try folder.openDatabase()
            try await EntryStore(database: database).put(address, value: [1, 2, 3])
            try database.close()
        }
        let reopened = try folder.openDatabase()
        #expect(try reopened.appliedMigrations() == ["v1: entries and pending writes", "v2: Objects entry writes, withdraw-add tombstones", "v3: withdraw-upload tombstones"])
        #expect(try await EntryStore(database: reopened).get(address)?.value == [1, 2, 3])
    }

    /// A cache written before `withdraw-add` existed keeps its queue (rows, order, dependencies)
    /// when migration v2 rebuilds the table, which then takes tombstones.
    @Test func migrationTwoKeepsTheQueueAndAcceptsTombstones() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.location.folder, withIntermediateDirectories: true)
        do {
            let old = try DatabaseQueue(path: folder.location.databaseURL.path)
            try CacheSchema.migrator.migrate(old, upTo: "v1: entries and pending writes")
            try old.write { db in
                for (sequence, id, operation) in [(1, "up", "upload"), (2, "add", "add-record")] {
                    try db.execute(
                        sql: """
                            INSERT INTO pending_write (sequence, queueId, operation, collection, subject, payload, uuid,
                                state, attempts, createdAt, updatedAt)
                            VALUES (?, ?, ?, 'DDLForm', ?, '{"recordSetId":40001,"values":{}}', ?, 'dirty', 1, 0, 0)
                            """,
                        arguments: [sequence, id, operation, "item:\(id)", "uuid-\(id)"])
                }
                try db.execute(sql: "INSERT INTO pending_dependency (queueId, dependsOn) VALUES ('add', 'up')")
            }
            try old.close()
        }
        let database = try folder.openDatabase()
        #expect(try database.appliedMigrations() == ["v1: entries and pending writes", "v2: Objects entry writes, withdraw-add tombstones", "v3: withdraw-upload tombstones"])
        let queue = PendingQueue(database: database)
        #expect(try queue.items().map(\.queueId) == ["up", "add"])
        #expect(try queue.item("add")?.dependsOn == ["up"])
        let later = try queue.enqueue(.addRecord(recordSetId: 40001, groupId: 1, values: [:]))
        #expect(later.sequence == 3)
        guard case .tombstone(let tombstone) = try queue.withdrawAdd("add") else {
            Issue.record("an add attempted before becomes a tombstone")
            return
        }
        #expect(tombstone.operation == .withdrawAdd && tombstone.sequence == 2)
    }

    @Test func databaseFilesArePrivateToTheUser() async throws {
        let folder = try TemporaryFolder()
        let database = try folder.openDatabase()
        try await EntryStore(database: database).put(EntryAddress(collection: "c", key: "k"), value: "v")
        let path = database.location.databaseURL.path
        // The WAL and shared-memory files exist while the pool is open and has written.
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(FileManager.default.fileExists(atPath: path + "-shm"))
        for file in [path, path + "-wal", path + "-shm", database.location.lockURL.path] {
            #expect(try posixMode(file) == 0o600, "\(file)")
        }
        #expect(try posixMode(database.location.folder.path) == 0o700)
        #expect(try posixMode(database.location.filesDirectory.path) == 0o700)
    }

    @Test func anExistingDatabaseFileWithWideModeIsNarrowed() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.location.folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: folder.location.databaseURL.path, contents: nil, attributes: [.posixPermissions: 0o644])
        let database = try folder.openDatabase()
        #expect(try posixMode(database.location.databaseURL.path) == 0o600)
    }

    @Test func aDamagedDatabaseGivesAClearError() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.location.folder, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: folder.location.databaseURL)
        do {
            _ = try folder.openDatabase()
            Issue.record("a damaged file must not open")
        } catch let error as OfflineStoreError {
            guard case .unusableDatabase(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == folder.location.databaseURL.path)
            #expect(error.description.contains("not a database"))
        }
    }

    @Test func aDatabaseFromANewerVersionIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        do {
            let database = try folder.openDatabase()
            try database.pool.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2: from the future')")
            }
            try database.close()
        }
        #expect(throws: OfflineStoreError.unusableDatabase(
            path: folder.location.databaseURL.path, reason: "it was written by a newer version of Termlets")) {
            try folder.openDatabase()
        }
    }

    @Test func folderNamesAreReadableSafeAndDistinct() {
        let name = CacheLocation.folderName(server: "https://Portal.Example.com:8080/", userId: "test@liferay.com")
        #expect(name.hasPrefix("portal.example.com-8080_test-liferay.com_"))
        #expect(name.count == "portal.example.com-8080_test-liferay.com_".count + 16)
        // Trailing slash and host case do not matter; the user does.
        #expect(name == CacheLocation.folderName(server: "https://portal.example.com:8080", userId: "test@liferay.com"))
        #expect(name != CacheLocation.folderName(server: "https://portal.example.com:8080", userId: "viewer@liferay.com"))
        // Traversal and hidden names are impossible; look-alikes still get distinct folders.
        let hostile = CacheLocation.folderName(server: "../../etc", userId: "../passwd")
        #expect(!hostile.contains("/") && !hostile.hasPrefix("."))
        #expect(CacheLocation.folderName(server: "a/b", userId: "u") != CacheLocation.folderName(server: "a-b", userId: "u"))
        let long = CacheLocation.folderName(server: String(repeating: "x", count: 500), userId: "u")
        #expect(long.count <= 117)
    }

    @Test func openingByServerAndUserUsesOneFolderPerPair() async throws {
        let folder = try TemporaryFolder()
        let first = try CacheDatabase(cacheDirectory: folder.url, server: "http://localhost:8080", userId: "test")
        let second = try CacheDatabase(cacheDirectory: folder.url, server: "http://localhost:8080", userId: "viewer")
        #expect(first.location.folder.deletingLastPathComponent().path == folder.url.path)
        #expect(first.location.databaseURL != second.location.databaseURL)
        try await EntryStore(database: first).put(EntryAddress(collection: "c", key: "k"), value: "mine")
        #expect(try await EntryStore(database: second).get(EntryAddress(collection: "c", key: "k")) == nil)
    }
}
