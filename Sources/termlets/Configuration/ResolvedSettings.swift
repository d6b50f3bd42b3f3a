import Foundation

/// Where the portal comes from, after applying the contract's precedence: option, then
/// environment, then the config file, then the embedded emulator (no server configured at all).
enum PortalTarget: Equatable, Sendable {
    case remote(URL)
    case embeddedEmulator
}

/// Settings for one run, from options, environment and the stored configuration.
struct ResolvedSettings: Sendable {
    var target: PortalTarget
    var user: String?
    /// Where a password was found, if anywhere; the prompt is the last resort.
    var password: String?
    var companyID: Int64?
    var groupID: Int64?
    var portalVersion: PortalVersionArgument?
    var locale: String
    var cacheDirectory: URL
    var configDirectory: URL
    var allowInsecure: Bool
    var stored: StoredConfiguration
    /// The stored OAuth 2 sign-in to the target portal, used instead of Basic credentials unless a
    /// user is given for this run (`--user`, `TERMLETS_USER`).
    var oauth2: StoredOAuth2? = nil

    static let defaultLocale = "en_US"

    /// Applies the precedence. A server URL that does not parse is an `input` failure.
    static func resolve(
        _ options: ConnectionOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CommandFailure) -> ResolvedSettings {
        let configDirectory = Directories.config(override: options.configDirectory, environment: environment)
        let cacheDirectory = Directories.cache(override: options.cacheDirectory, environment: environment)
        let stored = try StoredConfiguration.load(from: configDirectory)
        try InputLimits.positive(options.companyID, "--company-id")
        try InputLimits.positive(options.groupID, "--group-id")

        let serverText = options.server ?? environment["TERMLETS_SERVER"].nonEmpty ?? stored.server
        let target: PortalTarget
        if let serverText {
            target = .remote(try parseServerURL(serverText))
        } else {
            target = .embeddedEmulator
        }
        // The stored user and password belong to the stored server only.
        let storedServerApplies = serverText == stored.server
        if storedServerApplies {
            let file = configDirectory.appendingPathComponent(StoredConfiguration.fileName).path
            try InputLimits.positive(stored.companyID, "\(file): companyId")
            try InputLimits.positive(stored.groupID, "\(file): groupId")
        }
        let user = options.user ?? environment["TERMLETS_USER"].nonEmpty ?? (storedServerApplies ? stored.user : nil)
        let password = environment["TERMLETS_PASSWORD"].nonEmpty ?? (storedServerApplies ? stored.password : nil)
        try InputLimits.length(user, "the user", max: InputLimits.maxUserLength)
        try InputLimits.length(password, "the password", max: InputLimits.maxPasswordLength)

        let version: PortalVersionArgument?
        if let given = options.portalVersion {
            version = given
        } else if storedServerApplies, let text = stored.portalVersion {
            version = PortalVersionArgument(argument: text)
        } else {
            version = nil
        }
        if let locale = options.locale, !isPlausibleLocale(locale) {
            throw CommandFailure(.input, "--locale \(locale): expected a locale such as en_US, es_ES or es")
        }
        var oauth2: StoredOAuth2?
        if case .remote(let url) = target, options.user == nil, environment["TERMLETS_USER"].nonEmpty == nil,
           let signIn = try StoredOAuth2.load(from: configDirectory), signIn.server == url.absoluteString {
            oauth2 = signIn
        }
        return ResolvedSettings(
            target: target,
            user: user,
            password: password,
            companyID: options.companyID ?? (storedServerApplies ? stored.companyID : nil),
            groupID: options.groupID ?? (storedServerApplies ? stored.groupID : nil),
            portalVersion: version,
            locale: options.locale ?? stored.locale ?? defaultLocale,
            cacheDirectory: cacheDirectory,
            configDirectory: configDirectory,
            allowInsecure: options.insecure,
            stored: stored,
            oauth2: oauth2)
    }

    /// Accepts `http://` and `https://` URLs with a host; a bare host gets `https://`.
    static func parseServerURL(_ text: String) throws(CommandFailure) -> URL {
        try InputLimits.length(text, "the server URL", max: InputLimits.maxServerLength)
        var candidate = text.trimmingCharacters(in: .whitespaces)
        if !candidate.contains("://") { candidate = "https://" + candidate }
        while candidate.hasSuffix("/") { candidate.removeLast() }
        guard let url = URL(string: candidate), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else {
            throw CommandFailure(.input, "server \(text): expected a URL such as https://portal.example.com")
        }
        if let port = url.port, !(1...65_535).contains(port) {
            throw CommandFailure(.input, "server \(text): the port must be from 1 to 65535")
        }
        return url
    }

    /// `ll`, `ll_CC`, or `ll_CC_variant` made of letters and digits.
    static func isPlausibleLocale(_ text: String) -> Bool {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let language = parts.first,
            (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}

extension Optional where Wrapped == String {
    /// `nil` for a missing or empty string.
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
