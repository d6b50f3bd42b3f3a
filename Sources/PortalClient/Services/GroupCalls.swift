import DDM

/// `group`: the sites of the authenticated user.
public struct GroupCalls: Sendable, Hashable {
    public let version: PortalVersion

    /// `/group/get-user-sites-groups` (no parameters; the same in 6.2 and 7.x).
    public func getUserSitesGroups() -> ServiceCall {
        ServiceCall(path: ServiceModule.core.path("group", "get-user-sites-groups", version))
    }
}
