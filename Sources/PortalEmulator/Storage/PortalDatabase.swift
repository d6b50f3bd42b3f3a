import Foundation
import GRDB

/// The emulator's SQLite database: a WAL `DatabasePool` in the data directory, with its schema
/// created by migrations so that a data directory written by an older build still opens.
struct PortalDatabase: Sendable {
    let pool: DatabasePool
    static let fileName = "portal.sqlite"

    /// True when `directory` holds no database yet.
    static func isEmpty(_ directory: URL) -> Bool {
        !FileManager.default.fileExists(atPath: directory.appendingPathComponent(fileName).path)
    }

    /// Opens (creating when needed) `portal.sqlite` in `directory` and migrates it.
    init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        configuration.busyMode = .timeout(10)
        pool = try DatabasePool(path: directory.appendingPathComponent(Self.fileName).path, configuration: configuration)
        try Self.migrator.migrate(pool)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE counter (name TEXT PRIMARY KEY, currentId INTEGER NOT NULL);
                CREATE TABLE emulator_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE company (companyId INTEGER PRIMARY KEY, webId TEXT NOT NULL, mx TEXT NOT NULL);
                CREATE TABLE site (
                    groupId INTEGER PRIMARY KEY, companyId INTEGER NOT NULL, name TEXT NOT NULL,
                    friendlyURL TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', creatorUserId INTEGER NOT NULL,
                    uuid TEXT NOT NULL);
                CREATE TABLE user (
                    userId INTEGER PRIMARY KEY, companyId INTEGER NOT NULL, screenName TEXT NOT NULL,
                    emailAddress TEXT NOT NULL, password TEXT NOT NULL, firstName TEXT NOT NULL,
                    lastName TEXT NOT NULL, isAdmin INTEGER NOT NULL, languageId TEXT NOT NULL,
                    uuid TEXT NOT NULL, createDate INTEGER NOT NULL, modifiedDate INTEGER NOT NULL);
                CREATE UNIQUE INDEX user_email ON user (companyId, emailAddress COLLATE NOCASE);
                CREATE UNIQUE INDEX user_screenName ON user (companyId, screenName COLLATE NOCASE);
                CREATE TABLE membership (userId INTEGER NOT NULL, groupId INTEGER NOT NULL, PRIMARY KEY (userId, groupId));
                CREATE TABLE permission (
                    userId INTEGER NOT NULL, resourceType TEXT NOT NULL, resourceId INTEGER NOT NULL,
                    action TEXT NOT NULL, PRIMARY KEY (userId, resourceType, resourceId, action));
                CREATE TABLE structure (
                    structureId INTEGER PRIMARY KEY, groupId INTEGER NOT NULL, companyId INTEGER NOT NULL,
                    userId INTEGER NOT NULL, structureKey TEXT NOT NULL, names TEXT NOT NULL,
                    descriptions TEXT NOT NULL, defaultLocale TEXT NOT NULL, definition TEXT, xsd TEXT,
                    fieldTypes TEXT NOT NULL, requiredFields TEXT NOT NULL,
                    uuid TEXT NOT NULL, createDate INTEGER NOT NULL, modifiedDate INTEGER NOT NULL);
                CREATE TABLE recordSet (
                    recordSetId INTEGER PRIMARY KEY, groupId INTEGER NOT NULL, companyId INTEGER NOT NULL,
                    userId INTEGER NOT NULL, structureId INTEGER NOT NULL, recordSetKey TEXT NOT NULL,
                    names TEXT NOT NULL, descriptions TEXT NOT NULL, minDisplayRows INTEGER NOT NULL,
                    scope INTEGER NOT NULL, uuid TEXT NOT NULL, createDate INTEGER NOT NULL,
                    modifiedDate INTEGER NOT NULL);
                CREATE TABLE record (
                    recordId INTEGER PRIMARY KEY, uuid TEXT NOT NULL, groupId INTEGER NOT NULL,
                    companyId INTEGER NOT NULL, userId INTEGER NOT NULL, userName TEXT NOT NULL,
                    recordSetId INTEGER NOT NULL, storageId INTEGER NOT NULL, displayIndex INTEGER NOT NULL,
                    version TEXT NOT NULL, status INTEGER NOT NULL, fieldValues TEXT NOT NULL,
                    createDate INTEGER NOT NULL, modifiedDate INTEGER NOT NULL);
                CREATE UNIQUE INDEX record_uuid_group ON record (uuid, groupId);
                CREATE INDEX record_set ON record (recordSetId, recordId);
                CREATE INDEX record_set_user ON record (recordSetId, userId, recordId);
                CREATE TABLE dlFolder (
                    folderId INTEGER PRIMARY KEY, groupId INTEGER NOT NULL, repositoryId INTEGER NOT NULL,
                    parentFolderId INTEGER NOT NULL, userId INTEGER NOT NULL, name TEXT NOT NULL,
                    description TEXT NOT NULL, uuid TEXT NOT NULL, createDate INTEGER NOT NULL,
                    modifiedDate INTEGER NOT NULL);
                CREATE TABLE fileEntry (
                    fileEntryId INTEGER PRIMARY KEY, groupId INTEGER NOT NULL, repositoryId INTEGER NOT NULL,
                    folderId INTEGER NOT NULL, userId INTEGER NOT NULL, userName TEXT NOT NULL,
                    title TEXT NOT NULL, description TEXT NOT NULL, fileName TEXT NOT NULL,
                    extension TEXT NOT NULL, mimeType TEXT NOT NULL, size INTEGER NOT NULL,
                    version TEXT NOT NULL, changeLog TEXT NOT NULL, uuid TEXT NOT NULL,
                    createDate INTEGER NOT NULL, modifiedDate INTEGER NOT NULL);
                CREATE UNIQUE INDEX fileEntry_uuid_group ON fileEntry (uuid, groupId);
                CREATE INDEX fileEntry_folder ON fileEntry (repositoryId, folderId, fileEntryId);
                CREATE TABLE fileContent (fileEntryId INTEGER PRIMARY KEY, data BLOB NOT NULL, thumbnail BLOB);
                CREATE TABLE bookmarksFolder (
                    folderId INTEGER PRIMARY KEY, groupId INTEGER NOT NULL, companyId INTEGER NOT NULL,
                    parentFolderId INTEGER NOT NULL, userId INTEGER NOT NULL, name TEXT NOT NULL,
                    description TEXT NOT NULL, uuid TEXT NOT NULL, createDate INTEGER NOT NULL,
                    modifiedDate INTEGER NOT NULL);
                CREATE TABLE bookmarksEntry (
                    entryId INTEGER PRIMARY KEY, groupId INTEGER NOT NULL, companyId INTEGER NOT NULL,
                    folderId INTEGER NOT NULL, userId INTEGER NOT NULL, userName TEXT NOT NULL,
                    name TEXT NOT NULL, url TEXT NOT NULL, description TEXT NOT NULL,
                    visits INTEGER NOT NULL, priority INTEGER NOT NULL, uuid TEXT NOT NULL,
                    createDate INTEGER NOT NULL, modifiedDate INTEGER NOT NULL);
                CREATE UNIQUE INDEX bookmarksEntry_uuid_group ON bookmarksEntry (uuid, groupId);
                INSERT INTO counter (name, currentId) VALUES ('global', 1000000);
                """)
        }
        ModernSchema.register(&migrator)
        return migrator
    }
}

extension Database {
    /// The next ID from the portal-wide counter (like Liferay's `Counter`).
    func nextId() throws -> Int64 {
        let statement = try cachedStatement(sql: "UPDATE counter SET currentId = currentId + 1 WHERE name = 'global' RETURNING currentId")
        return try Int64.fetchOne(statement) ?? 0
    }

    /// Keeps the counter above an ID chosen by demo or seed data.
    func reserveId(_ id: Int64) throws {
        try execute(sql: "UPDATE counter SET currentId = MAX(currentId, ?) WHERE name = 'global'", arguments: [id])
    }
}
