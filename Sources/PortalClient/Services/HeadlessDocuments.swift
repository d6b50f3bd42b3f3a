import DDM
import Foundation

/// headless-delivery v1.0 documents (reference §3.1) as the gallery needs them: the collection
/// paths of a folder, the image filter, and each `Document` turned into the JSON of a `dlapp`
/// FileEntry, so the rows, the offline cache and the output are the same on both paths.
public enum HeadlessDocuments {
    /// The application's base path.
    public static let basePath = "/o/headless-delivery/v1.0"
    /// The Adaptive Media rendition whose `contentUrl` is the thumbnail.
    public static let thumbnailResolution = "Thumbnail-300x300"
    /// Members added to the FileEntry JSON of a document: where its bytes and thumbnail are
    /// (portal-relative, exactly as the portal gave them), and which path it came from.
    public static let contentURLKey = "contentUrl"
    public static let thumbnailURLKey = "thumbnailUrl"
    public static let transportKey = "transport"
    /// The value of ``transportKey`` (also the name printed by the gallery).
    public static let transportName = "headless-delivery"

    /// A folder's documents: `document-folders/{id}/documents`, or for the root folder (0)
    /// `sites/{siteId}/documents`.
    public static func collectionPath(siteId: Int64, folderId: Int64) -> String {
        folderId == 0 ? "\(basePath)/sites/\(siteId)/documents" : "\(basePath)/document-folders/\(folderId)/documents"
    }

    /// One document: `documents/{id}`.
    public static func documentPath(_ id: Int64) -> String { "\(basePath)/documents/\(id)" }

    /// The `filter` keeping `mimeTypes` (`encodingFormat eq 'a' or …`); `nil` for every type.
    public static func filter(mimeTypes: [String]) -> String? {
        guard !mimeTypes.isEmpty else { return nil }
        return mimeTypes.map { "encodingFormat eq \(quoted($0))" }.joined(separator: " or ")
    }

    /// The `filter` finding a title: `title eq '…'`.
    public static func filter(title: String) -> String { "title eq \(quoted(title))" }

    /// An OData string literal (`'` doubled).
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    /// `path?page=P&pageSize=S&sort=dateCreated[&filter=F]`, every value percent-encoded.
    public static func pageQuery(_ path: String, page: Int, pageSize: Int, filter: String?) -> String {
        var query = "\(path)?page=\(page)&pageSize=\(pageSize)&sort=\(encode("dateCreated"))"
        if let filter { query += "&filter=" + encode(filter) }
        return query
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters.
    static func encode(_ text: String) -> String { DocumentURL.percentEncode(text) }

    /// The FileEntry JSON of a `Document` (`nil` without an `id`): `fileEntryId` = `id`,
    /// `groupId`/`repositoryId` = `siteId`, `folderId` = `documentFolderId`, `uuid` = the ERC,
    /// `mimeType` = `encodingFormat`, `size` = `sizeInBytes`, dates in epoch milliseconds,
    /// `version` from the `contentUrl` (else the modification date, so a new version is a new
    /// preview), plus ``contentURLKey``, ``thumbnailURLKey`` (the `Thumbnail-300x300` rendition)
    /// and ``transportKey``. Server data is untrusted: only these members are kept.
    public static func fileEntryJSON(_ document: JSONValue) -> JSONValue? {
        guard case .object = document, let id = document["id"]?.int64Value else { return nil }
        let site = document["siteId"]?.int64Value ?? 0
        let contentURL = document["contentUrl"]?.stringValue
        let modified = epochMilliseconds(document["dateModified"]?.stringValue)
        var json: [String: JSONValue] = [
            "fileEntryId": .int(id), "groupId": .int(site), "repositoryId": .int(site),
            "folderId": .int(document["documentFolderId"]?.int64Value ?? 0),
            "uuid": .string(document["externalReferenceCode"]?.stringValue ?? ""),
            "title": .string(document["title"]?.stringValue ?? ""), "fileName": .string(document["fileName"]?.stringValue ?? ""),
            "mimeType": .string(document["encodingFormat"]?.stringValue ?? ""),
            "description": .string(document["description"]?.stringValue ?? ""),
            "size": .int(document["sizeInBytes"]?.int64Value ?? 0),
            "version": .string(contentURL.flatMap(version(in:)) ?? modified.map(String.init) ?? ""),
            "createDate": JSONValue(epochMilliseconds(document["dateCreated"]?.stringValue)), "modifiedDate": JSONValue(modified),
            transportKey: .string(transportName),
        ]
        if let contentURL, isPortalRelative(contentURL) { json[contentURLKey] = .string(contentURL) }
        if let thumbnail = thumbnailURL(of: document) { json[thumbnailURLKey] = .string(thumbnail) }
        return .object(json)
    }

    /// The `contentUrl` of the document's `Thumbnail-300x300` adapted image, when it has one.
    public static func thumbnailURL(of document: JSONValue) -> String? {
        let images = document["adaptedImages"]?.arrayValue ?? []
        let thumbnail = images.first { $0["resolutionName"]?.stringValue == thumbnailResolution }
        guard let url = thumbnail?["contentUrl"]?.stringValue, isPortalRelative(url) else { return nil }
        return url
    }

    /// Only a path on the portal itself (`/…`, not `//host/…`) is followed: credentials never
    /// go to another host.
    static func isPortalRelative(_ url: String) -> Bool { url.hasPrefix("/") && !url.hasPrefix("//") }

    /// `version=1.0` in a document URL's query.
    static func version(in url: String) -> String? {
        guard let query = url.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("version=") {
            let value = String(pair.dropFirst("version=".count))
            return value.removingPercentEncoding ?? value
        }
        return nil
    }

    /// An ISO-8601 instant (`2024-01-15T09:00:00Z`, fractions allowed) in epoch milliseconds.
    static func epochMilliseconds(_ text: String?) -> Int64? {
        guard let text else { return nil }
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = plain.date(from: text) ?? fractional.date(from: text) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
