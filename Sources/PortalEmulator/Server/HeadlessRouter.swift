import DDM
import Foundation
import Hummingbird

/// Routes a stock 7.4's `/o/…` URLs: Objects (`/o/object-admin/v1.0`, `/o/c`), picklists
/// (`/o/headless-admin-list-type/v1.0`), documents (`/o/headless-delivery/v1.0`, adapted images)
/// and the OAuth 2 provider (`/o/oauth2`). Failures are Vulcan problems.
struct HeadlessRouter: Sendable {
    let invoker: Invoker
    let oauth2: OAuth2Provider

    var database: PortalDatabase { invoker.database }
    var version: PortalVersion { invoker.version }

    func route(_ request: Request, path: String, body: [UInt8]) async -> Reply {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).dropFirst().map {
            String($0).removingPercentEncoding ?? String($0)
        }
        if segments.first == "oauth2" {
            return await oauth2.handle(request, segments: Array(segments.dropFirst()), body: body, version: version)
        }
        do {
            if segments.first == "adaptive-media", segments.dropFirst().first == "image" {
                // Like `/documents/`, renditions are served without credentials.
                return try await HeadlessDocumentResource.adaptedImage(Array(segments.dropFirst(2)), database: database, version: version)
            }
            let user = try await authenticate(request.headers[.authorization])
            let method = request.method.rawValue
            let headless = { (prefixCount: Int) in
                HeadlessRequest(method: method, segments: Array(segments.dropFirst(prefixCount)), query: HeadlessQuery(request.uri.query),
                                contentType: request.headers[.contentType] ?? "", body: body, user: user)
            }
            let result: JSONValue?
            switch (segments.first, segments.dropFirst().first) {
            case ("object-admin", "v1.0"):
                result = try await ObjectAdminResource.handle(headless(2), database: database)
            case ("headless-admin-list-type", "v1.0"):
                result = try await ListTypeResource.handle(headless(2), database: database)
            case ("c", _):
                result = try await ObjectEntryResource.handle(headless(1), database: database)
            case ("headless-delivery", "v1.0"):
                result = try await HeadlessDocumentResource.handle(headless(2), database: database)
            default:
                throw HeadlessProblem.notFound("Not found: \(path)")
            }
            guard let result else {
                return Reply(status: 204, headers: HTTPResponses.headers(version), body: [])
            }
            return .json(result, version: version)
        } catch let failure as HeadlessProblem {
            return problem(failure)
        } catch {
            return problem(.internalError("\(error)"))
        }
    }

    func problem(_ problem: HeadlessProblem) -> Reply {
        .json(problem.json, status: problem.status, version: version, extra: problem.headers)
    }

    /// Basic credentials or an OAuth 2 bearer token; headless resources need one of them.
    func authenticate(_ authorization: String?) async throws(HeadlessProblem) -> UserRow {
        guard let authorization else { throw .authenticationRequired }
        let isBearer = authorization.lowercased().hasPrefix("bearer ")
        do {
            guard let user = try await invoker.authenticate(authorization) else { throw HeadlessProblem.authenticationRequired }
            return user
        } catch {
            throw isBearer ? .invalidToken : .authenticationRequired
        }
    }
}
