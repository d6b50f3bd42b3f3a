import ArgumentParser

/// The options every command that talks to a portal takes (the contract's "Every command").
struct ConnectionOptions: ParsableArguments {
    @Option(help: "Portal URL, e.g. https://portal.example.com (default: $TERMLETS_SERVER, the config file, or the embedded emulator).")
    var server: String?

    @Option(help: "User: email address, screen name or numeric user id (default: $TERMLETS_USER or the config file).")
    var user: String?

    @Option(name: .customLong("company-id"), parsing: .unconditional, help: "The portal's company id (found at login when omitted).")
    var companyID: Int64?

    @Option(name: .customLong("group-id"), parsing: .unconditional, help: "The site (group) id (default: the user's first site).")
    var groupID: Int64?

    @Option(name: .customLong("portal-version"), help: "Portal version, 6.2 or 7 (default: detected from the portal).")
    var portalVersion: PortalVersionArgument?

    @Option(help: "Locale such as en_US or es_ES; a bare language such as es is taken literally.")
    var locale: String?

    @Option(name: .customLong("cache-dir"), help: "Folder of the offline database and cached files.")
    var cacheDirectory: String?

    @Option(name: .customLong("config-dir"), help: "Folder of the stored server context and settings.")
    var configDirectory: String?

    @Flag(help: "Allow sending credentials over plain http:// to a host other than this machine, and accept an https:// certificate that cannot be verified.")
    var insecure = false
}

/// `--portal-version 6.2|7`.
enum PortalVersionArgument: String, ExpressibleByArgument, Sendable {
    case v62 = "6.2"
    case v7 = "7"

    init?(argument: String) {
        switch argument.lowercased() {
        case "6.2", "62", "6": self = .v62
        case "7", "7.0", "7.x", "70", "71", "72", "73", "7.1", "7.2", "7.3", "7.4": self = .v7
        default: return nil
        }
    }
}
