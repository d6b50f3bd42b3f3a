import Foundation
import GRDB

/// The demo database, built once per process and copied into every new data directory: the
/// demo data is deterministic, so a copy is the same as creating it again, and much faster when
/// one process starts many emulators (tests).
actor DemoTemplate {
    static let shared = DemoTemplate()

    /// The build of the template file, shared by every caller (started by the first).
    private var template: Task<URL, any Error>?

    /// Copies the demo database into `directory` as `portal.sqlite`.
    func install(into directory: URL) async throws {
        let build = template ?? Task { try await Self.build() }
        template = build
        let file: URL
        do {
            file = try await build.value
        } catch {
            template = nil
            throw error
        }
        // The portal's users and passwords are its owner's only; SQLite gives the -wal and -shm
        // files the database file's mode.
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let copy = directory.appendingPathComponent(PortalDatabase.fileName)
        try manager.copyItem(at: file, to: copy)
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy.path)
    }

    /// Builds the demo database off the cooperative threads (GRDB's writer queue does the work).
    private static func build() async throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("termlets-portal-demo-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.lowercased())")
        let database = try PortalDatabase(directory: directory)
        try await database.pool.write { db in
            try DemoData.create(in: db)
            try db.execute(sql: "INSERT INTO emulator_meta (key, value) VALUES ('demo', '1')")
            try DemoModernData.createIfMissing(in: db)
        }
        try await database.pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        try database.pool.close()
        demoTemplateDirectoryForCleanup = directory.path
        atexit {
            if let path = demoTemplateDirectoryForCleanup { try? FileManager.default.removeItem(atPath: path) }
        }
        return directory.appendingPathComponent(PortalDatabase.fileName)
    }
}

/// The template's directory, removed when the process exits.
nonisolated(unsafe) private var demoTemplateDirectoryForCleanup: String?
