import DDM

/// What a stock Liferay 7.4 answers differently on the JSON web services: its build number and
/// version, and the 7.4 signatures of `dlapp/add-file-entry` (with `externalReferenceCode`,
/// `urlTitle` and the display/expiration/review dates) beside the deprecated ones. Everything else
/// is the 7.x core (DDL, DDM, users, sites, dlapp); the Screens plugin's and Bookmarks' paths are
/// not registered at all.
enum Liferay74Services {
    static func register(_ registry: inout ServiceRegistry) {
        registry.replace("/portal/get-build-number", [], authenticated: false) { _ throws(PortalError) in
            .int(Int64(PortalIdentity.liferay74BuildNumber))
        }
        registry.replace("/portal/get-version", [], authenticated: false) { _ throws(PortalError) in
            .string(PortalIdentity.liferay74Version)
        }
        let added: [String] = ["externalReferenceCode", "repositoryId", "folderId", "sourceFileName", "mimeType", "title", "urlTitle",
                               "description", "changeLog"]
        let dates = ["displayDate", "expirationDate", "reviewDate", "serviceContext"]
        for content in ["file", "bytes"] {
            registry.register(.core("/dlapp/add-file-entry"), added + [content] + dates) { call throws(PortalError) in
                try await DocumentServices.addFileEntry(call)
            }
        }
    }
}
