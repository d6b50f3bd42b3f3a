import DDM
import GRDB

/// `/user/…`, the 6.2 Screens `get-current-user`, `/group/get-user-sites-groups` and `/portal/…`.
enum UserServices {
    static func register(_ registry: inout ServiceRegistry) {
        registry.register(.core("/user/get-user-by-email-address"), ["companyId", "emailAddress"]) { call throws(PortalError) in
            let companyId = try call.params.long("companyId")
            let email = call.params.string("emailAddress") ?? ""
            let user = try await call.read { db in
                try UserRow.fetchOne(db, sql: "SELECT * FROM user WHERE companyId = ? AND emailAddress = ? COLLATE NOCASE", arguments: [companyId, email])
            }
            guard let user else { throw NotFound.user("key {companyId=\(companyId), emailAddress=\(email)}") }
            return ModelJSON.user(user, call.version)
        }
        registry.register(.core("/user/get-user-by-screen-name"), ["companyId", "screenName"]) { call throws(PortalError) in
            let companyId = try call.params.long("companyId")
            let screenName = call.params.string("screenName") ?? ""
            let user = try await call.read { db in
                try UserRow.fetchOne(db, sql: "SELECT * FROM user WHERE companyId = ? AND screenName = ? COLLATE NOCASE", arguments: [companyId, screenName])
            }
            guard let user else { throw NotFound.user("key {companyId=\(companyId), screenName=\(screenName)}") }
            return ModelJSON.user(user, call.version)
        }
        registry.register(.core("/user/get-user-by-id"), ["userId"]) { call throws(PortalError) in
            let userId = try call.params.long("userId")
            let user = try await call.read { db in try UserRow.fetchOne(db, sql: "SELECT * FROM user WHERE userId = ?", arguments: [userId]) }
            guard let user else { throw NotFound.user("primary key \(userId)") }
            return ModelJSON.user(user, call.version)
        }
        registry.register(.only7("/user/get-current-user"), []) { call throws(PortalError) in
            ModelJSON.user(try call.currentUser, call.version)
        }
        registry.register(.only62("/screens-web.screensuser/get-current-user"), []) { call throws(PortalError) in
            ModelJSON.user(try call.currentUser, call.version)
        }

        let sitesOfUser: ServiceHandler = { call throws(PortalError) in
            let user = try call.currentUser
            let userId = call.params.has("userId") ? try call.params.long("userId") : user.userId
            let max = try call.params.int("max", default: -1)
            let sites = try await call.read { db in
                try SiteRow.fetchAll(
                    db,
                    sql: "SELECT site.* FROM site JOIN membership USING (groupId) WHERE membership.userId = ? ORDER BY site.name",
                    arguments: [userId])
            }
            let limited = max > 0 ? Array(sites.prefix(max)) : sites
            return .array(limited.map { ModelJSON.site($0, call.version) })
        }
        registry.register(.core("/group/get-user-sites-groups"), [], sitesOfUser)
        registry.register(.core("/group/get-user-sites-groups"), ["classNames", "max"], sitesOfUser)
        registry.register(.core("/group/get-user-sites-groups"), ["userId", "classNames", "max"], sitesOfUser)
        registry.register(.only62("/group/get-user-sites-groups"), ["userId", "classNames", "includeControlPanel", "max"], sitesOfUser)
        registry.register(.core("/group/get-user-sites-groups-count"), []) { call throws(PortalError) in
            let user = try call.currentUser
            let count = try await call.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM membership WHERE userId = ?", arguments: [user.userId]) ?? 0
            }
            return .int(Int64(count))
        }
        registry.register(.core("/group/get-group"), ["groupId"]) { call throws(PortalError) in
            let groupId = try call.params.long("groupId")
            let site = try await call.read { db in try SiteRow.fetchOne(db, sql: "SELECT * FROM site WHERE groupId = ?", arguments: [groupId]) }
            guard let site else { throw NotFound.group(groupId) }
            return ModelJSON.site(site, call.version)
        }

        registry.register(.core("/portal/get-build-number"), [], authenticated: false) { call throws(PortalError) in
            .int(Int64(PortalIdentity.buildNumber(call.version)))
        }
        registry.register(.only7("/portal/get-version"), [], authenticated: false) { call throws(PortalError) in
            .string(PortalIdentity.versionString(call.version))
        }
    }
}

/// How the emulated portal names itself.
enum PortalIdentity {
    /// A stock 7.4 (GA112): its build number, version, and the short `Liferay-Portal` header that
    /// builds after the CVE-2024-26267 fix send (no `Build NNNN`).
    static let liferay74BuildNumber = 7413
    static let liferay74Version = "7.4.3.112"
    static let liferay74Header = "Liferay Community Edition Portal 7.4.3.112 CE GA112"

    static func buildNumber(_ version: PortalVersion) -> Int { version == .v62 ? 6205 : 7004 }

    static func versionString(_ version: PortalVersion) -> String { version == .v62 ? "6.2.5" : "7.0.4" }

    /// The `Liferay-Portal` header, with `Build NNNN` where the SDK's version detection looks for it.
    static func header(_ version: PortalVersion) -> String {
        switch version {
        case .v62: return "Liferay Portal Community Edition 6.2.5 GA6 (Newton / Build 6205 / April 15, 2016)"
        case .v7: return "Liferay Portal Community Edition 7.0.4 GA5 (Wilberforce / Build 7004 / October 4, 2017)"
        }
    }
}
