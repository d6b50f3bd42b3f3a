import DDM
import Foundation

/// Where the portal is and what the client knows about it: server URL, company, default site,
/// portal version and the locale used for localized answers.
public struct ServerContext: Sendable, Hashable {
    /// The portal's base URL, e.g. `https://portal.example.com` (a context path is kept).
    public var serverURL: URL
    /// The portal instance; `0` until known (login finds it from the user's first site).
    public var companyId: Int64
    /// The default site for calls that need one; `0` when unset.
    public var groupId: Int64
    /// The portal family; `nil` means "detect it on first use".
    public var version: PortalVersion?
    /// The locale for localized answers, `ll_CC` (e.g. `en_US`).
    public var locale: String

    public init(serverURL: URL, companyId: Int64 = 0, groupId: Int64 = 0, version: PortalVersion? = nil, locale: String = "en_US") {
        self.serverURL = serverURL
        self.companyId = companyId
        self.groupId = groupId
        self.version = version
        self.locale = locale
    }

    /// `<server>/api/jsonws/<path>`: `invoke` for commands, a method path for uploads.
    public func jsonWebServicesURL(_ path: String) -> String {
        var base = serverURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let tail = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return base + "/api/jsonws/" + tail
    }
}
