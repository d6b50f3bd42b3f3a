import DDM

/// A failure of a headless (`/o/…`) request, answered as Vulcan's `Problem`:
/// `{"status": "NOT_FOUND", "title": "…", "type": "…"}` with the matching HTTP status.
struct HeadlessProblem: Error, Sendable, Equatable {
    let status: Int
    let title: String
    /// The exception's simple class name, when the portal names one.
    var type: String? = nil
    /// Extra headers (e.g. `WWW-Authenticate`).
    var headers: [(String, String)] = []

    static func == (lhs: HeadlessProblem, rhs: HeadlessProblem) -> Bool {
        lhs.status == rhs.status && lhs.title == rhs.title && lhs.type == rhs.type
    }

    static func badRequest(_ title: String, type: String? = nil) -> HeadlessProblem {
        HeadlessProblem(status: 400, title: title, type: type)
    }

    static func notFound(_ title: String) -> HeadlessProblem { HeadlessProblem(status: 404, title: title) }

    static func forbidden(_ title: String) -> HeadlessProblem {
        HeadlessProblem(status: 403, title: title, type: "PrincipalException")
    }

    static let authenticationRequired = HeadlessProblem(
        status: 401, title: "Authentication required", headers: [("WWW-Authenticate", "Basic realm=\"PortalRealm\"")])

    static let invalidToken = HeadlessProblem(
        status: 401, title: "The access token is invalid or has expired",
        headers: [("WWW-Authenticate", "Bearer error=\"invalid_token\"")])

    static func methodNotAllowed(_ method: String) -> HeadlessProblem {
        HeadlessProblem(status: 405, title: "HTTP method \(method) is not allowed on this resource")
    }

    static func noEntry(_ id: String) -> HeadlessProblem { .notFound("No ObjectEntry exists with the primary key \(id)") }

    static func internalError(_ detail: String) -> HeadlessProblem { HeadlessProblem(status: 500, title: detail) }

    /// The HTTP reason as Vulcan's `Response.Status` enum names it.
    var statusName: String {
        switch status {
        case 400: return "BAD_REQUEST"
        case 401: return "UNAUTHORIZED"
        case 403: return "FORBIDDEN"
        case 404: return "NOT_FOUND"
        case 405: return "METHOD_NOT_ALLOWED"
        case 409: return "CONFLICT"
        case 413: return "REQUEST_ENTITY_TOO_LARGE"
        case 415: return "UNSUPPORTED_MEDIA_TYPE"
        default: return "INTERNAL_SERVER_ERROR"
        }
    }

    var json: JSONValue {
        var members: [String: JSONValue] = ["status": .string(statusName), "title": .string(title)]
        if let type { members["type"] = .string(type) }
        return .object(members)
    }
}
