import DDM
import Foundation
import Hummingbird
import NIOCore

/// Routes every request: the portal's URLs, the loopback-only admin endpoints, and fault
/// injection around the portal's URLs. Every request outside `/_emulator/` is journaled.
struct EmulatorResponder: HTTPResponder {
    typealias Context = EmulatorRequestContext

    let invoker: Invoker
    /// The `/o/…` applications of a stock 7.4; nil for a portal with the Screens plugin.
    let headless: HeadlessRouter?
    let faults: FaultInjector
    let journal: RequestJournal
    let status: @Sendable () -> JSONValue

    /// Largest request body accepted (uploads included).
    static let maximumBodyBytes = 64 << 20

    var version: PortalVersion { invoker.version }

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        if path.hasPrefix("/_emulator/") || path == "/_emulator" {
            return try await admin(request, path: path, context: context)
        }
        let isOAuth2 = path.hasPrefix("/o/oauth2/")
        let pathWithQuery = request.uri.query.map { path + "?" + (isOAuth2 ? String(decoding: OAuth2Provider.redacted(Array($0.utf8)), as: UTF8.self) : $0) } ?? path
        let method = request.method.rawValue
        let decision = faults.decide(path: path)
        if decision.delayMs > 0 { try await Task.sleep(nanoseconds: UInt64(decision.delayMs) * 1_000_000) }

        var request = request
        let body: [UInt8]
        do {
            let buffer = try await request.collectBody(upTo: Self.maximumBodyBytes)
            body = Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            journal.record(method: method, path: pathWithQuery, body: [], services: [], status: 413, fault: nil)
            return Reply.text("Request body too large", status: 413, version: version).response()
        } catch {
            // The client went away before its whole body arrived (a cancelled request): nothing
            // reached the portal's services and no answer can be sent. Journaled as such, never
            // as an empty request.
            journal.record(method: method, path: pathWithQuery, body: [], services: [], status: nil, fault: "abandoned")
            throw error
        }

