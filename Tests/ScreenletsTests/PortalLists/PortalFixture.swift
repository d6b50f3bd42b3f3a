import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import TermletsTestSupport
import Synchronization

/// An in-process emulator on port 0 with its own data, a logged-in session and a fresh offline
/// cache in a temporary folder.
struct PortalFixture: Sendable {
    let emulator: PortalEmulator
    let session: PortalSession
    let calls: ServiceCalls
    let database: CacheDatabase
    let folder: TemporaryDirectory

    static let issues: Int64 = 40002
    static let site: Int64 = 20143
    static let imageFolder: Int64 = 50001
    static let bookmarkFolder: Int64 = 60001

    /// `release` `.liferay74`: the stock 7.4 emulator (no Screens plugin; Objects, headless).
    static func start(_ version: PortalVersion = .v7, release: EmulatorRelease = .screensPlugin) async throws -> PortalFixture {
        let folder = try TemporaryDirectory(prefix: "termlets-listscreenlets")
        let emulator = try await PortalEmulator.start(EmulatorOptions(port: Int(try SparePort.belowEphemeralRange()), version: version, dataDirectory: folder.path("portal"), release: release))
        let session = try PortalSession(
            context: ServerContext(serverURL: emulator.baseURL, companyId: 20099, groupId: site, version: version),
            credentials: Credentials(username: "test@liferay.com", password: "test"),
            options: PortalSession.Options(timeout: .seconds(30), requestDeadline: .seconds(120)))
        let database: CacheDatabase
        do {
            _ = try await session.login()
            database = try CacheDatabase(location: CacheLocation(folder: folder.path("cache")))
        } catch {
            // A session released without shutdown traps in AsyncHTTPClient: stop both first.
            try? await session.shutdown()
            await emulator.stop()
            throw error
        }
        return PortalFixture(
            emulator: emulator, session: session, calls: ServiceCalls(version: version), database: database, folder: folder)
    }

    /// Runs `body` on a started fixture and always stops it.
    static func with(
        _ version: PortalVersion = .v7, release: EmulatorRelease = .screensPlugin, _ body: (PortalFixture) async throws -> Void
    ) async throws {
        let fixture = try await start(version, release: release)
        do {
            try await body(fixture)
            await fixture.stop()
        } catch {
            await fixture.stop()
            throw error
        }
    }

    func stop() async {
        try? await session.shutdown()
        await emulator.stop()
        try? database.close()
    }

    func setOffline(_ offline: Bool) async {
        await emulator.setFaults(FaultSettings(offline: offline))
    }

    /// The `/invoke` requests so far, as the service paths each carried.
    var invokes: [[String]] { emulator.journal.filter { $0.path.hasPrefix("/api/jsonws/invoke") }.map(\.services) }

    /// The `start` of every `get-ddl-records` command the portal received. A request the client
    /// abandoned before its body arrived (a load cancelled by a refresh) carries no commands.
    func recordPageStarts() throws -> [Int64] {
        try emulator.journal.filter { $0.path.hasPrefix("/api/jsonws/invoke") && $0.fault != "abandoned" }.flatMap { entry -> [Int64] in
            guard case .array(let commands) = try JSONValue.parse(bytes: entry.body) else { return [] }
            return commands.compactMap { command -> Int64? in
                guard case .object(let members) = command, let (path, params) = members.first,
                    path.hasSuffix("/get-ddl-records")
                else { return nil }
                return params["start"]?.int64Value
            }
        }
    }

    /// A DDL list of the Issues record set.
    func issuesList(
        policy: LoadPolicy = .remoteFirst, labelFields: [String] = ["Title"], userId: Int64 = 0, cached: Bool = true
    ) throws -> DDLListScreenlet {
        try DDLListScreenlet(
            configuration: DDLListConfiguration(
                recordSetId: Self.issues, labelFields: labelFields, userId: userId, offlinePolicy: policy),
            session: session, calls: calls, database: cached ? database : nil)
    }

    /// A gallery of the demo images.
    func gallery(policy: LoadPolicy = .remoteFirst) -> GalleryScreenlet {
        GalleryScreenlet(
            configuration: GalleryConfiguration(repositoryId: Self.site, folderId: Self.imageFolder, offlinePolicy: policy),
            session: session, calls: calls, database: database)
    }

    /// A PNG-named file of `size` bytes in the fixture's folder.
    func imageFile(_ name: String, size: Int) throws -> URL {
        let url = folder.path(name)
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += (0..<max(0, size - bytes.count)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: url)
        return url
    }
}

/// Collects a stream's events in the background, for tests to wait on.
final class EventRecorder<Event: Sendable>: Sendable {
    private let stored = Mutex<[Event]>([])
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(_ stream: AsyncStream<Event>) {
        let reader = Task { [weak self] in
            for await event in stream { self?.append(event) }
        }
        task.withLock { $0 = reader }
    }

    deinit { task.withLock { $0?.cancel() } }

    private func append(_ event: Event) {
        stored.withLock { $0.append(event) }
    }

    var events: [Event] { stored.withLock { $0 } }

    /// Waits until `condition` holds for the events so far.
    func wait(for what: String, timeout: Double = 60, _ condition: ([Event]) -> Bool) async throws {
        _ = try await waitFor(what, timeout: timeout) { condition(events) ? true : nil }
    }
}
