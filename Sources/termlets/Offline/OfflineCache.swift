import Foundation
import OfflineStore

/// Opens the offline database of the configured (server, user) without the network.
///
/// The user identity is the login **as given** (`--user`, `TERMLETS_USER` or the config file),
/// trimmed and lower-cased (portal logins are case-insensitive): it is known offline, while the
/// numeric userId needs a login. The same person logging in once by e-mail and once by screen
/// name therefore has two queues; each is synced with its own login. The server is the URL
/// as configured; the embedded emulator, whose port changes every run, is `embedded-emulator-<version>`.
enum OfflineCache {
    /// The identity the cache of `settings` is kept under.
    static func identity(_ settings: ResolvedSettings) throws(CommandFailure) -> (server: String, user: String) {
        let server: String
        var user = settings.user
        switch settings.target {
        case .remote(let url):
            server = url.absoluteString
        case .embeddedEmulator:
            server = "embedded-emulator-" + (settings.portalVersion == .v62 ? "6.2" : "7")
            user = user ?? EmbeddedEmulator.defaultUser
        }
        guard let login = user?.trimmingCharacters(in: .whitespaces).lowercased(), !login.isEmpty else {
            throw CommandFailure(.authentication, "no user: give --user, set TERMLETS_USER, or run termlets login")
        }
        return (server, login)
    }

    /// The database of `settings`' (server, user), created on first use.
    static func open(_ settings: ResolvedSettings) throws(CommandFailure) -> CacheDatabase {
        let (server, user) = try identity(settings)
        do {
            try Directories.ensurePrivate(settings.cacheDirectory)
            return try CacheDatabase(cacheDirectory: settings.cacheDirectory, server: server, userId: user)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.input, "cannot open the offline cache: \(error)")
        }
    }
}
