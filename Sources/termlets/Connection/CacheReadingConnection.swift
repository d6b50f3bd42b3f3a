import DDM
import Foundation
import OfflineStore
import PortalClient

/// A connection for commands that read through the offline cache (`list`, `gallery`,
/// `bookmarks`): logged in when the portal answers; when it cannot be reached and the policy may
/// answer from the cache, a session that has not logged in, so every fetch fails as unreachable
/// and the cache answers. The version is then the configured one (7 when none): it only shapes
/// calls that cannot be sent anyway.
final class CacheReadingConnection: Sendable {
    let session: PortalSession
    let calls: ServiceCalls
    /// The site: `--group-id`, the stored one, or (online) the user's first site.
    let groupId: Int64
    let settings: ResolvedSettings
    /// The cache of (server, user); `nil` under `remote-only`.
    let database: CacheDatabase?
    /// The logged-in connection, `nil` when the portal could not be reached.
    let online: PortalConnection?

    private init(
        session: PortalSession, calls: ServiceCalls, groupId: Int64, settings: ResolvedSettings, database: CacheDatabase?,
        online: PortalConnection?
    ) {
        self.session = session
        self.calls = calls
        self.groupId = groupId
        self.settings = settings
        self.database = database
        self.online = online
    }

    /// The locale pages are asked in.
    var locale: String { session.context.locale }

    /// Opens the cache (unless `remote-only`) and connects; an unreachable portal is an error
    /// only under `remote-only`.
    static func open(_ options: ConnectionOptions, policy: LoadPolicy) async throws(CommandFailure) -> CacheReadingConnection {
        let settings = try ResolvedSettings.resolve(options)
        let database = policy == .remoteOnly ? nil : try OfflineCache.open(settings)
        let connection: PortalConnection
        do {
            connection = try await PortalConnection.open(settings)
        } catch {
            guard error.kind == .network, database != nil else {
                try? database?.close()
                throw error
            }
            return try offline(settings, database: database)
        }
        return CacheReadingConnection(
            session: connection.session, calls: ServiceCalls(version: connection.version), groupId: connection.groupId,
            settings: settings, database: database, online: connection)
    }

    private static func offline(_ settings: ResolvedSettings, database: CacheDatabase?) throws(CommandFailure)
        -> CacheReadingConnection
    {
        guard case .remote(let url) = settings.target else {
            throw CommandFailure(.network, "the embedded emulator did not start")
        }
        let version: PortalVersion = settings.portalVersion == .v62 ? .v62 : .v7
        let context = ServerContext(
            serverURL: url, companyId: settings.companyID ?? 0, groupId: settings.groupID ?? 0, version: version,
            locale: settings.locale)
        do {
            let session = try PortalSession(
                context: context, credentials: Credentials(username: settings.user ?? "", password: settings.password ?? ""),
                // The portal just failed to answer: later fetches of this run give up quickly.
                options: PortalSession.Options(
                    timeout: .seconds(2), requestDeadline: .seconds(5), allowInsecure: settings.allowInsecure))
            return CacheReadingConnection(
                session: session, calls: ServiceCalls(version: version), groupId: settings.groupID ?? 0, settings: settings,
                database: database, online: nil)
        } catch {
            throw CommandFailure(error, doing: "cannot connect to \(url.absoluteString)")
        }
    }

    /// Closes the session, the emulator and the cache.
    func close() async {
        if let online { await online.close() } else { try? await session.shutdown() }
        try? database?.close()
    }
}

extension ConnectionOptions {
    /// Like `withConnection`, for commands reading through the cache under `policy`.
    func withCacheReadingConnection<T>(policy: LoadPolicy, _ body: (CacheReadingConnection) async throws -> T)
        async throws(CommandFailure) -> T
    {
        let connection = try await CacheReadingConnection.open(self, policy: policy)
        do {
            let result = try await body(connection)
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw CommandFailure(error)
        }
    }
}
