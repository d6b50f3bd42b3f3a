import DDM

/// What a stock Liferay 7.4 answers differently on the JSON web services: its build number and
/// version. Everything else is the 7.x core (DDL, DDM, users, sites, dlapp); the Screens plugin's
/// and Bookmarks' paths are not registered at all.
enum Liferay74Services {
    static func register(_ registry: inout ServiceRegistry) {
        registry.replace("/portal/get-build-number", [], authenticated: false) { _ throws(PortalError) in
            .int(Int64(PortalIdentity.liferay74BuildNumber))
        }
        registry.replace("/portal/get-version", [], authenticated: false) { _ throws(PortalError) in
            .string(PortalIdentity.liferay74Version)
        }
    }
}
