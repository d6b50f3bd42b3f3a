import DDM
import Foundation
import PortalClient
import PortalEmulator

/// A logged-in connection to a portal for one run of a command: the session, the user, the site
/// and the portal version — on a configured portal or on the embedded emulator.
final class PortalConnection: Sendable {
    let session: PortalSession
    let user: PortalUser
    /// The site the command works in: `--group-id`, the stored one, or the user's first site.
    let groupId: Int64
    let version: PortalVersion
    let settings: ResolvedSettings
    /// Set when the portal is the embedded emulator started for this run.
    let emulator: PortalEmulator?
    /// The password the session logged in with, for `termlets login` to store (never printed);
    /// empty for an OAuth 2 sign-in.
    let password: String
    /// The portal could not be reached and the caller accepted that (`allowOffline`): the session
    /// is not logged in, `user` is a stand-in and `groupId` is the configured one (0 if none).
    let isOffline: Bool
    /// The login of a connection opened with `logsInBehind`, running while the caller works from
    /// the cache: its failure, or `nil` once logged in (`nil` at once for any other connection).
    let loginBehind: Task<PortalError?, Never>?
    /// What ``loginBehind`` waits for before its first request: the caller opens it once its
    /// screen is drawn (it opens by itself shortly after otherwise).
    let loginBehindGate: LoginGate?

    var serverDescription: String { session.context.serverURL.absoluteString }

    private init(
        session: PortalSession, user: PortalUser, groupId: Int64, version: PortalVersion, settings: ResolvedSettings,
        emulator: PortalEmulator?, password: String, isOffline: Bool = false, loginBehind: Task<PortalError?, Never>? = nil,
        loginBehindGate: LoginGate? = nil
    ) {
        self.loginBehind = loginBehind
        self.loginBehindGate = loginBehindGate
        self.isOffline = isOffline
        self.password = password
        self.session = session
        self.user = user
        self.groupId = groupId
        self.version = version
        self.settings = settings
        self.emulator = emulator
    }

