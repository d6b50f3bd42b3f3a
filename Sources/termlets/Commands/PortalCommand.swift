import ArgumentParser
import DDM
import Dispatch
import Foundation
import PortalEmulator

/// `termlets portal`: runs the embedded portal emulator until SIGINT or SIGTERM.
struct PortalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "portal",
        abstract: "Run the embedded Liferay portal emulator (6.2, 7.x with Screens, or a stock 7.4) with its demo data.",
        discussion: """
            Prints `listening on http://HOST:PORT` as the first line once connections are accepted. \
            Demo users: test@liferay.com / test (admin) and viewer@liferay.com / viewer (view only).
            """
    )

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free port.")
    var port = 8080

    @Option(name: .customLong("portal-version"), help: "Portal version to emulate: 6.2, 7 (with the Screens plugin) or 7.4 (stock: Objects, headless, OAuth 2).")
    var portalVersion = "7"

    @Option(help: "Data directory; a restart on the same directory keeps all data (default: a fresh temporary one).")
    var data: String?

    @Option(help: "JSON seed file with more sites, users, structures, records, images and bookmarks.")
    var seed: String?

    @Option(name: .customLong("latency-ms"), help: "Latency added to every request, in milliseconds.")
    var latencyMs = 0

    @Option(name: .customLong("jitter-ms"), help: "Random extra latency, from 0 to this many milliseconds.")
    var jitterMs = 0

    @Option(name: .customLong("failure-rate"), help: "Share of requests answered with HTTP 500 (0 to 1).")
    var failureRate = 0.0

    @Option(name: .customLong("drop-rate"), help: "Share of requests whose connection is closed without an answer (0 to 1).")
    var dropRate = 0.0

    @Option(name: .customLong("truncate-rate"), help: "Share of requests answered with half a body (0 to 1).")
    var truncateRate = 0.0

    @Option(name: .customLong("drip-bytes-per-second"), help: "Trickle every answer's body at this many bytes per second (0: at once).")
    var dripBytesPerSecond = 0

    @Option(name: .customLong("fault-seed"), help: "Seed of the fault generator (the same seed gives the same faults).")
    var faultSeed: UInt64 = 1

    @Option(name: .customLong("oauth2-token-lifetime"), help: "Seconds an OAuth 2 access token lives (7.4; default 600).")
    var oauth2TokenLifetime = 600

    @Flag(help: "Start offline: close every connection without answering until POST /_emulator/faults {\"offline\": false}.")
    var offline = false

    func run() async throws {
        let release: EmulatorRelease = EmulatorRelease.stock74(argument: portalVersion) ? .liferay74 : .screensPlugin
        guard let version = release == .liferay74 ? .v7 : PortalVersion(argument: portalVersion) else {
            throw CommandFailure(.input, "unknown portal version \(portalVersion) (use 6.2, 7 or 7.4)")
        }
        guard (0...65_535).contains(port) else { throw CommandFailure(.input, "port \(port) is out of range") }
        guard (1...86_400).contains(oauth2TokenLifetime) else {
            throw CommandFailure(.input, "--oauth2-token-lifetime \(oauth2TokenLifetime): expected 1 to 86400 seconds")
        }
        guard (0...600_000).contains(latencyMs), (0...600_000).contains(jitterMs) else {
            throw CommandFailure(.input, "--latency-ms and --jitter-ms must be from 0 to 600000")
        }
        guard (0...600_000).contains(dripBytesPerSecond) else {
            throw CommandFailure(.input, "--drip-bytes-per-second must be an integer from 0 to 600000")
        }
        for (name, rate) in [("--failure-rate", failureRate), ("--drop-rate", dropRate), ("--truncate-rate", truncateRate)]
        where !(0...1).contains(rate) {
            throw CommandFailure(.input, "\(name) must be a number from 0 to 1")
        }
        let faults = FaultSettings(
            latencyMs: latencyMs, jitterMs: jitterMs, failureRate: failureRate, dropRate: dropRate,
            truncateRate: truncateRate, offline: offline, seed: faultSeed, dripBytesPerSecond: dripBytesPerSecond)
        if let seed, !FileManager.default.fileExists(atPath: seed) {
            throw CommandFailure(.input, "seed file \(seed) does not exist")
        }

        if let data { try Self.prepareDataFolder(data) }

        let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
        let emulator: PortalEmulator
        do {
            var options = EmulatorOptions(
                host: host, port: port, version: version,
                dataDirectory: data.map { URL(fileURLWithPath: $0, isDirectory: true) },
                seedFile: seed.map { URL(fileURLWithPath: $0) }, faults: faults, release: release)
            options.oauth2AccessTokenLifetime = .seconds(oauth2TokenLifetime)
            emulator = try await PortalEmulator.start(options)
        } catch let error as EmulatorError {
            throw CommandFailure(.input, error.description)
        } catch {
            throw CommandFailure(.network, "could not start the portal emulator on \(host):\(port): \(error)")
        }
        Console.out("listening on http://\(host.contains(":") ? "[\(host)]" : host):\(emulator.port)\n")
        await signals.wait()
        await emulator.stop()
    }

    /// Creates the `--data` folder (and its parents) if needed; a folder that cannot be made or
    /// used is the user's `input`, said in the file system's words, never a raw `NSError`.
    static func prepareDataFolder(_ path: String) throws(CommandFailure) {
        func refuse(_ reason: String) -> CommandFailure {
            CommandFailure(.input, "cannot use \(path) as the emulator's data folder: \(reason)")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw refuse("it is a file, not a folder") }
            guard FileManager.default.isWritableFile(atPath: path) else { throw refuse(String(cString: strerror(EACCES))) }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw refuse(FileSystemReason.creating(path, error))
        }
    }
}

/// Waits for one of the given signals, which it stops from killing the process.
final class SignalWaiter {
    private let sources: [any DispatchSourceSignal]
    private let stream: AsyncStream<Int32>

    init(signals: [Int32]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        self.stream = stream
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
    }

    func wait() async {
        for await _ in stream { return }
    }
}
