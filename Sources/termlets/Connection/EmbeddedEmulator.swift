import DDM
import Foundation
import PortalEmulator

/// The portal emulator Termlets starts in-process when no portal is configured, so a first run
/// needs nothing but the build. Its data lives in the cache folder and survives between runs.
enum EmbeddedEmulator {
    /// The demo users and their passwords (public demo data, see docs/emulator.md).
    static let demoPasswords = [
        "test@liferay.com": "test", "test": "test", "20139": "test",
        "viewer@liferay.com": "viewer", "viewer": "viewer", "20140": "viewer",
    ]
    static let defaultUser = "test@liferay.com"

    /// Starts the emulator on a free loopback port with its data in `<cache>/emulator-<version>`.
    static func start(version: PortalVersion, cacheDirectory: URL) async throws(CommandFailure) -> PortalEmulator {
        let data = cacheDirectory.appendingPathComponent("emulator-\(version == .v62 ? "6.2" : "7")", isDirectory: true)
        try Directories.ensurePrivate(cacheDirectory)
        do {
            return try await PortalEmulator.start(
                EmulatorOptions(host: "127.0.0.1", port: 0, version: version, dataDirectory: data))
        } catch let error as EmulatorError {
            throw CommandFailure(.input, "the embedded portal emulator could not start: \(error.description)")
        } catch {
            throw CommandFailure(.network, "the embedded portal emulator could not start: \(error)")
        }
    }
}
