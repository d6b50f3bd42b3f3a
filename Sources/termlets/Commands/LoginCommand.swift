import ArgumentParser
import DDM
import Foundation

/// `termlets login`: checks the credentials against the portal and stores the server context.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Check your credentials and remember the portal, user and site.",
        discussion: """
            Stores the server, user, company, site, portal version and locale in \
            <config-dir>/config.json (mode 0600). The password is stored there too with \
            --save-password, or when you say yes on a terminal; with --no-save-password (or no), \
            commands ask for it on a terminal or read TERMLETS_PASSWORD. It is never printed.

            With --oauth2, signs in through the portal's OAuth 2 provider instead (docs/oauth2.md): \
            the authorization code flow with PKCE (default; a browser comes back to a loopback \
            port, or with --no-browser you type the code the portal shows), or client credentials \
            with the secret read from --client-secret-file. The tokens go to \
            <config-dir>/oauth2.json (mode 0600), are renewed on their own and never printed; \
            every command then uses them. A login without --oauth2 removes them.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Flag(
        name: .customLong("save-password"), inversion: .prefixedNo,
        help: "Store the password in the config file, or not (default: asked on a terminal, stored otherwise).")
    var savePassword: Bool?

    @Option(help: "json or text (default: text on a terminal, JSON otherwise).")
    var format: String?

    @OptionGroup var oauth2: OAuth2LoginOptions

    func run() async throws {
        let format = try OutputFormat.resolve(format, allowed: [.json, .text])
        var settings = try ResolvedSettings.resolve(connection)
        if oauth2.enabled {
            settings.oauth2 = try await oauth2.signIn(settings)
        } else {
            try oauth2.checkUnused()
            settings.oauth2 = nil
        }
        let opened = try await PortalConnection.open(settings)
        await opened.close()
        var stored = settings.stored
        let configFile = settings.configDirectory.appendingPathComponent(StoredConfiguration.fileName)
        let isRemote: Bool
        var passwordStored = false
        if case .remote(let url) = settings.target {
            isRemote = true
            if stored.server != url.absoluteString { stored = StoredConfiguration() }
            stored.server = url.absoluteString
            if var signIn = settings.oauth2 {
                // The OAuth 2 sign-in replaces a stored password; its tokens (renewed meanwhile, perhaps) go to oauth2.json.
                if let bearer = opened.session.bearer { signIn = signIn.replacing(bearer.tokens) }
                try signIn.save(to: settings.configDirectory)
                stored.user = opened.user.emailAddress
                stored.password = nil
            } else {
                stored.user = opened.session.credentials?.username
                passwordStored = savePassword
                    ?? PasswordPrompt.confirm("Keep the password in \(configFile.path) (readable by you alone)?", defaultAnswer: true)
                    ?? true
                stored.password = passwordStored ? opened.password : nil
                try StoredOAuth2.remove(from: settings.configDirectory)
            }
            stored.companyID = opened.user.companyId
            stored.groupID = opened.groupId
            stored.portalVersion = opened.version.rawValue
            if let locale = connection.locale { stored.locale = locale }
            try stored.save(to: settings.configDirectory)
        } else {
            isRemote = false
        }
        let json: JSONValue = [
            "server": .string(opened.serverDescription),
            "embeddedEmulator": .bool(!isRemote),
            "userId": .int(opened.user.userId),
            "screenName": .string(opened.user.screenName),
            "emailAddress": .string(opened.user.emailAddress),
            "companyId": .int(opened.user.companyId),
            "groupId": .int(opened.groupId),
            "portalVersion": .string(opened.version.rawValue),
            "stored": .bool(isRemote),
            "configFile": isRemote ? .string(configFile.path) : .null,
            "passwordStored": .bool(passwordStored),
            "authentication": .string(settings.oauth2 == nil ? "basic" : "oauth2"),
        ]
        switch format {
        case .json: Console.printJSON(json)
        default:
            Console.out("Logged in to \(opened.serverDescription) as \(opened.user.name) <\(opened.user.emailAddress)>, site \(opened.groupId), portal \(opened.version.rawValue).\n")
            Console.out(isRemote
                ? (settings.oauth2 != nil
                    ? "Signed in with OAuth 2; the tokens are saved in \(StoredOAuth2.file(in: settings.configDirectory).path) (readable by you alone).\n"
                    : Self.savedLine(configFile.path, passwordStored: passwordStored))
                : "No portal is configured: this is the embedded emulator, so nothing was stored. Give --server to log in to a portal.\n")
        }
    }

    /// Where the settings went, and whether the password is among them.
    static func savedLine(_ path: String, passwordStored: Bool) -> String {
        passwordStored
            ? "Saved in \(path), with the password (readable by you alone; --no-save-password keeps it out).\n"
            : "Saved in \(path), without the password: commands ask for it on a terminal or read TERMLETS_PASSWORD.\n"
    }
}
