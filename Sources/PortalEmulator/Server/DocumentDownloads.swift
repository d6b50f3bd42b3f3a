import DDM
import Foundation
import GRDB

/// `GET /documents/<groupId>/<folderId>/<title>/<uuid>`: the file's bytes, or with
/// `imageThumbnail=1` a smaller PNG (demo images have one; other files are served as they are).
enum DocumentDownloads {
    static func serve(path: String, query: String?, database: PortalDatabase, version: PortalVersion) async -> Reply {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).dropFirst().map {
            String($0).removingPercentEncoding ?? String($0)
        }
        guard segments.count == 4, let groupId = Int64(segments[0]), let folderId = Int64(segments[1]) else {
            return .text("Not found", status: 404, version: version)
        }
        let title = segments[2]
        let uuid = segments[3]
        let wantsThumbnail = RequestBodyParser.urlEncoded(query ?? "").contains { $0.0 == "imageThumbnail" && $0.1 == "1" }
        let found: (mimeType: String, data: Data)?
        do {
            found = try await database.pool.read { db in
                guard let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT fileEntry.mimeType, fileContent.data, fileContent.thumbnail FROM fileEntry
                        JOIN fileContent USING (fileEntryId) WHERE fileEntry.groupId = ? AND fileEntry.folderId = ?
                        AND fileEntry.uuid = ? AND fileEntry.title = ?
                        """,
                    arguments: [groupId, folderId, uuid, title])
                else { return nil }
                let thumbnail: Data? = row["thumbnail"]
                if wantsThumbnail, let thumbnail { return ("image/png", thumbnail) }
                return (row["mimeType"], row["data"])
            }
        } catch {
            return .text("Could not read the document", status: 500, version: version)
        }
        guard let found else { return .text("Not found", status: 404, version: version) }
        return .bytes([UInt8](found.data), contentType: found.mimeType, version: version)
    }
}
