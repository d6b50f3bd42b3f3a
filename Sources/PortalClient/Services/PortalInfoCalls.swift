import DDM

/// `portal`: build information.
public struct PortalInfoCalls: Sendable, Hashable {
    public let version: PortalVersion

    /// `/portal/get-build-number` (no parameters) → an integer such as 6205 or 7010.
    public func getBuildNumber() -> ServiceCall {
        ServiceCall(path: ServiceModule.core.path("portal", "get-build-number", version))
    }
}
