import DDM
/// Where a service lives: portal core services have no context prefix; services that became
/// modules in 7.x gain one (`/ddl.`, `/ddm.`, `/bookmarks.`, `/screens.`); the Screens plugin is
/// `/screens-web.` on 6.2.
enum ServiceModule: Sendable {
    case core, ddl, ddm, bookmarks, screens

    func prefix(_ version: PortalVersion) -> String {
        switch (self, version) {
        case (.core, _), (.ddl, .v62), (.ddm, .v62), (.bookmarks, .v62): return ""
        case (.ddl, .v7): return "ddl."
        case (.ddm, .v7): return "ddm."
        case (.bookmarks, .v7): return "bookmarks."
        case (.screens, .v62): return "screens-web."
        case (.screens, .v7): return "screens."
        }
    }

    /// `/<prefix><service>/<method>`.
    func path(_ service: String, _ method: String, _ version: PortalVersion) -> String {
        "/" + prefix(version) + service + "/" + method
    }
}

extension ServiceCall {
    /// The version-aware path of `<service>/<method>`, for calls this library has no helper for:
    /// a service that became a module in 7.x (`module`, e.g. `"bookmarks"`) gains the `/<module>.`
    /// prefix there — `/bookmarks.bookmarksentry/get-entries` on 7.x, `/bookmarksentry/get-entries`
    /// on 6.2; `module: nil` for the portal's core services (the same path on every version).
    public static func servicePath(service: String, method: String, module: String? = nil, version: PortalVersion) -> String {
        let prefix = module.map { version == .v62 ? "" : "\($0)." } ?? ""
        return "/" + prefix + service + "/" + method
    }
}
