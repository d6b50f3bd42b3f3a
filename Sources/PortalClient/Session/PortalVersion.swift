import DDM

extension PortalVersion {
    /// The version for a portal build number such as 6205 or 7010: below 7000 is 6.2, the rest 7.x.
    public init(buildNumber: Int) {
        self = buildNumber < 7000 ? .v62 : .v7
    }
}
