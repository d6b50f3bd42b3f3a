import DDM
import GRDB

/// headless-delivery documents (reference §3.1). Filled in below the Objects work.
enum HeadlessDocumentResource {
    static func handle(_ request: HeadlessRequest, database: PortalDatabase) async throws(HeadlessProblem) -> JSONValue? {
        throw .notFound("Not found")
    }

    static func adaptedImage(_ segments: [String], database: PortalDatabase, version: PortalVersion) async throws(HeadlessProblem) -> Reply {
        throw .notFound("Not found")
    }
}
