import Foundation
import GRDB
import Synchronization

/// The offline cache of one (server, user) pair: a SQLite database in WAL mode, shared safely by
/// every Termlets process of that user, and a private folder for files waiting to be uploaded.
///
/// - Files: the folder is 0700; the database, its `-wal` and `-shm` files and the lock file are 0600.
/// - Concurrency: a ``GRDB/DatabasePool`` (one writer, several readers) per process; writes are
///   `IMMEDIATE` transactions, and a busy timeout makes a process wait for another one's write
///   instead of failing. Opening and migrating are serialised between processes by a file lock.
/// - Durability: `synchronous = NORMAL` (a committed transaction survives a crash of the
///   process; after a power cut the last transactions may roll back, never corrupt).
public final class CacheDatabase: Sendable {
    /// How long a write waits for another process's write before failing with `SQLITE_BUSY`.
    public static let busyTimeout: TimeInterval = 15

    /// The connection pool. Lower-level code may read and write it, inside transactions.
    public let pool: DatabasePool
    /// Where the database, its lock and its files live.
    public let location: CacheLocation
    /// Whether the portal answers, shared by everything this process does on this cache (one
    /// run's loads, submits, automatic sync and status line): see ``Connectivity``.
    public let connectivity = Connectivity()
    /// Signalled whenever this process commits a change to the pending-write queue.
    public let queueChanges = QueueChangeSignal()
    /// The record lists' last marks (``PendingQueue/recordMarks()``).
    let recordMarksMemo = Mutex<RecordMarksMemo?>(nil)
    /// The database's write-ahead log, which every commit of any process writes to.
    let writeAheadLogPath: String

    /// Opens (creating and migrating as needed) the cache of `userId` on `server` under
    /// `cacheDirectory` (typically `~/.cache/termlets`). Store no secret in it: it holds portal data
    /// and the user's pending writes only.
    public convenience init(cacheDirectory: URL, server: String, userId: String) throws {
        try self.init(location: CacheLocation(cacheDirectory: cacheDirectory, server: server, userId: userId))
    }

    /// Opens (creating and migrating as needed) the cache at `location`.
    public init(location: CacheLocation) throws {
        self.location = location
        writeAheadLogPath = location.databaseURL.path + "-wal"
        try PrivateFiles.ensureFolder(location.folder)
        try PrivateFiles.ensureFolder(location.filesDirectory)
        let databasePath = location.databaseURL.path
        pool = try PrivateFiles.withExclusiveLock(location.lockURL.path) {
            try PrivateFiles.ensurePrivateFile(databasePath)
            let pool: DatabasePool
            do {
                pool = try DatabasePool(path: databasePath, configuration: Self.configuration())
                let migrator = CacheSchema.migrator
                if try pool.read({ db in try migrator.hasBeenSuperseded(db) }) {
                    throw OfflineStoreError.unusableDatabase(
                        path: databasePath, reason: "it was written by a newer version of Termlets")
                }
                try migrator.migrate(pool)
            } catch let error as DatabaseError {
                throw OfflineStoreError.unusableDatabase(path: databasePath, reason: error.message ?? "\(error)")
            }
            for suffix in ["-wal", "-shm"] {
                try PrivateFiles.restrict(databasePath + suffix, mode: 0o600)
            }
            return pool
        }
        pool.add(transactionObserver: QueueTablesObserver(signal: queueChanges), extent: .databaseLifetime)
    }

    /// The identifiers of the migrations applied to this database, oldest first.
    public func appliedMigrations() throws -> [String] {
        try pool.read { db in try CacheSchema.migrator.appliedMigrations(db) }
    }

    /// Closes every connection. Later use throws.
    public func close() throws {
        try pool.close()
    }

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.label = "termlets.cache"
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }
}
