import DDM
import Foundation

/// How to start a ``PortalEmulator``.
public struct EmulatorOptions: Sendable {
    /// Address to listen on (loopback by default).
    public var host: String
    /// Port to listen on; 0 picks a free one (see ``PortalEmulator/baseURL``).
    public var port: Int
    /// The portal version to answer as.
    public var version: PortalVersion
    /// A portal with the Screens plugin, or a stock 7.4 (which needs `version` `.v7`).
    public var release: EmulatorRelease
    /// Where the SQLite database lives; a restart on the same directory keeps everything. When
    /// nil, a fresh temporary directory is used and removed on ``PortalEmulator/stop()``.
    public var dataDirectory: URL?
    /// A JSON seed file with more data (see `docs/emulator.md`), applied once per data directory.
    public var seedFile: URL?
    /// Faults to inject from the start.
    public var faults: FaultSettings
    /// How many requests the journal keeps.
    public var journalCapacity: Int
    /// How long the stock 7.4's OAuth 2 access tokens live (Liferay's default: 10 minutes); a
    /// short one lets tests see a client renew its token.
    public var oauth2AccessTokenLifetime: Duration = .seconds(600)

    public init(
        host: String = "127.0.0.1", port: Int = 0, version: PortalVersion = .v7, dataDirectory: URL? = nil,
        seedFile: URL? = nil, faults: FaultSettings = .none, latencyMs: Int? = nil, journalCapacity: Int = 10_000,
        release: EmulatorRelease = .screensPlugin
    ) {
        self.host = host
        self.port = port
        self.version = release == .liferay74 ? .v7 : version
        self.release = release
        self.dataDirectory = dataDirectory
        self.seedFile = seedFile
        var faults = faults
        if let latencyMs { faults.latencyMs = latencyMs }
        self.faults = faults
        self.journalCapacity = journalCapacity
    }
}
