import DDM

/// Where a service lives on each version: core services share one path, module services gain a
/// context prefix on 7.x (`/ddl.`, `/ddm.`, `/bookmarks.`, `/screens.`), and some exist on one
/// version only.
struct ServicePaths: Sendable {
    let v62: String?
    let v7: String?

    /// A core service with the same path on both versions (`/user/…`, `/dlapp/…`).
    static func core(_ path: String) -> ServicePaths { ServicePaths(v62: path, v7: path) }

    /// `/<service62>/<method>` on 6.2 and `/<service7>/<method>` on 7.x.
    static func module(v62 service62: String, v7 service7: String, _ method: String) -> ServicePaths {
        ServicePaths(v62: "/\(service62)/\(method)", v7: "/\(service7)/\(method)")
    }

    static func only7(_ path: String) -> ServicePaths { ServicePaths(v62: nil, v7: path) }
    static func only62(_ path: String) -> ServicePaths { ServicePaths(v62: path, v7: nil) }

    func path(for version: PortalVersion) -> String? { version == .v62 ? v62 : v7 }
}

typealias ServiceHandler = @Sendable (ServiceCall) async throws(PortalError) -> JSONValue

/// One overload of a service method: its parameter names and its implementation.
struct ServiceOverload: Sendable {
    let parameters: [String]
    let requiresAuthentication: Bool
    let handler: ServiceHandler
}

/// The service methods of one portal version, looked up by path and overload.
struct ServiceRegistry: Sendable {
    let version: PortalVersion
    private(set) var methods: [String: [ServiceOverload]] = [:]

    init(version: PortalVersion) {
        self.version = version
    }

    /// Registers an overload when the service exists on this registry's version.
    mutating func register(
        _ paths: ServicePaths, _ parameters: [String], authenticated: Bool = true, _ handler: @escaping ServiceHandler
    ) {
        guard let path = paths.path(for: version) else { return }
        methods[path, default: []].append(ServiceOverload(parameters: parameters, requiresAuthentication: authenticated, handler: handler))
    }

    /// Replaces every overload of `path` with one (a release that answers a method differently).
    mutating func replace(_ path: String, _ parameters: [String], authenticated: Bool = true, _ handler: @escaping ServiceHandler) {
        methods[path] = [ServiceOverload(parameters: parameters, requiresAuthentication: authenticated, handler: handler)]
    }

    /// Chooses the overload as the portal does: every name sent must be a parameter of it, and
    /// among those the one with the fewest parameters left undefined wins. Paths match exactly.
    func resolve(path: String, names: Set<String>) -> ServiceOverload? {
        guard let overloads = methods[path] else { return nil }
        var best: (overload: ServiceOverload, missing: Int)?
        for overload in overloads {
            let declared = Set(overload.parameters)
            guard names.isSubset(of: declared) else { continue }
            let missing = declared.count - names.count
            if best == nil || missing < best!.missing { best = (overload, missing) }
        }
        return best?.overload
    }
}
