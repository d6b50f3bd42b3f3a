import AsyncHTTPClient
import DDM
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// A connection to one portal as one user: the server context, the credentials, and one shared
/// HTTP client. Call ``shutdown()`` when done.
///
/// Every request authenticates pre-emptively with HTTP Basic, or with an OAuth 2 bearer token
/// (``BearerAuthorization``): a request the portal refuses as unauthenticated renews the tokens
/// once and is sent once more. Service calls are POSTed to
/// `<server>/api/jsonws/invoke` as a JSON array of commands; uploads go as multipart to the
/// method's own URL. Redirects are errors, never followed.
public final class PortalSession: Sendable {
    /// Transport settings.
    public struct Options: Sendable {
        /// Idle timeout for reading and writing (and for connecting when it is shorter than
        /// ``defaultConnectTimeout``). Default 15 s.
        public var timeout: Duration = .seconds(15)
        /// Upper bound for a whole service call (not for uploads). Default 60 s.
        public var requestDeadline: Duration = .seconds(60)
        /// Largest answer accepted. Default 64 MiB.
        public var maxResponseBytes: Int = 64 << 20
        /// Allow Basic credentials over plain `http://` to a host that is not loopback, and accept
        /// an `https://` certificate that cannot be verified.
        public var allowInsecure: Bool = false
        /// Sent as `User-Agent`.
        public var userAgent: String = "Termlets"
        /// Timeout for establishing a connection; `nil`: ``defaultConnectTimeout`` or ``timeout``,
        /// whichever is shorter. A refused connection fails at once, without retries.
        public var connectTimeout: Duration?
        /// How long connecting may take by default: a reachable portal accepts in milliseconds,
        /// so an unanswered connect is known as unreachable within this.
        public static let defaultConnectTimeout: Duration = .seconds(3)

        /// The connect timeout in force.
        var effectiveConnectTimeout: Duration { connectTimeout ?? min(timeout, Self.defaultConnectTimeout) }

        public init(
            timeout: Duration = .seconds(15), requestDeadline: Duration = .seconds(60), maxResponseBytes: Int = 64 << 20,
            allowInsecure: Bool = false, connectTimeout: Duration? = nil
        ) {
            self.connectTimeout = connectTimeout
            self.timeout = timeout
            self.requestDeadline = requestDeadline
            self.maxResponseBytes = maxResponseBytes
            self.allowInsecure = allowInsecure
        }
    }

    private struct State: Sendable {
        var context: ServerContext
        var user: PortalUser?
    }

    /// The credentials every request carries (`nil`: anonymous, or ``bearer``).
    public let credentials: Credentials?
    /// The OAuth 2 tokens every request carries instead of ``credentials``, when set.
    public let bearer: BearerAuthorization?
    public let options: Options
    let transport: HTTPTransport
    private let state: NIOLockedValueBox<State>

    /// Opens a session. Throws a ``PortalError`` of kind `input` for an unusable server URL, and
    /// when Basic credentials would travel over plain `http://` to a non-loopback host without
    /// `options.allowInsecure`.
    public init(
        context: ServerContext, credentials: Credentials?, bearer: BearerAuthorization? = nil, options: Options = Options(),
        logger: Logger = Logger(label: "termlets.portal-client")
    ) throws {
        var context = context
        context.serverURL = try TransportSecurity.validate(
            serverURL: context.serverURL, sendsCredentials: credentials != nil || bearer != nil, allowInsecure: options.allowInsecure)
        self.credentials = credentials
        self.bearer = bearer
        self.options = options
        self.state = NIOLockedValueBox(State(context: context))
        let tls = context.serverURL.scheme?.lowercased() == "https"
            ? try TLSTrust.configuration(allowInsecure: options.allowInsecure, environment: ProcessInfo.processInfo.environment)
            : nil
        let basicForms = credentials?.formsForRedaction ?? []
        self.transport = HTTPTransport(
            options: options, logger: logger, secretSource: { basicForms + (bearer?.formsForRedaction ?? []) }, tls: tls)
    }

    /// Closes the HTTP client. Required before the session is released.
    public func shutdown() async throws {
        try await transport.shutdown()
    }

    // MARK: Server context

    /// The server context as currently known (version and companyId fill in as they are learnt).
    public var context: ServerContext { state.withLockedValue { $0.context } }

    /// The user found by ``login()``, if it ran.
    public var user: PortalUser? { state.withLockedValue { $0.user } }

    /// Overrides (or clears, with `nil`) the portal version.
    public func setVersion(_ version: PortalVersion?) { state.withLockedValue { $0.context.version = version } }

