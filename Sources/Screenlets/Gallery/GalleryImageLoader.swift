import DDM
import Foundation
import OfflineStore
import PortalClient

/// The bytes of a gallery image (or its thumbnail) for previews: from the offline cache when they
/// are there (keyed by file entry, version and size, so a new version is fetched again), else from
/// the portal's document URL with the session, then cached so previews still draw offline.
public struct GalleryImageLoader: Sendable {
    /// The cache collection of image bytes.
    public static let collection = "ImagePreview"
    /// Larger downloads are refused (previews need little), and are never cached.
    public static let maximumBytes = 16 << 20
    /// Larger images are drawn but not cached.
    public static let maximumCachedBytes = 2 << 20

    private let session: PortalSession?
    private let database: CacheDatabase?

    /// A loader fetching with `session` (nil: the cache only) and caching in `database`.
    public init(session: PortalSession?, database: CacheDatabase?) {
        self.session = session
        self.database = database
    }

    /// The image's bytes; throws the portal client's error when it is neither cached nor reachable.
    public func bytes(of entry: FileEntry, thumbnail: Bool) async throws -> [UInt8] {
        let address = EntryAddress(collection: Self.collection, key: Self.key(entry, thumbnail: thumbnail))
        if let database, let cached = try? await EntryStore(database: database).get(address),
            let text = cached.value.stringValue, let data = Data(base64Encoded: text)
        {
            return [UInt8](data)
        }
        guard let session else { throw PortalError(kind: .network, message: "the image is not in the offline cache") }
        // Through the run's connectivity: known offline, an image not cached fails at once.
        let download: @Sendable () async throws -> [UInt8] = { try await session.documentBytes(entry, thumbnail: thumbnail) }
        let bytes: [UInt8]
        if let database { bytes = try await database.connectivity.guarded(download) } else { bytes = try await download() }
        guard bytes.count <= Self.maximumBytes else {
            throw PortalError(kind: .server, message: "the image is larger than \(Self.maximumBytes >> 20) MiB")
        }
        if let database, bytes.count <= Self.maximumCachedBytes {
            try? await EntryStore(database: database).put(address, value: .string(Data(bytes).base64EncodedString()))
        }
        return bytes
    }

    /// `<fileEntryId>/<version>/thumbnail|full`.
    static func key(_ entry: FileEntry, thumbnail: Bool) -> String {
        "\(entry.fileEntryId)/\(entry.version)/\(thumbnail ? "thumbnail" : "full")"
    }
}
