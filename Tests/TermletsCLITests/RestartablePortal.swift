import DDM
import Foundation
import TermletsTestSupport

/// A `termlets portal` of a test's own that the test stops and starts again on the same data
/// folder and port, as a user's portal goes away and comes back; read back with
/// ``PortalReadBack`` (never through Termlets).
final class RestartablePortal: @unchecked Sendable {
    let data: URL
    let address: String
    private let lock = NSLock()
    private var process: SpawnedProcess?

    private init(data: URL, address: String, process: SpawnedProcess) {
        self.data = data
        self.address = address
        self.process = process
    }

    /// Starts a portal on a free port with a copy of the seeded demo data in `<home>/portal`.
    static func start(_ home: CLIHome) async throws -> RestartablePortal {
        let data = home.directory.path("portal")
        let process = try SpawnedProcess.demoPortal(data: data)
        do {
            let line = try await process.firstLine(timeout: 120)
            guard line.hasPrefix("listening on ") else { throw PortalStartFailure(line: line + process.standardError()) }
            return RestartablePortal(data: data, address: String(line.dropFirst("listening on ".count)), process: process)
        } catch {
            process.terminate()
            throw error
        }
    }

    /// `--server URL --user USER` for the commands run against this portal.
    var server: [String] { ["--server", address, "--user", "test@liferay.com"] }

    /// The independent JSON-WS client reading what the portal holds.
    var readBack: PortalReadBack { PortalReadBack(server: address) }

    /// Stops the portal and waits for it to exit (its port then refuses connections).
    func stop() async throws {
        let running = lock.withLock {
            defer { process = nil }
            return process
        }
        guard let running else { return }
        running.terminate()
        let status = try await offPool { running.wait(timeout: 40) }
        guard status != nil else { throw PortalStartFailure(line: "the portal did not stop") }
    }

    /// Stops the portal without waiting (for a test's `defer`).
    func terminate() {
        lock.withLock {
            defer { process = nil }
            return process
        }?.terminate()
    }

    /// Starts the portal again on the same data folder and port.
    func restart() async throws {
        guard let port = URL(string: address)?.port else { throw PortalStartFailure(line: "no port in \(address)") }
        let spawned = try SpawnedProcess(TermletsBinary.url, ["portal", "--port", String(port), "--data", data.path])
        let line: String
        do {
            line = try await spawned.firstLine(timeout: 120)
        } catch {
            spawned.terminate()
            let errors = try await offPool { spawned.standardError() }
            throw PortalStartFailure(line: "restart on port \(port): \(error) \(errors)")
        }
        guard line.hasPrefix("listening on ") else {
            spawned.terminate()
            throw PortalStartFailure(line: line + spawned.standardError())
        }
        lock.withLock { process = spawned }
    }

    deinit {
        process?.terminate()
    }
}

/// Remembers whether a screen ever showed something it must not (checked while waiting).
final class ScreenWitness: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: String?

    /// Records `screen` if it contains `text`, and passes it on.
    func watch(_ screen: String, for text: String) -> String {
        if screen.contains(text) { lock.withLock { if seen == nil { seen = screen } } }
        return screen
    }

    /// The first screen that showed it, if any.
    var offending: String? { lock.withLock { seen } }
}