    /// Sets the locale (`ll_CC`) for localized answers.
    public func setLocale(_ locale: String) { state.withLockedValue { $0.context.locale = locale } }

    /// Sets the default site.
    public func setGroupId(_ groupId: Int64) { state.withLockedValue { $0.context.groupId = groupId } }

    func setCompanyId(_ companyId: Int64) { state.withLockedValue { $0.context.companyId = companyId } }
    func setUser(_ user: PortalUser) { state.withLockedValue { $0.user = user } }

    /// The portal version: the one set in the context, else detected once and remembered.
    public func version() async throws -> PortalVersion {
        if let version = context.version { return version }
        let detected = try await detectVersion()
        state.withLockedValue { $0.context.version = $0.context.version ?? detected }
        return context.version ?? detected
    }

    /// Call builders for this portal's version (detected if needed).
    public func calls() async throws -> ServiceCalls {
        ServiceCalls(version: try await version())
    }

    // MARK: Invoking

    /// Sends `calls` as one batch and returns their results by position (a `void` method's slot is `null`).
    /// One failing command fails the whole batch.
    public func invoke(_ calls: [ServiceCall]) async throws -> [JSONValue] {
        try await invokeSourced(calls, defersRows: false).map(\.value)
    }

    /// ``invoke(_:)`` keeping the text of each result, and of its elements when it is an array
    /// (the rows of a list): what the cache stores without serialising them again. Those
    /// elements are checked but **deferred** (``SourcedJSON``): built only when read.
    public func invokeSourced(_ calls: [ServiceCall]) async throws -> [SourcedJSON] {
        try await invokeSourced(calls, defersRows: true)
    }

    private func invokeSourced(_ calls: [ServiceCall], defersRows: Bool) async throws -> [SourcedJSON] {
        let body = try RequestEnvelope.body(for: calls)
        let answer = try await post(url: context.jsonWebServicesURL("invoke"), body: body, paths: calls.map(\.path))
        // A deferred row that is a record has its id, date and values found while it is checked.
        let json = try parse(answer, elementLevels: 2, defersDeepestElements: defersRows, planningDeferred: RecordData.rowPlan)
        guard let results = json.elements else {
            throw PortalError(kind: .server, message: "the portal's answer is not a JSON array", httpStatus: answer.status)
        }
        guard results.count == calls.count else {
            throw PortalError(
                kind: .server, message: "the portal answered \(results.count) results for \(calls.count) commands",
                httpStatus: answer.status)
        }
        return results
    }

    /// Sends one call and returns its result.
    public func invoke(_ call: ServiceCall) async throws -> JSONValue {
        try await invoke([call])[0]
    }

