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
    /// The upload was cancelled (``GalleryScreenlet/cancelUpload(_:)``): nothing of it stays in the
    /// queue; `landing` says what became of the file on the portal. The next upload starts.
    case uploadCancelled(upload: Int, landing: CancelledUpload)
}

/// What became of a cancelled upload's file on the portal.
public enum CancelledUpload: Sendable, Equatable {
    /// Stopped before the portal had the whole file (or before it started): nothing was kept.
    case stopped
    /// The whole file had reached the portal, which had made document `fileEntryId` of it: it was
    /// deleted again.
    case takenBack(fileEntryId: Int64)
    /// The whole file had reached the portal, and whether the portal kept it could not be checked
    /// (`reason`): it may be in the folder.
    case mayRemain(reason: String)
}