        // Passwords, secrets, codes and tokens sent to the OAuth 2 provider never reach the journal.
        let journalBody = isOAuth2 ? OAuth2Provider.redacted(body) : body
        switch decision.action {
        case .drop:
            journal.record(method: method, path: pathWithQuery, body: journalBody, services: [], status: nil,
                           fault: faults.settings.offline ? "offline" : "drop")
            try? await context.channel.close()
            throw InjectedFault.dropped
        case .fail:
            let (_, errorBody) = PortalErrorRenderer.render(.system("Injected failure"), version: version)
            journal.record(method: method, path: pathWithQuery, body: journalBody, services: [], status: 500, fault: "fail")
            return Reply.json(errorBody, status: 500, version: version).response()
        case .handle, .truncate:
            let routed = decision.ignoresPaging ? Self.fromTheFirstPage(body) : body
            var reply = await route(request, path: path, body: routed)
            if headless != nil { reply.headers[HTTPResponses.liferayPortal] = PortalIdentity.liferay74Header }
            if let lie = decision.lyingCount { reply = reply.withCounts(lie) }
            let truncate = decision.action == .truncate
            journal.record(method: method, path: pathWithQuery, body: journalBody, services: reply.services, status: reply.status,
                           fault: truncate ? "truncate" : nil)
            if truncate { return reply.truncatedResponse() }
            if decision.dripBytesPerSecond > 0, request.method != .head {
                return reply.drippedResponse(bytesPerSecond: decision.dripBytesPerSecond)
            }
            return reply.response(isHead: request.method == .head)
        }
    }

    /// An `/invoke` body whose paged commands (`start` and `end`) all start at 0, same size.
    static func fromTheFirstPage(_ body: [UInt8]) -> [UInt8] {
        guard case .array(let commands)? = try? JSONValue.parse(bytes: body) else { return body }
        let moved: [JSONValue] = commands.map { command in
            guard case .object(let members) = command, members.count == 1, let (path, value) = members.first,
                case .object(var parameters) = value, let start = parameters["start"]?.int64Value,
                let end = parameters["end"]?.int64Value, start > 0
            else { return command }
            parameters["start"] = .int(0)
            parameters["end"] = .int(end - start)
            return .object([path: .object(parameters)])
        }
        return Array(JSONValue.array(moved).serialized().utf8)
    }

    // MARK: Portal URLs

    func route(_ request: Request, path: String, body: [UInt8]) async -> Reply {
        let method = request.method
        if path == "/" || path.isEmpty || path == "/web/guest" {
            return Reply(status: 200, headers: HTTPResponses.headers(version, contentType: "text/html;charset=UTF-8"),
                         body: Array("<html><body>Liferay portal emulator (Termlets)</body></html>".utf8))
        }
        if path == "/api/jsonws/invoke" || path == "/api/jsonws/invoke/" {
            guard method == .post else { return .text("Use POST", status: 405, version: version) }
            let outcome = await invoker.invoke(body: body, authorization: request.headers[.authorization])
            return .json(outcome.body, status: outcome.status, version: version, extra: outcome.headers, services: outcome.servicePaths)
        }
        if path.hasPrefix("/api/jsonws/") {
            let servicePath = String(path.dropFirst("/api/jsonws".count))
            return await directCall(request, servicePath: servicePath, body: body)
        }
        if let headless, path.hasPrefix("/o/") {
            return await headless.route(request, path: path, body: body)
        }
        if path.hasPrefix("/documents/") {
            guard method == .get || method == .head else { return .text("Use GET", status: 405, version: version) }
            return await DocumentDownloads.serve(path: path, query: request.uri.query, database: invoker.database, version: version)
        }
        return .text("Not found: \(path)", status: 404, version: version)
    }

    /// A call to `/api/jsonws/<service>/<method>`: parameters from a multipart or URL-encoded form,
    /// a JSON object body, or the query string; the answer is the bare result.
    func directCall(_ request: Request, servicePath: String, body: [UInt8]) async -> Reply {
        var object: [String: JSONValue] = [:]
        var fromForm = true
        var upload: UploadedFile?
        if let query = request.uri.query {
            for (key, value) in RequestBodyParser.urlEncoded(query) { object[key] = .string(value) }
        }
        let contentType = request.headers[.contentType] ?? ""
        if let boundary = RequestBodyParser.boundary(contentType: contentType) {
            guard let parts = RequestBodyParser.multipart(body, boundary: boundary) else {
                return failure(.system("Malformed multipart body"), services: [servicePath])
            }
            for part in parts {
                if part.fileName != nil {
                    upload = UploadedFile(parameterName: part.name, fileName: part.fileName, contentType: part.contentType, data: part.data)
                    object[part.name] = .string(part.fileName ?? "")
                } else {
                    object[part.name] = .string(part.text)
                }
            }
        } else if contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            for (key, value) in RequestBodyParser.urlEncoded(String(decoding: body, as: UTF8.self)) { object[key] = .string(value) }
        } else if !body.isEmpty {
            guard let parsed = try? JSONValue.parse(bytes: body), case .object(let members) = parsed else {
                return failure(.system("The request body must be a JSON object of parameters"), services: [servicePath])
            }
            object.merge(members) { _, new in new }
            fromForm = false
        }
        do {
            let user = try await invoker.authenticate(request.headers[.authorization])
            let result = try await invoker.call(path: servicePath, parameters: Parameters(object: object, fromForm: fromForm), user: user, upload: upload)
            return .json(result, version: version, services: [servicePath])
        } catch {
            return failure(error, services: [servicePath])
        }
    }

    func failure(_ error: PortalError, services: [String]) -> Reply {
        let outcome = invoker.failure(error, paths: services)
        return .json(outcome.body, status: outcome.status, version: version, extra: outcome.headers, services: services)
    }

    // MARK: Admin

    func admin(_ request: Request, path: String, context: Context) async throws -> Response {
        guard context.isLoopbackPeer else {
            return HTTPResponses.text("The emulator's admin endpoints answer on loopback only", status: 403, version: version)
        }
        var request = request
        switch (request.method, path) {
        case (.get, "/_emulator/faults"):
            return HTTPResponses.json(faults.settings.json, version: version)
        case (.post, "/_emulator/faults"), (.put, "/_emulator/faults"):
            let buffer = try await request.collectBody(upTo: 1 << 16)
            do {
                let json = try JSONValue.parse(bytes: Array(buffer.readableBytesView))
                let updated = try faults.settings.updated(with: json)
                faults.set(updated)
                return HTTPResponses.json(updated.json, version: version)
            } catch {
                return HTTPResponses.json(["error": .string("\(error)")], status: 400, version: version)
            }
        case (.get, "/_emulator/requests"):
            return HTTPResponses.json(journal.json, version: version)
        case (.delete, "/_emulator/requests"):
            journal.clear()
            return HTTPResponses.empty(status: 204, version: version)
        case (.get, "/_emulator/status"):
            return HTTPResponses.json(status(), version: version)
        default:
            return HTTPResponses.text("Unknown admin endpoint \(request.method.rawValue) \(path)", status: 404, version: version)
        }
    }
}