    /// Uploads the file of `call` as `multipart/form-data` to `<server>/api/jsonws<path>`,
    /// streaming it in fixed-size chunks. `progress` receives (bytes of the file sent, file size),
    /// rising monotonically to the file size. Cancel the calling task to cancel the upload.
    /// Returns the method's result (for `add-file-entry`, the new FileEntry object).
    public func upload(
        _ call: ServiceCall, progress: @escaping @Sendable (_ sent: Int64, _ total: Int64) -> Void = { _, _ in }
    ) async throws -> JSONValue {
        guard let (_, file) = call.fileParameter else {
            throw PortalError(kind: .input, message: "\(call.path) has no file to upload")
        }
        let size: Int64
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.fileURL.path)
            guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
                throw PortalError(kind: .input, message: "\(file.fileURL.path) is not a regular file")
            }
            size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        } catch let error as PortalError {
            throw error
        } catch {
            throw PortalError(kind: .input, message: "cannot read \(file.fileURL.path): no such file or no permission")
        }
        let body = try MultipartBody(call: call, fileSize: size)
        try checkTransportSecurity()
        let answer = try await withAuthorization { headers in
            try await self.transport.upload(
                url: self.context.jsonWebServicesURL(call.path), headers: headers, body: body, fileURL: file.fileURL,
                progress: progress)
        }
        let json = try parse(answer)
        if case .array(let elements) = json, elements.count == 1 { return elements[0] }
        return json
    }

    /// An authenticated GET of `url` (on this portal), e.g. a document or its thumbnail; returns the bytes.
    public func download(_ url: URL) async throws -> [UInt8] {
        try checkTransportSecurity()
        guard sameOrigin(url) else {
            throw PortalError(kind: .input, message: "refusing to send the credentials to another host: \(url.host ?? "?")")
        }
        let answer = try await withAuthorization(accept: "*/*") { headers in
            try await self.transport.send(method: .GET, url: url.absoluteString, headers: headers)
        }
        guard (200..<300).contains(answer.status) else {
            if let json = try? JSONValue.parse(bytes: answer.body), let error = ResponseParser.portalError(in: json, status: answer.status) {
                throw redact(error)
            }
            if (300..<400).contains(answer.status) {
                _ = try parse(answer)
            }
            throw redact(ResponseParser.statusError(answer.status))
        }
        return answer.body
    }

    // MARK: Plumbing

    func baseHeaders(accept: String = "application/json") -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: accept)
        headers.add(name: "User-Agent", value: options.userAgent)
        if let bearer {
            headers.add(name: "Authorization", value: bearer.authorizationHeader)
        } else if let credentials {
            headers.add(name: "Authorization", value: credentials.authorizationHeader)
        }
        return headers
    }

    func post(url: String, body: [UInt8], paths: [String]) async throws -> HTTPAnswer {
        try checkTransportSecurity()
        return try await withAuthorization { base in
            var headers = base
            headers.add(name: "Content-Type", value: RequestEnvelope.contentType)
            return try await self.transport.send(
                method: .POST, url: url, headers: headers, body: body, label: Sanitizer.clean(paths.joined(separator: ","), limit: 300))
        }
    }

    /// Sends a request with ``baseHeaders(accept:)`` and answers it. With OAuth 2, an access token
    /// known to have expired is renewed first, and an answer refusing the token as unauthenticated
    /// (HTTP 401, or JSON-WS's "Authenticated access required") renews it once and sends again.
    func withAuthorization(
        accept: String = "application/json", _ send: @Sendable (HTTPHeaders) async throws -> HTTPAnswer
    ) async throws -> HTTPAnswer {
        do {
            guard let bearer else { return try await send(baseHeaders(accept: accept)) }
            var used = bearer.tokens.accessToken
            if bearer.tokens.isExpired() {
                try await bearer.renew(after: used)
                used = bearer.tokens.accessToken
            }
            let first = try await send(baseHeaders(accept: accept))
            guard Self.refusesAuthentication(first) else { return first }
            try await bearer.renew(after: used)
            return try await send(baseHeaders(accept: accept))
        } catch let error as PortalError {
            throw redact(error)
        }
    }

    /// Whether `answer` says the request was not authenticated.
    static func refusesAuthentication(_ answer: HTTPAnswer) -> Bool {
        if answer.status == 401 { return true }
        guard answer.status == 200 || answer.status == 403 || answer.status == 500, answer.body.count < 4096,
              let json = try? JSONValue.parse(bytes: answer.body),
              let error = ResponseParser.portalError(in: json, status: answer.status) else { return false }
        return error.kind == .authentication
    }

    func parse(_ answer: HTTPAnswer) throws -> JSONValue {
        try parse(answer, elementLevels: 0).value
    }

    /// The answer's JSON with its text, and its arrays' elements' down to `elementLevels` levels.
    func parse(
        _ answer: HTTPAnswer, elementLevels: Int, defersDeepestElements: Bool = false, planningDeferred plan: JSONMemberPlan? = nil
    ) throws -> SourcedJSON {
        do {
            return try ResponseParser.parseSourced(
                status: answer.status, location: answer.headers.first(name: "location"), body: answer.body,
                elementLevels: elementLevels, defersDeepestElements: defersDeepestElements, planningDeferred: plan)
        } catch {
            throw redact(error)
        }
    }

    func redact(_ error: PortalError) -> PortalError {
        error.redacting((credentials?.formsForRedaction ?? []) + (bearer?.formsForRedaction ?? []))
    }

    /// Re-checks the rule of `init` before each request (the context may have changed).
    func checkTransportSecurity() throws {
        _ = try TransportSecurity.validate(
            serverURL: context.serverURL, sendsCredentials: credentials != nil || bearer != nil, allowInsecure: options.allowInsecure)
    }

    private func sameOrigin(_ url: URL) -> Bool {
        let server = context.serverURL
        return url.scheme?.lowercased() == server.scheme?.lowercased() && url.host?.lowercased() == server.host?.lowercased()
            && url.port == server.port
    }
}

extension PortalSession: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        let c = context
        return "PortalSession(server: \(c.serverURL.absoluteString), version: \(c.version?.rawValue ?? "unknown"), "
            + "companyId: \(c.companyId), groupId: \(c.groupId), credentials: \(credentials.map(String.init(describing:)) ?? "none")"
            + (bearer == nil ? "" : ", bearer: <redacted>") + ")"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["context": context, "credentials": credentials as Any, "bearer": bearer as Any, "user": user as Any], displayStyle: .class)
    }
}
