import PortalClient

/// What the gallery screenlet tells its observers. Uploads are numbered in the order they were
/// added (`upload`), and run one at a time in that order.
public enum GalleryEvent: Sendable {
    case entriesLoaded(page: Int, entries: [GalleryRow], rowCount: Int, provenance: RowProvenance)
    case entriesError(page: Int, error: any Error)
    case entrySelected(index: Int, entry: GalleryRow)
    /// Deleted on the portal (`queueId` nil), or queued for sync (the row stays, marked).
    case entryDeleted(fileEntryId: Int64, queueId: String?)
    case deleteError(fileEntryId: Int64, error: any Error)
    case uploadStarted(upload: Int, fileName: String, title: String)
    /// Bytes of the file sent so far; rises monotonically to `totalBytes`.
    case uploadProgress(upload: Int, bytesSent: Int64, totalBytes: Int64)
    /// The upload failed; when `queueId` is set it stays in the queue for sync. The next upload starts.
    case uploadError(upload: Int, error: any Error, queueId: String?)
    /// The portal could not be reached: the upload waits in the queue for sync. The next upload starts.
    case uploadQueued(upload: Int, queueId: String)
    case uploaded(upload: Int, entry: FileEntry)
}
