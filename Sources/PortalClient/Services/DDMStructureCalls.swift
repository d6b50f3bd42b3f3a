import DDM

/// `ddmstructure` (`/ddmstructure/…` on 6.2, `/ddm.ddmstructure/…` on 7.x).
public struct DDMStructureCalls: Sendable, Hashable {
    public let version: PortalVersion

    /// `get-structure` {structureId} → the structure (`xsd` on 6.2, `definition` on 7.x).
    public func getStructure(structureId: Int64) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.ddm.path("ddmstructure", "get-structure", version))
        call.append("structureId", .int(structureId))
        return call
    }
}
