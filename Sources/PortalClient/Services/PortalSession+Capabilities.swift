import DDM
import Foundation
import NIOHTTP1

extension PortalSession {
    /// Default upper bound for one capability probe: a portal that accepts a connection and never
    /// answers must not hold the caller up for the session's whole request deadline.
    public static let defaultProbeDeadline: Duration = .seconds(3)

    /// Finds what the portal offers with the cheap probes of the reference (§6.4), run concurrently,
    /// each bounded by `probeDeadline`:
    /// - Screens plugin: `screensddlrecord/get-ddl-records-count {ddlRecordSetId: 0}` is answered
    ///   by the action (a number, or an exception of its own), not "No JSON web service action";
    /// - headless-delivery: `GET /o/headless-delivery/v1.0/sites/{groupId}/documents?pageSize=1`
    ///   answers a Vulcan page;
    /// - Objects: `GET /o/object-admin/v1.0/object-definitions?pageSize=1` answers a Vulcan page;
    /// - OAuth 2: `GET /o/oauth2/authorize` (no parameters, no credentials) is answered by the
    ///   provider (a page or a 4xx other than 404).
    ///
    /// A probe that is refused, times out, answers 404/401/5xx or HTML where JSON was due counts as
    /// "absent"; this never throws. The headless probe reads site `groupId` (default: the context's).
    public func probeCapabilities(groupId: Int64? = nil, probeDeadline: Duration = PortalSession.defaultProbeDeadline) async -> PortalCapabilities {
        let site = groupId ?? context.groupId
        // A session of its own whose connects and answers are cut off at the probe's deadline, with
        // the same server, credentials and TLS trust (a refused connection fails at once anyway).
        var probeOptions = options
        probeOptions.connectTimeout = probeDeadline
        probeOptions.requestDeadline = probeDeadline
        var probeContext = context
        probeContext.version = await withinDeadline(probeDeadline) { try await self.version() }
        guard let prober = try? PortalSession(context: probeContext, credentials: credentials, bearer: bearer, options: probeOptions) else {
            return PortalCapabilities(screensPlugin: false, headlessDelivery: false, objects: false, oauth2: false)
        }
        async let screens = withinDeadline(probeDeadline) { try await prober.probeScreensPlugin() } ?? false
        async let headless = withinDeadline(probeDeadline) {
            try await prober.probeVulcanPage("/o/headless-delivery/v1.0/sites/\(site)/documents?pageSize=1")
        } ?? false
        async let objects = withinDeadline(probeDeadline) { try await prober.probeVulcanPage("/o/object-admin/v1.0/object-definitions?pageSize=1") } ?? false
        async let oauth2 = withinDeadline(probeDeadline) { try await prober.probeOAuth2Provider() } ?? false
        let found = PortalCapabilities(screensPlugin: await screens, headlessDelivery: await headless, objects: await objects, oauth2: await oauth2)
        try? await prober.shutdown()
        return found
    }

    /// Whether `error` is JSON-WS's "the action does not exist" (`NoSuchJSONWebServiceException`,
    /// "No JSON web service action …"), what a portal without the Screens plugin answers its calls.
    public static func isMissingAction(_ error: PortalError) -> Bool {
        error.message.localizedCaseInsensitiveContains("No JSON web service action")
            || (error.exceptionClass?.hasSuffix("NoSuchJSONWebServiceException") ?? false)
    }

    // MARK: Probes

    /// Present when the action answers a number, or fails with an exception of its own (a portal
    /// may check that record set 0 exists: `NoSuchRecordSetException` still proves the action is
    /// there); absent on "No JSON web service action", a bare 404 page, or anything else.
    private func probeScreensPlugin() async throws -> Bool {
        let calls = try await self.calls()
        do {
            let result = try await invoke(calls.screensRecords.getDDLRecordsCount(ddlRecordSetId: 0))
            return result.intValue != nil
        } catch let error as PortalError {
            return error.exceptionClass != nil && !Self.isMissingAction(error) && error.kind != .authentication
        }
    }

    private func probeVulcanPage(_ pathAndQuery: String) async throws -> Bool {
        let answer = try await probeGET(pathAndQuery, authenticated: true)
        guard answer.status == 200, let json = try? JSONValue.parse(bytes: answer.body) else { return false }
        return json["items"]?.arrayValue != nil && json["totalCount"]?.intValue != nil
    }

    private func probeOAuth2Provider() async throws -> Bool {
        let answer = try await probeGET("/o/oauth2/authorize", authenticated: false)
        switch answer.status {
        case 200..<300, 300..<400, 400, 403: return true
        default: return false
        }
    }

    /// A GET of `<server><pathAndQuery>` answered whatever its status; `authenticated` adds the
    /// session's credentials (same origin by construction).
    func probeGET(_ pathAndQuery: String, authenticated: Bool) async throws -> HTTPAnswer {
        var base = context.serverURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var headers = authenticated ? baseHeaders() : HTTPHeaders()
        if !authenticated {
            headers.add(name: "User-Agent", value: options.userAgent)
        }
        do {
            return try await transport.send(method: .GET, url: base + pathAndQuery, headers: headers)
        } catch let error as PortalError {
            throw redact(error)
        }
    }
}

/// `body`'s answer, or `nil` when it throws or has not answered within `deadline` (it is then cancelled).
private func withinDeadline<T: Sendable>(_ deadline: Duration, _ body: @escaping @Sendable () async throws -> T) async -> T? {
    await withTaskGroup(of: Optional<T>.self) { group in
        group.addTask { try? await body() }
        group.addTask {
            try? await Task.sleep(for: deadline)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
