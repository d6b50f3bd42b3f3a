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
            <config-dir>/config.json (mode 0600). The password is stored there too unless \
            --no-save-password is given; it is never printed.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .customLong("save-password"), inversion: .prefixedNo, help: "Store the password in the config file.")
    var savePassword = true

    @Option(help: "json or text (default: text on a terminal, JSON otherwise).")
    var format: String?

    func run() async throws {
        let format = try OutputFormat.resolve(format, allowed: [.json, .text])
        let settings = try ResolvedSettings.resolve(connection)
        let opened = try await PortalConnection.open(settings)
        await opened.close()
        var stored = settings.stored
        let isRemote: Bool
        if case .remote(let url) = settings.target {
            isRemote = true
            if stored.server != url.absoluteString { stored = StoredConfiguration() }
            stored.server = url.absoluteString
            stored.user = opened.session.credentials?.username
            stored.password = savePassword ? opened.password : nil
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
        ]
        switch format {
        case .json: Console.printJSON(json)
        default:
            Console.out("Logged in to \(opened.serverDescription) as \(opened.user.name) <\(opened.user.emailAddress)>, site \(opened.groupId), portal \(opened.version.rawValue).\n")
            Console.out(isRemote
                ? "Saved in \(settings.configDirectory.appendingPathComponent(StoredConfiguration.fileName).path)\(savePassword ? " (with the password, readable by you alone)" : "").\n"
                : "No portal is configured: this is the embedded emulator, so nothing was stored. Give --server to log in to a portal.\n")
        }
    }
}
