import DDM
import Foundation
import PortalClient
import PortalEmulator

/// The world one benchmark run measures against: the portal emulator started in-process on a free
/// loopback port, with its data and a cache folder in a temporary directory removed afterwards.
final class BenchEnvironment: Sendable {
    static let groupId: Int64 = 20143
    /// "Issues": 10,000 records.
    static let issuesRecordSet: Int64 = 40002
    /// "Every field kind": no required field, so queued adds are accepted.
    static let openRecordSet: Int64 = 40001
    static let user = "test@liferay.com"
    static let password = "test"

    let folder: URL
    let emulator: PortalEmulator

    private init(folder: URL, emulator: PortalEmulator) {
        self.folder = folder
        self.emulator = emulator
    }

    /// A fresh temporary folder with the emulator's data in `portal/`.
    static func start() async throws -> BenchEnvironment {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("termlets-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            let emulator = try await PortalEmulator.start(
                EmulatorOptions(host: "127.0.0.1", port: 0, version: .v7, dataDirectory: folder.appendingPathComponent("portal")))
            return BenchEnvironment(folder: folder, emulator: emulator)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Sets the latency every request gets from now on (no other fault).
    func setLatency(milliseconds: Int) async {
        await emulator.setFaults(FaultSettings(latencyMs: milliseconds))
    }

    /// A new session logged in as the demo admin (its own HTTP client: connections are not shared).
    func session() async throws -> PortalSession {
        let session = try PortalSession(
            context: ServerContext(serverURL: emulator.baseURL, groupId: Self.groupId, version: .v7),
            credentials: Credentials(username: Self.user, password: Self.password),
            options: PortalSession.Options(timeout: .seconds(30), requestDeadline: .seconds(120)))
        do {
            _ = try await session.login()
            return session
        } catch {
            try? await session.shutdown()
            throw error
        }
    }

    /// A new, empty folder under the run's temporary directory.
    func subfolder(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return url
    }

    /// Stops the emulator and removes every file of the run.
    func close() async {
        await emulator.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Wall-clock and CPU clocks for the scenarios.
enum BenchClock {
    /// Milliseconds of a duration.
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }

    /// CPU time of the calling thread, in microseconds (`CLOCK_THREAD_CPUTIME_ID`: the same
    /// accounting as getrusage's RUSAGE_THREAD, in nanoseconds rather than scheduler ticks).
    static func threadCPUMicroseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
    }
}
