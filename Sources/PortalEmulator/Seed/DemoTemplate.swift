import Foundation
import GRDB

/// The demo database, built once per process and copied into every new data directory: the
/// demo data is deterministic, so a copy is the same as creating it again, and much faster when
/// one process starts many emulators (tests).
actor DemoTemplate {
    static let shared = DemoTemplate()

    private var templateFile: URL?

    /// Copies the demo database into `directory` as `portal.sqlite`.
    func install(into directory: URL) throws {
        let template = try templateFile ?? build()
        templateFile = template
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: template, to: directory.appendingPathComponent(PortalDatabase.fileName))
    }

    private func build() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("termlets-portal-demo-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.lowercased())")
        let database = try PortalDatabase(directory: directory)
        try database.pool.write { db in
            try DemoData.create(in: db)
            try db.execute(sql: "INSERT INTO emulator_meta (key, value) VALUES ('demo', '1')")
        }
        try database.pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
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
