import DDM
import Foundation
import GRDB
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A running portal emulator: a real HTTP server answering Liferay's JSON web services as a
/// 6.2 or 7.x portal does, over its own SQLite data.
///
/// ```swift
/// let emulator = try await PortalEmulator.start(EmulatorOptions(version: .v62))
/// defer { Task { await emulator.stop() } }
/// // talk to emulator.baseURL with test@liferay.com / test
/// ```
public final class PortalEmulator: Sendable {
    /// `http://HOST:PORT` of the running server.
    public let baseURL: URL
    /// The port actually bound.
    public let port: Int
    public let version: PortalVersion
    /// A portal with the Screens plugin, or a stock 7.4.
    public let release: EmulatorRelease
    /// The directory holding `portal.sqlite`.
    public let dataDirectory: URL

    private let faultInjector: FaultInjector
    private let requestJournal: RequestJournal
    private let database: PortalDatabase
    private let serverTask: Task<Void, Never>
    /// Runs the server; stopping it is a graceful shutdown of this group.
    private let serviceGroup: ServiceGroup
    private let removesDataDirectory: Bool
    private let stopped = Locked(false)

    private init(
        baseURL: URL, port: Int, version: PortalVersion, release: EmulatorRelease, dataDirectory: URL, faults: FaultInjector, journal: RequestJournal,
        database: PortalDatabase, serverTask: Task<Void, Never>, serviceGroup: ServiceGroup, removesDataDirectory: Bool
    ) {
        self.baseURL = baseURL
        self.port = port
        self.version = version
        self.release = release
        self.dataDirectory = dataDirectory
        self.faultInjector = faults
        self.requestJournal = journal
        self.database = database
        self.serverTask = serverTask
        self.serviceGroup = serviceGroup
        self.removesDataDirectory = removesDataDirectory
    }

    /// Opens (or creates, with the demo data) the data directory, applies the seed file, and
    /// returns once the server accepts connections.
    public static func start(_ options: EmulatorOptions) async throws -> PortalEmulator {
        let directory = options.dataDirectory ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("termlets-portal-\(UUID().uuidString.lowercased())", isDirectory: true)
        do {
            return try await start(options, directory: directory)
        } catch {
            // A temporary directory of ours is not left behind by a failed start.
            if options.dataDirectory == nil { try? FileManager.default.removeItem(at: directory) }
            throw error
        }
    }

    private static func start(_ options: EmulatorOptions, directory: URL) async throws -> PortalEmulator {
        if PortalDatabase.isEmpty(directory) { try await DemoTemplate.shared.install(into: directory) }
        let database = try PortalDatabase(directory: directory)
        do {
            try await prepareData(database, seedFile: options.seedFile)
            return try await serve(options, directory: directory, database: database)
        } catch {
            try? database.pool.close()
            throw error
        }
    }