    /// Connects and logs in. With no server configured, starts the embedded emulator and logs in as
    /// its demo user. A missing password is asked for on a terminal, never echoed. With
    /// `allowOffline` (commands that can work from the offline cache), a short reachability probe
    /// (``ReachabilityProbe``) comes first, and a portal that cannot be reached gives an offline
    /// connection (``isOffline``) within about a second or two instead of a `network` failure.
    /// With `allowOffline` and `connects` false, the connection is offline at once, without a request.
    /// `probed`: the run's connectivity is probed while it lasts (the interactive screens), so an
    /// offline session keeps the normal timeouts (see ``offline(_:context:user:password:emulator:probed:)``).
    /// `logsInBehind` (a screen that can draw from the cache first): on a configured portal, no
    /// request before returning — the probe, the version, the login and the site are asked by
    /// ``loginBehind`` while the caller goes on (every request carries the credentials anyway),
    /// once the caller opens ``loginBehindGate`` (or ``LoginGate/fallback`` has passed).
    static func open(
        _ settings: ResolvedSettings, allowOffline: Bool = false, connects: Bool = true, probed: Bool = false,
        logsInBehind: Bool = false
    ) async throws(CommandFailure) -> PortalConnection {
        var emulator: PortalEmulator?
        let serverURL: URL
        var user = settings.user
        var password = settings.password
        switch settings.target {
        case .remote(let url):
            serverURL = url
        case .embeddedEmulator:
            let version: PortalVersion = settings.portalVersion == .v62 ? .v62 : .v7
            let started = try await EmbeddedEmulator.start(version: version, cacheDirectory: settings.cacheDirectory)
            emulator = started
            serverURL = started.baseURL
            user = user ?? EmbeddedEmulator.defaultUser
            if password == nil, let user { password = EmbeddedEmulator.demoPasswords[user.lowercased()] }
            if ProcessInfo.processInfo.environment["TERMLETS_QUIET"] == nil, isatty(STDERR_FILENO) == 1 {
                Console.err("termlets: no portal configured; using the embedded emulator at \(serverURL.absoluteString)\n")
            }
        }
        if settings.oauth2 != nil {
            // Signed in with OAuth 2: the tokens stand for the user; no password is involved.
            user = user ?? "oauth2"
            password = password ?? ""
        }
        guard let user, !user.isEmpty else {
            await emulator?.stop()
            throw CommandFailure(.authentication, "no user: give --user, set TERMLETS_USER, or run termlets login")
        }
        if password == nil {
            password = PasswordPrompt.ask("Password for \(user) at \(serverURL.absoluteString): ")
        }
        if let password, password.utf8.count > InputLimits.maxPasswordLength {
            await emulator?.stop()
            throw CommandFailure(.input, "the password is too long (at most \(InputLimits.maxPasswordLength) bytes)")
        }
        guard let password else {
            await emulator?.stop()
            throw CommandFailure(
                .authentication, "no password for \(user): set TERMLETS_PASSWORD, run termlets login, or run on a terminal to be asked")
        }

        let context = ServerContext(
            serverURL: serverURL, companyId: settings.companyID ?? 0, groupId: settings.groupID ?? 0,
            version: settings.portalVersion.map { $0 == .v62 ? .v62 : .v7 }, locale: settings.locale)
        if logsInBehind, allowOffline, connects, emulator == nil {
            return try await behind(settings, context: context, user: user, password: password)
        }
        // A command that can work from the cache asks first, briefly, whether the portal answers at all.
        if allowOffline, emulator == nil {
            let reachable = connects ? await ReachabilityProbe.answers(context, allowInsecure: settings.allowInsecure) : false
            if !reachable {
                return try await offline(settings, context: context, user: user, password: password, emulator: emulator, probed: probed)
            }
        }
        let session = try await session(
            context, user: user, password: password, options: PortalSession.Options(allowInsecure: settings.allowInsecure),
            emulator: emulator, settings: settings)
        do {
            let version = try await session.version()
            let loggedIn = try await session.login()
            var groupId = settings.groupID ?? 0
            if groupId == 0 {
                guard let site = try await session.sites().first else {
                    throw CommandFailure(.notFound, "\(user) belongs to no site; give --group-id")
                }
                groupId = site.groupId
            }
            session.setGroupId(groupId)
            return PortalConnection(
                session: session, user: loggedIn, groupId: groupId, version: version, settings: settings, emulator: emulator,
                password: password)
        } catch let error as PortalError where allowOffline && error.kind == .network && !error.isUntrustedCertificate {
            try? await session.shutdown()
            return try await offline(settings, context: context, user: user, password: password, emulator: emulator, probed: probed)
        } catch {
            try? await session.shutdown()
            await emulator?.stop()
            throw CommandFailure(error)
        }
    }

    /// The connection of a run that found the portal unreachable: not logged in, a stand-in user,
    /// the configured site (0 if none) and version (7 if none), and a session with short timeouts
    /// (``ReachabilityProbe/offlineOptions(allowInsecure:)``), so each later attempt of this run
    /// gives up at once and the cache or the queue answers. A `probed` run (the interactive
    /// screens) instead keeps the normal timeouts, connecting within the probe's connect timeout:
    /// its loads and writes skip the network while the run's ``Connectivity`` says offline, and
    /// go out normally once the probe has seen the portal again.
    private static func offline(
        _ settings: ResolvedSettings, context: ServerContext, user: String, password: String, emulator: PortalEmulator?,
        probed: Bool
    ) async throws(CommandFailure) -> PortalConnection {
        let version: PortalVersion = settings.portalVersion == .v62 ? .v62 : .v7
        var context = context
        context.version = version
        let options = probed
            ? PortalSession.Options(allowInsecure: settings.allowInsecure, connectTimeout: ReachabilityProbe.connectTimeout)
            : ReachabilityProbe.offlineOptions(allowInsecure: settings.allowInsecure)
        let session = try await session(context, user: user, password: password, options: options, emulator: emulator, settings: settings)
        let standIn = PortalUser(userId: 0, companyId: settings.companyID ?? 0, screenName: user, emailAddress: user, name: user)
        return PortalConnection(
            session: session, user: standIn, groupId: settings.groupID ?? 0, version: version, settings: settings,
            emulator: emulator, password: password, isOffline: true)
    }

