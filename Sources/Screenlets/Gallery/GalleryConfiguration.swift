import OfflineStore
import PortalClient

/// The gallery screenlet's attributes, as Liferay Screens names them.
public struct GalleryConfiguration: Sendable, Hashable {
    public var repositoryId: Int64
    public var folderId: Int64
    public var mimeTypes: [String]
    /// The title prefix of uploads given no title.
    public var filePrefix: String
    public var firstPageSize: Int
    public var pageSize: Int
    /// Where pages are read from.
    public var offlinePolicy: LoadPolicy
    /// Where deletions go: sent now, or queued when the portal is unreachable (`remote-first`).
    public var deletePolicy: SubmitPolicy
    /// Where uploads go: `cache-first` (the default) queues each one first and then tries it, so
    /// none is ever lost; `cache-only` queues it and never connects; `remote-only` sends it or fails.
    public var uploadPolicy: SubmitPolicy = .cacheFirst
    public var locale: String
    /// The portal API pages, uploads, deletions and thumbnails go through (`dlapp` unless the
    /// portal has headless-delivery); the site is ``repositoryId``.
    public var transport: GalleryTransport = .jsonWebServices

    public init(
        repositoryId: Int64, folderId: Int64, mimeTypes: [String] = DLAppCalls.defaultImageMimeTypes,
        filePrefix: String = "gallery-", firstPageSize: Int = 50, pageSize: Int = 25,
        offlinePolicy: LoadPolicy = .remoteFirst, deletePolicy: SubmitPolicy = .remoteFirst, locale: String = "en_US"
    ) {
        self.repositoryId = repositoryId
        self.folderId = folderId
        self.mimeTypes = mimeTypes
        self.filePrefix = filePrefix
        self.firstPageSize = firstPageSize
        self.pageSize = pageSize
        self.offlinePolicy = offlinePolicy
        self.deletePolicy = deletePolicy
        self.locale = locale
    }

    public var layout: PageLayout { PageLayout(firstPageSize: firstPageSize, pageSize: pageSize) }
}
