import DDM
import Hummingbird

/// The OAuth 2 provider's endpoints (`/o/oauth2/…`).
struct OAuth2Provider: Sendable {
    let database: PortalDatabase

    func handle(_ request: Request, segments: [String], body: [UInt8], version: PortalVersion) async -> Reply {
        .json(HeadlessProblem.notFound("Not found").json, status: 404, version: version)
    }
}