    /// The connection of `logsInBehind`: a session with the normal timeouts, the configured site
    /// and version (or the usual defaults) and a stand-in user until ``loginBehind`` has asked the
    /// portal (which sets the session's version, company and site as a login in front does).
    private static func behind(_ settings: ResolvedSettings, context: ServerContext, user: String, password: String)
        async throws(CommandFailure) -> PortalConnection
    {
        let session = try await session(
            context, user: user, password: password, options: PortalSession.Options(allowInsecure: settings.allowInsecure),
            emulator: nil, settings: settings)
        let configuredGroupId = settings.groupID ?? 0
        let gate = LoginGate()
        let login = Task { () -> PortalError? in
            await gate.wait()
            do {
                try Task.checkCancellation()
                _ = try await session.version()
                try await session.login()
                if configuredGroupId == 0, let site = try await session.sites().first { session.setGroupId(site.groupId) }
                return nil
            } catch let error as PortalError {
                return error
            } catch {
                return PortalError(kind: .network, message: "\(error)")
            }
        }
        let standIn = PortalUser(userId: 0, companyId: settings.companyID ?? 0, screenName: user, emailAddress: user, name: user)
        return PortalConnection(
            session: session, user: standIn, groupId: configuredGroupId, version: settings.portalVersion == .v62 ? .v62 : .v7,
            settings: settings, emulator: nil, password: password, loginBehind: login, loginBehindGate: gate)
    }

    /// A session as `user`; an unusable server URL stops the emulator and fails as `input`.
    private static func session(
        _ context: ServerContext, user: String, password: String, options: PortalSession.Options, emulator: PortalEmulator?,
        settings: ResolvedSettings
    ) async throws(CommandFailure) -> PortalSession {
        do {
            if let oauth2 = settings.oauth2 {
                let bearer = oauth2.bearer(configDirectory: settings.configDirectory, options: options)
                return try PortalSession(context: context, credentials: nil, bearer: bearer, options: options)
            }
            return try PortalSession(context: context, credentials: Credentials(username: user, password: password), options: options)
        } catch {
            await emulator?.stop()
            throw CommandFailure(error, doing: "cannot connect to \(context.serverURL.absoluteString)")
        }
    }

    /// Closes the session and stops the embedded emulator, if one was started.
    func close() async {
        loginBehind?.cancel()
        _ = await loginBehind?.value
        try? await session.shutdown()
        await emulator?.stop()
    }
}

extension ConnectionOptions {
    /// Resolves the settings, opens a connection (see ``PortalConnection/open(_:allowOffline:connects:probed:logsInBehind:)``),
    /// runs `body`, and always closes the connection.
    @inline(never)  // see withClosing
    func withConnection<T>(
        allowOffline: Bool = false, logsInBehind: Bool = false, _ body: (PortalConnection) async throws -> T
    ) async throws(CommandFailure) -> T {
        let settings = try ResolvedSettings.resolve(self)
        let connection = try await PortalConnection.open(settings, allowOffline: allowOffline, logsInBehind: logsInBehind)
        return try await withClosing(connection, close: { await $0.close() }, body)
    }
}

/// Runs `body` with `resource` and always closes it afterwards; a failure becomes the contract's
/// ``CommandFailure``.
// Never inlined: Swift 6.3.1's optimiser crashes (signal 11 "While splitting coroutine", in
// `emitSetAndGetSwiftErrorValueAround`) on release builds of commands that inline this typed-throws
// async helper around an async closure (BookmarksCommand.run, ListCommand.runScreen).
@inline(never)
func withClosing<Resource, T>(
    _ resource: Resource, close: (Resource) async -> Void, _ body: (Resource) async throws -> T
) async throws(CommandFailure) -> T {
    do {
        let result = try await body(resource)
        await close(resource)
        return result
    } catch {
        await close(resource)
        throw CommandFailure(error)
    }
}
