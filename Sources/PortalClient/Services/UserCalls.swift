import DDM
/// `user` (and, on 6.2, the Screens plugin's `screensuser`): look-ups that double as login.
public struct UserCalls: Sendable, Hashable {
    public let version: PortalVersion

    /// `/user/get-user-by-email-address` {companyId, emailAddress}.
    public func getUserByEmailAddress(companyId: Int64, emailAddress: String) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.core.path("user", "get-user-by-email-address", version))
        call.append("companyId", .int(companyId))
        call.append("emailAddress", .string(emailAddress))
        return call
    }

    /// `/user/get-user-by-id` {userId}.
    public func getUserById(userId: Int64) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.core.path("user", "get-user-by-id", version))
        call.append("userId", .int(userId))
        return call
    }

    /// `/user/get-user-by-screen-name` {companyId, screenName}.
    public func getUserByScreenName(companyId: Int64, screenName: String) -> ServiceCall {
        var call = ServiceCall(path: ServiceModule.core.path("user", "get-user-by-screen-name", version))
        call.append("companyId", .int(companyId))
        call.append("screenName", .string(screenName))
        return call
    }

    /// The authenticated user: 7.x `/user/get-current-user`, 6.2 `/screens-web.screensuser/get-current-user`
    /// (6.2 core has no such method; the Screens plugin provides it).
    public func getCurrentUser() -> ServiceCall {
        switch version {
        case .v62: return ServiceCall(path: ServiceModule.screens.path("screensuser", "get-current-user", version))
        case .v7: return ServiceCall(path: ServiceModule.core.path("user", "get-current-user", version))
        }
    }

    /// The look-up that matches the shape of a typed login (see ``Credentials/loginKind``).
    public func getUser(login: String, companyId: Int64) -> ServiceCall {
        switch Credentials(username: login, password: "").loginKind {
        case .emailAddress: return getUserByEmailAddress(companyId: companyId, emailAddress: login)
        case .userId: return getUserById(userId: Int64(login) ?? 0)
        case .screenName: return getUserByScreenName(companyId: companyId, screenName: login)
        }
    }
}
