import Foundation

/// The demo portal's data (Liferay 7, as the embedded emulator and `termlets portal` create it),
/// seeded once per test process by the real binary and copied into each test's own data folder.
///
/// Every process of the binary that starts an emulator on an empty folder builds the demo data
/// itself, which takes a debug build over a second of CPU. A hundred terminal and command tests
/// starting together on two cores each doing that made screens take most of their deadline to
/// appear. A copy is the same data (the demo data is deterministic) and still one folder per test:
/// each test runs its own emulator on its own data.
public enum SeededEmulatorData {
    /// Copies the seeded data into `directory` (created, with private permissions for its parent):
    /// the embedded emulator's `<cache>/emulator-7`, or the folder given to `termlets portal --data`.
    /// A folder that already holds a portal is left as it is (a restart on the same data).
    public static func copy(to directory: URL) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: directory.appendingPathComponent("portal.sqlite").path) { return }
        let template = try Self.template.get()
        try manager.createDirectory(
            at: directory.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for name in try manager.contentsOfDirectory(atPath: template.path) where !name.hasSuffix("-shm") {
            let copy = directory.appendingPathComponent(name)
            try manager.copyItem(at: template.appendingPathComponent(name), to: copy)
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy.path)
        }
    }

    /// The seeded folder: built on first use (callers at the same time wait for it).
    private static let template: Result<URL, any Error> = Result { try seed() }

    private static func seed() throws -> URL {
        let root = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("termlets-seeded-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        seededRootForCleanup = root.path
        atexit {
            if let path = seededRootForCleanup { try? FileManager.default.removeItem(atPath: path) }
        }
        let cache = root.appendingPathComponent("cache")
        let result = try ProcessRunner.termlets(
            ["list", "--record-set-id", "40001", "--format", "json",
             "--cache-dir", cache.path, "--config-dir", root.appendingPathComponent("config").path],
            timeout: 600)
        let data = cache.appendingPathComponent("emulator-7")
        guard result.status == 0, FileManager.default.fileExists(atPath: data.appendingPathComponent("portal.sqlite").path) else {
            throw SeedingFailed(status: result.status, stderr: result.stderr)
        }
        return data
    }
}

/// The binary could not seed the demo data.
public struct SeedingFailed: Error, CustomStringConvertible {
    public let status: Int32
    public let stderr: String
    public var description: String { "seeding the demo portal failed (exit \(status)): \(stderr)" }
}

/// The seeded folder's parent, removed when the test process exits.
nonisolated(unsafe) private var seededRootForCleanup: String?

extension SpawnedProcess {
    /// Starts `termlets portal --port <port> --data <data>` (plus `arguments`) on a copy of the
    /// seeded demo data in `data`, on a port below the ephemeral range (``SparePort``): tests stop
    /// these portals and expect their address to stay unreachable.
    public static func demoPortal(data: URL, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> SpawnedProcess {
        try SeededEmulatorData.copy(to: data)
        let port = try SparePort.belowEphemeralRange()
        return try SpawnedProcess(
            TermletsBinary.url, ["portal", "--port", String(port), "--data", data.path] + arguments, environment: environment)
    }
}
