import DDM
import Foundation
import OfflineStore
import PortalClient

/// A connection for commands that read through the offline cache (`list`, `gallery`,
/// `bookmarks`): a ``PortalConnection`` opened with `allowOffline` (unless `remote-only`), and
/// the cache of (server, user). When the portal cannot be reached, the connection is offline:
/// every fetch fails quickly as unreachable and the cache answers.
final class CacheReadingConnection: Sendable {
    /// The connection, logged in or offline.
    let connection: PortalConnection
    let calls: ServiceCalls
    /// The cache of (server, user); `nil` under `remote-only`.
    let database: CacheDatabase?

    private init(connection: PortalConnection, database: CacheDatabase?) {
        self.connection = connection
        self.calls = ServiceCalls(version: connection.version)
        self.database = database
    }

    var session: PortalSession { connection.session }
    /// The site: `--group-id`, the stored one, or (online) the user's first site.
    var groupId: Int64 { connection.groupId }
    var settings: ResolvedSettings { connection.settings }
    /// The logged-in connection, `nil` when the portal could not be reached.
    var online: PortalConnection? { connection.isOffline ? nil : connection }
    /// The locale pages are asked in.
    var locale: String { session.context.locale }

    /// Opens the cache (unless `remote-only`) and connects; an unreachable portal is an error
    /// only under `remote-only`. With `connects` false (a `cache-only` write), the connection is
    /// offline from the start: not a single request, not even the reachability probe. `probed` (the
    /// interactive screens): the run's ``Connectivity`` starts with what the connection found and a
    /// probe watches for the portal's return (``RunConnectivity``), so an offline start keeps the
    /// normal timeouts for when it is back.
    static func open(_ options: ConnectionOptions, policy: LoadPolicy, connects: Bool = true, probed: Bool = false)
        async throws(CommandFailure) -> CacheReadingConnection
    {
        let settings = try ResolvedSettings.resolve(options)
        let database = policy == .remoteOnly ? nil : try OfflineCache.open(settings)
        do {
            let connection = try await PortalConnection.open(
                settings, allowOffline: database != nil, connects: connects, probed: probed && database != nil)
            if probed, let database { RunConnectivity.start(database, connection: connection) }
            return CacheReadingConnection(connection: connection, database: database)
        } catch {
            try? database?.close()
            throw error
        }
    }

    /// Stops the probe; closes the session, the emulator and the cache.
    func close() async {
        database?.connectivity.stopProbing()
        await connection.close()
        try? database?.close()
    }
}

extension ConnectionOptions {
    /// Like `withConnection`, for commands reading through the cache under `policy`.
    @inline(never)  // see withClosing
    func withCacheReadingConnection<T>(
        policy: LoadPolicy, connects: Bool = true, probed: Bool = false, _ body: (CacheReadingConnection) async throws -> T
    ) async throws(CommandFailure) -> T {
        let connection = try await CacheReadingConnection.open(self, policy: policy, connects: connects, probed: probed)
        return try await withClosing(connection, close: { await $0.close() }, body)
    }
}