    private static func serve(_ options: EmulatorOptions, directory: URL, database: PortalDatabase) async throws -> PortalEmulator {
        let faults = FaultInjector(options.faults)
        let journal = RequestJournal(capacity: options.journalCapacity)
        let invoker = Invoker(registry: ServiceCatalog.registry(for: options.version, release: options.release), database: database)
        let host = options.host
        let version = options.version
        let release = options.release
        let headless = release == .liferay74 ? HeadlessRouter(invoker: invoker, oauth2: OAuth2Provider(invoker: invoker, accessLifetimeMs: options.oauth2AccessTokenLifetime.components.seconds * 1000)) : nil
        let responder = EmulatorResponder(invoker: invoker, headless: headless, faults: faults, journal: journal) {
            ["version": .string(release == .liferay74 ? "7.4" : version.rawValue), "dataDirectory": .string(directory.path),
             "buildNumber": .int(Int64(release == .liferay74 ? PortalIdentity.liferay74BuildNumber : PortalIdentity.buildNumber(version)))]
        }
        var logger = Logger(label: "termlets.portal-emulator")
        logger.logLevel = .critical
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let failure = Locked<(any Error)?>(nil)
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: options.port), serverName: nil),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? options.port)
            },
            logger: logger)
        // No signal handlers: `termlets portal` handles its signals itself and calls `stop()`.
        let serviceGroup = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [], logger: logger))
        let serverTask = Task {
            do {
                try await serviceGroup.run()
            } catch {
                failure.withLock { $0 = error }
            }
            portContinuation.finish()
        }
        var boundPort: Int?
        for await port in portStream {
            boundPort = port
            break
        }
        guard let boundPort else {
            serverTask.cancel()
            await serverTask.value
            throw failure.current ?? EmulatorError.didNotStart
        }
        let urlHost = host.contains(":") ? "[\(host)]" : host
        return PortalEmulator(
            baseURL: URL(string: "http://\(urlHost):\(boundPort)")!, port: boundPort, version: options.version, release: options.release,
            dataDirectory: directory, faults: faults, journal: journal, database: database, serverTask: serverTask,
            serviceGroup: serviceGroup, removesDataDirectory: options.dataDirectory == nil)
    }

    /// Creates the demo data on first start and applies the seed file once per data directory.
    static func prepareData(_ database: PortalDatabase, seedFile: URL?) async throws {
        let seed = try seedFile.map { try SeedFile.load($0) }
        try await database.pool.write { db in
            let demoCreated = try String.fetchOne(db, sql: "SELECT value FROM emulator_meta WHERE key = 'demo'") != nil
            if !demoCreated {
                try DemoData.create(in: db)
                try db.execute(sql: "INSERT INTO emulator_meta (key, value) VALUES ('demo', '1')")
            }
            // Data directories made before Objects and OAuth 2 existed gain their demo data too.
            try DemoModernData.createIfMissing(in: db)
            if let seed {
                let key = "seed:\(seed.digest)"
                if try String.fetchOne(db, sql: "SELECT value FROM emulator_meta WHERE key = ?", arguments: [key]) == nil {
                    try seed.apply(to: db)
                    try db.execute(sql: "INSERT INTO emulator_meta (key, value) VALUES (?, '1')", arguments: [key])
                }
            }
        }
    }

    /// The faults in force.
    public var faults: FaultSettings { faultInjector.settings }

    /// Replaces the injected faults (the fault generator restarts from `faults.seed`).
    public func setFaults(_ faults: FaultSettings) async {
        faultInjector.set(faults)
    }

    /// The requests received so far (the most recent ``EmulatorOptions/journalCapacity``).
    public var journal: [JournalEntry] { requestJournal.entries }

    /// How many times each service path was called since the start or the last clear.
    public var requestCounts: [String: Int] { requestJournal.counts }

    /// Empties the journal and the counters.
    public func clearJournal() {
        requestJournal.clear()
    }

    /// Stops the server (open connections are closed) and, for a temporary data directory,
    /// removes it. Safe to call more than once.
    public func stop() async {
        let first = stopped.withLock { wasStopped -> Bool in
            defer { wasStopped = true }
            return !wasStopped
        }
        guard first else { return }
        await shutDownServer()
        try? database.pool.close()
        if removesDataDirectory { try? FileManager.default.removeItem(at: dataDirectory) }
    }

    /// How long a graceful stop waits for requests in flight (e.g. held by injected latency)
    /// before the server is cancelled.
    static let gracefulStopLimit: Duration = .seconds(3)

    /// Stops the server gracefully: it stops accepting, serves every connection it has accepted
    /// and closes them. Cancelling the server task instead can trap in SwiftNIO when a connection
    /// was accepted but not yet handed to the server ("Deinited NIOAsyncWriter without calling
    /// finish()", apple/swift-nio#2637). Requests still running after ``gracefulStopLimit`` are cancelled.
    private func shutDownServer() async {
        await serviceGroup.triggerGracefulShutdown()
        let serverTask = serverTask
        let watchdog = Task {
            try await Task.sleep(for: Self.gracefulStopLimit)
            serverTask.cancel()
        }
        await serverTask.value
        watchdog.cancel()
    }

    /// Waits until the server stops (after ``stop()`` or a failure).
    public func waitUntilStopped() async {
        await serverTask.value
    }
}

/// Failures of ``PortalEmulator/start(_:)``.
public enum EmulatorError: Error, Sendable, CustomStringConvertible {
    case didNotStart
    case invalidSeed(String)

    public var description: String {
        switch self {
        case .didNotStart: return "the portal emulator did not start"
        case .invalidSeed(let reason): return "invalid seed file: \(reason)"
        }
    }
}
