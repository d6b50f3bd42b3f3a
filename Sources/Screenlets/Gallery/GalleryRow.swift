import PortalClient

/// One image of the gallery, and whether its deletion waits in the pending queue.
public struct GalleryRow: Sendable, Hashable {
    public let entry: FileEntry
    /// Deleted offline: the deletion is queued for sync, the image still shows, marked.
    public let pendingDelete: Bool

    public init(entry: FileEntry, pendingDelete: Bool = false) {
        self.entry = entry
        self.pendingDelete = pendingDelete
    }
}
