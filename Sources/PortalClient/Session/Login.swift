import DDM

extension PortalSession {
    /// Logs in: looks the user up with the session's Basic credentials (by e-mail address,
    /// user id or screen name, from the shape of the login). When the companyId is unknown (0) it
    /// is first taken from the user's first site, as the Liferay SDK's sign-in does.
    /// With OAuth 2 (``bearer``) the user is the token's, asked with ``currentUser()``.
    /// On success the user and companyId are remembered in the session.
    @discardableResult
    public func login() async throws -> PortalUser {
        if bearer != nil {
            let user = try await currentUser()
            if context.companyId == 0 { setCompanyId(user.companyId) }
            setUser(user)
            return user
        }
        guard let credentials else {
            throw PortalError(kind: .input, message: "no credentials to log in with")
        }
        var companyId = context.companyId
        let calls = ServiceCalls(version: context.version ?? .v7)  // user and group paths are the same in both versions
        if companyId == 0 && credentials.loginKind != .userId {
            let sites = try await invoke(calls.groups.getUserSitesGroups())
            guard let first = sites[0], let found = first["companyId"]?.int64Value, found > 0 else {
                throw PortalError(
                    kind: .input,
                    message: "the companyId is unknown and the user belongs to no site to learn it from; give the companyId")
            }
            companyId = found
        }
        let answer = try await invoke(calls.users.getUser(login: credentials.username, companyId: companyId))
        guard let user = PortalUser(json: answer) else {
            throw PortalError(kind: .server, message: "the portal's answer to the login has no userId")
        }
        if context.companyId == 0 { setCompanyId(user.companyId != 0 ? user.companyId : companyId) }
        setUser(user)
        return user
    }

    /// The authenticated user, asked from the portal (7.x `/user/get-current-user`, 6.2 the Screens plugin's).
    public func currentUser() async throws -> PortalUser {
        let answer = try await invoke(try await calls().users.getCurrentUser())
        return try Decode.one(answer, "user", PortalUser.init(json:))
    }
}
