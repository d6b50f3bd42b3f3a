import GRDB

/// The schema, as an ordered list of migrations. Never edit a shipped migration: add one.
enum CacheSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: entries and pending writes") { db in
            try db.execute(sql: """
                CREATE TABLE entry (
                    collection TEXT NOT NULL,
                    key TEXT NOT NULL,
                    value TEXT NOT NULL,
                    attributes TEXT NOT NULL DEFAULT '{}',
                    storedAt INTEGER NOT NULL,
                    syncState TEXT NOT NULL DEFAULT 'clean'
                        CHECK (syncState IN ('clean', 'dirty', 'conflict')),
                    PRIMARY KEY (collection, key)
                ) WITHOUT ROWID;

                CREATE INDEX entry_by_state ON entry (syncState, collection);

                CREATE TABLE pending_write (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    queueId TEXT NOT NULL UNIQUE,
                    operation TEXT NOT NULL
                        CHECK (operation IN ('add-record', 'update-record', 'upload', 'delete')),
                    collection TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    uuid TEXT NOT NULL,
                    state TEXT NOT NULL DEFAULT 'dirty'
                        CHECK (state IN ('dirty', 'sending', 'conflict', 'failed', 'done')),
                    attempts INTEGER NOT NULL DEFAULT 0,
                    lastError TEXT,
                    retryAt INTEGER,
                    sendingPid INTEGER,
                    sendingSince INTEGER,
                    portalValue TEXT,
                    result TEXT,
                    entryCollection TEXT,
                    entryKey TEXT,
                    localFile TEXT,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL
                );

                CREATE INDEX pending_write_by_state ON pending_write (state, sequence);
                CREATE INDEX pending_write_by_subject ON pending_write (subject, sequence);
                CREATE INDEX pending_write_by_entry ON pending_write (entryCollection, entryKey);

                CREATE TABLE pending_dependency (
                    queueId TEXT NOT NULL REFERENCES pending_write (queueId) ON DELETE CASCADE,
                    dependsOn TEXT NOT NULL REFERENCES pending_write (queueId) ON DELETE CASCADE,
                    PRIMARY KEY (queueId, dependsOn)
                ) WITHOUT ROWID;

                CREATE INDEX pending_dependency_by_target ON pending_dependency (dependsOn);
                """)
        }
        // v2: Liferay Objects writes (issue 14: `add-entry`, `update-entry`, `delete-entry`), the
        // `withdraw-add` tombstone (issue 11), and `maybeDelivered` (1 once an attempt may have
        // reached the portal; writes attempted before v2 count as such). SQLite cannot change a
        // CHECK constraint, so the table is rebuilt with the same rows (GRDB runs migrations with
        // foreign keys off and checks them after: dropping the old table cascades nothing, and
        // pending_dependency, which names it by name, keeps its rows).
        migrator.registerMigration("v2: Objects entry writes, withdraw-add tombstones") { db in
            try db.execute(sql: """
                CREATE TABLE pending_write_v2 (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    queueId TEXT NOT NULL UNIQUE,
                    operation TEXT NOT NULL
                        CHECK (operation IN ('add-record', 'update-record', 'upload', 'delete', 'withdraw-add',
                                             'add-entry', 'update-entry', 'delete-entry')),
                    collection TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    uuid TEXT NOT NULL,
                    state TEXT NOT NULL DEFAULT 'dirty'
                        CHECK (state IN ('dirty', 'sending', 'conflict', 'failed', 'done')),
                    attempts INTEGER NOT NULL DEFAULT 0,
                    lastError TEXT,
                    retryAt INTEGER,
                    sendingPid INTEGER,
                    sendingSince INTEGER,
                    portalValue TEXT,
                    result TEXT,
                    entryCollection TEXT,
                    entryKey TEXT,
                    localFile TEXT,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    maybeDelivered INTEGER NOT NULL DEFAULT 0
                );
                INSERT INTO pending_write_v2 SELECT sequence, queueId, operation, collection, subject, payload, uuid, state,
                    attempts, lastError, retryAt, sendingPid, sendingSince, portalValue, result, entryCollection, entryKey,
                    localFile, createdAt, updatedAt, attempts > 0 FROM pending_write;
                DROP TABLE pending_write;
                ALTER TABLE pending_write_v2 RENAME TO pending_write;
                CREATE INDEX pending_write_by_state ON pending_write (state, sequence);
                CREATE INDEX pending_write_by_subject ON pending_write (subject, sequence);
                CREATE INDEX pending_write_by_entry ON pending_write (entryCollection, entryKey);
                """)
        }
        // v3: the `withdraw-upload` tombstone (a form's document discarded while a sync was sending
        // it). The table is rebuilt again for the CHECK constraint, with the same rows.
        migrator.registerMigration("v3: withdraw-upload tombstones") { db in
            try db.execute(sql: """
                CREATE TABLE pending_write_v3 (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    queueId TEXT NOT NULL UNIQUE,
                    operation TEXT NOT NULL
                        CHECK (operation IN ('add-record', 'update-record', 'upload', 'delete', 'withdraw-add',
                                             'add-entry', 'update-entry', 'delete-entry', 'withdraw-upload')),
                    collection TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    uuid TEXT NOT NULL,
                    state TEXT NOT NULL DEFAULT 'dirty'
                        CHECK (state IN ('dirty', 'sending', 'conflict', 'failed', 'done')),
                    attempts INTEGER NOT NULL DEFAULT 0,
                    lastError TEXT,
                    retryAt INTEGER,
                    sendingPid INTEGER,
                    sendingSince INTEGER,
                    portalValue TEXT,
                    result TEXT,
                    entryCollection TEXT,
                    entryKey TEXT,
                    localFile TEXT,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    maybeDelivered INTEGER NOT NULL DEFAULT 0
                );
                INSERT INTO pending_write_v3 SELECT sequence, queueId, operation, collection, subject, payload, uuid, state,
                    attempts, lastError, retryAt, sendingPid, sendingSince, portalValue, result, entryCollection, entryKey,
                    localFile, createdAt, updatedAt, maybeDelivered FROM pending_write;
                DROP TABLE pending_write;
                ALTER TABLE pending_write_v3 RENAME TO pending_write;
                CREATE INDEX pending_write_by_state ON pending_write (state, sequence);
                CREATE INDEX pending_write_by_subject ON pending_write (subject, sequence);
                CREATE INDEX pending_write_by_entry ON pending_write (entryCollection, entryKey);
                """)
        }
        return migrator
    }
}
