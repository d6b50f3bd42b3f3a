import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import TermletsTestSupport

/// An in-process emulator on a free port with its own data, a logged-in session, and an offline
/// store in a temporary folder: what one form screenlet test needs.
final class FormHarness: Sendable {
    let emulator: PortalEmulator
    let session: PortalSession
    let cache: CacheDatabase
    let folder: TemporaryDirectory

    private init(emulator: PortalEmulator, session: PortalSession, cache: CacheDatabase, folder: TemporaryDirectory) {
        self.emulator = emulator
        self.session = session
        self.cache = cache
        self.folder = folder
    }

    /// An emulator with the demo data, and `seed` (an emulator seed file's JSON) when given.
    static func start(version: PortalVersion = .v7, seed: String? = nil) async throws -> FormHarness {
        let folder = try TemporaryDirectory(prefix: "termlets-form")
        var seedFile: URL?
        if let seed {
            seedFile = folder.path("seed.json")
            try Data(seed.utf8).write(to: folder.path("seed.json"))
        }
        let emulator = try await PortalEmulator.start(
            EmulatorOptions(port: Int(try SparePort.belowEphemeralRange()), version: version, dataDirectory: folder.path("portal"), seedFile: seedFile))
        let session = try PortalSession(
            context: ServerContext(serverURL: emulator.baseURL, groupId: 20143),
            credentials: Credentials(username: "test@liferay.com", password: "test"),
            options: PortalSession.Options(timeout: .seconds(30)))
        let cache: CacheDatabase
        do {
            _ = try await session.version()
            _ = try await session.login()
            cache = try CacheDatabase(cacheDirectory: folder.path("cache"), server: emulator.baseURL.absoluteString, userId: "test")
        } catch {
            // A session released without shutdown traps in AsyncHTTPClient: stop it first.
            try? await session.shutdown()
            await emulator.stop()
            throw error
        }
        return FormHarness(emulator: emulator, session: session, cache: cache, folder: folder)
    }

    /// A screenlet with Screens' defaults changed by `configure`.
    func screenlet(
        locale: PortalLocale = .enUS, _ configure: (inout FormScreenletAttributes) -> Void = { _ in }
    ) -> FormScreenlet {
        var attributes = FormScreenletAttributes()
        attributes.groupId = 20143
        configure(&attributes)
        return FormScreenlet(portal: FormPortal(session: session), cache: cache, attributes: attributes, locale: locale)
    }

    func setOffline(_ offline: Bool) async {
        await emulator.setFaults(FaultSettings(offline: offline))
    }

    /// A file of `size` bytes in the test's folder.
    func file(_ name: String, size: Int) throws -> URL {
        let url = folder.path(name)
        try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: url)
        return url
    }

    var queue: PendingQueue { PendingQueue(database: cache) }

    func stop() async {
        try? await session.shutdown()
        try? cache.close()
        await emulator.stop()
    }
}

/// Runs `body` with a fresh harness and always stops it.
func withHarness(version: PortalVersion = .v7, seed: String? = nil, _ body: (FormHarness) async throws -> Void) async throws {
    let harness = try await FormHarness.start(version: version, seed: seed)
    do {
        try await body(harness)
        await harness.stop()
    } catch {
        await harness.stop()
        throw error
    }
}

/// Collects a screenlet's events as they come.
final class EventRecorder: Sendable {
    private let box = Box()
    private let task: Task<Void, Never>

    init(_ screenlet: FormScreenlet) {
        let box = self.box
        task = Task { for await event in screenlet.events { await box.append(event) } }
    }

    var events: [FormEvent] { get async { await box.events } }
    var names: [String] { get async { await box.events.map(\.name) } }

    /// Waits (generously) until an event satisfies `match`.
    func waitFor(_ what: String, _ match: @escaping @Sendable (FormEvent) -> Bool) async throws {
        _ = try await TermletsTestSupport.waitFor(what, timeout: 60) { await self.box.events.contains(where: match) ? true : nil }
    }

    private actor Box {
        var events: [FormEvent] = []
        func append(_ event: FormEvent) { events.append(event) }
    }
}
