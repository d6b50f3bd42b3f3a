import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Sync
import TermletsTestSupport

/// An in-process emulator on port 0 with its own data, a cache database in its own temporary
/// folder, a logged-in session and a sync engine over them.
final class SyncFixture: Sendable {
    static let groupId: Int64 = 20143
    /// "Every field kind": no required field.
    static let openSet: Int64 = 40001
    /// "Contacts": `Name` is required, so an add without it is refused.
    static let contactsSet: Int64 = 40003

    let emulator: PortalEmulator
    let folder: TemporaryDirectory
    let database: CacheDatabase
    let queue: PendingQueue
    let session: PortalSession

    private init(emulator: PortalEmulator, folder: TemporaryDirectory, database: CacheDatabase, session: PortalSession) {
        self.emulator = emulator
        self.folder = folder
        self.database = database
        self.queue = PendingQueue(database: database)
        self.session = session
    }

    static func start(faults: FaultSettings = .none, version: PortalVersion = .v7) async throws -> SyncFixture {
        let folder = try TemporaryDirectory(prefix: "termlets-sync")
        let emulator = try await PortalEmulator.start(
            EmulatorOptions(port: Int(try SparePort.belowEphemeralRange()), version: version, dataDirectory: folder.path("portal"), faults: faults))
        let database = try CacheDatabase(cacheDirectory: folder.path("cache"), server: emulator.baseURL.absoluteString, userId: "test@liferay.com")
        let session = try PortalSession(
            context: ServerContext(serverURL: emulator.baseURL, groupId: groupId, version: version),
            credentials: Credentials(username: "test@liferay.com", password: "test"),
            options: PortalSession.Options(timeout: .seconds(30), requestDeadline: .seconds(120)))
        do {
            _ = try await session.login()
        } catch {
            // A session released without shutdown traps in AsyncHTTPClient: stop it first.
            try? await session.shutdown()
            await emulator.stop()
            throw error
        }
        return SyncFixture(emulator: emulator, folder: folder, database: database, session: session)
    }

    func engine(batchSize: Int = 50, retryBackedOff: Bool = true) -> SyncEngine {
        SyncEngine(
            queue: queue, session: session,
            configuration: SyncConfiguration(batchSize: batchSize, groupId: Self.groupId, retryBackedOff: retryBackedOff))
    }

    func close() async {
        try? await session.shutdown()
        await emulator.stop()
    }

    /// Queues an add of a record titled `title` to `recordSetId`.
    @discardableResult
    func queueAdd(_ title: String, recordSetId: Int64 = openSet, values: [String: JSONValue]? = nil) throws -> QueueItem {
        let fields: [String: JSONValue] = values ?? (recordSetId == Self.contactsSet ? ["Name": .string(title)] : ["Title": .string(title)])
        return try queue.enqueue(.addRecord(recordSetId: recordSetId, groupId: Self.groupId, values: .object(fields)))
    }

    /// Every record of `recordSetId` on the portal (modelValues and modelAttributes).
    func portalRecords(_ recordSetId: Int64 = openSet) async throws -> [RecordData] {
        try await session.records(recordSetId: recordSetId, start: 0, end: 20_000, withCount: false).records
    }

    /// How many records of `recordSetId` carry each uuid.
    func uuidCounts(_ recordSetId: Int64 = openSet) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for record in try await portalRecords(recordSetId) {
            if let uuid = record.attributes["uuid"]?.stringValue { counts[uuid, default: 0] += 1 }
        }
        return counts
    }

    /// Total `/invoke` and upload requests carrying `service` (a path suffix such as `add-record`).
    func requests(_ service: String) -> Int {
        emulator.requestCounts.filter { $0.key.hasSuffix(service) }.values.reduce(0, +)
    }

    /// HTTP requests received that carried `service` at least once.
    func httpRequests(carrying service: String) -> Int {
        emulator.journal.filter { $0.services.contains { $0.hasSuffix(service) } }.count
    }
}

/// Runs `body` with a fixture, closing it afterwards.
func withFixture<T>(
    faults: FaultSettings = .none, version: PortalVersion = .v7, _ body: (SyncFixture) async throws -> T
) async throws -> T {
    let fixture = try await SyncFixture.start(faults: faults, version: version)
    do {
        let result = try await body(fixture)
        await fixture.close()
        return result
    } catch {
        await fixture.close()
        throw error
    }
}
