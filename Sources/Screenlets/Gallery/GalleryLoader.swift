import OfflineStore
import PortalClient

/// Loads gallery pages through a ``PortalPageLoader`` (`dlapp`) or a ``HeadlessGalleryPageLoader``
/// and marks the images whose deletion is queued (asked of the pending queue once per page).
public struct GalleryLoader: PageLoader {
    public typealias Row = GalleryRow

    public let base: any PageLoader<FileEntry>
    private let queue: PendingQueue?

    public init(base: any PageLoader<FileEntry>, queue: PendingQueue?) {
        self.base = base
        self.queue = queue
    }

    public func loadPage(_ request: PageRequest) async throws -> PageResponse<GalleryRow> {
        try await loadPage(request) { _ in }
    }

    public func loadPage(
        _ request: PageRequest, early: @escaping @Sendable (PageResponse<GalleryRow>) async -> Void
    ) async throws -> PageResponse<GalleryRow> {
        let marked = { @Sendable (page: PageResponse<FileEntry>) -> PageResponse<GalleryRow> in
            let deleting = queue.map(Self.queuedDeletes) ?? []
            let rows = page.rows.map { GalleryRow(entry: $0, pendingDelete: deleting.contains($0.fileEntryId)) }
            return PageResponse(rows: rows, rowCount: page.rowCount, provenance: page.provenance)
        }
        return marked(try await base.loadPage(request) { page in await early(marked(page)) })
    }

    /// The file entries with an open queued deletion.
    static func queuedDeletes(in queue: PendingQueue) -> Set<Int64> {
        let items = (try? queue.items(collection: GalleryScreenlet.collection)) ?? []
        return Set(items.filter { $0.operation == .delete }.compactMap { $0.payload[PayloadKey.fileEntryId]?.int64Value })
    }
}
