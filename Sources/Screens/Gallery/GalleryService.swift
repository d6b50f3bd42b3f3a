import Screenlets

/// What the gallery screen needs from the outside world: the screenlet's rows and writes, image
/// bytes, the file system for path completion, and the connection state. The program's effects
/// call it; the command wires it to a ``Screenlets/GalleryScreenlet`` and the portal session,
/// tests to a stand-in.
public protocol GalleryService: Sendable {
    /// Starts loading (page 0 with the count) around `window`.
    func start(window: GalleryWindow) async -> GallerySnapshot
    /// Reports what the screen shows (the service loads and prefetches around it) and returns it.
    func show(window: GalleryWindow) async -> GallerySnapshot
    /// The current snapshot of the last window shown.
    func snapshot() async -> GallerySnapshot
    /// Reloads from page 0; the old rows stay until it arrives.
    func refresh() async
    /// Every change (a page, an upload's progress, a deletion), in order; ends once closed. One
    /// reader: the screen.
    var events: AsyncStream<GalleryServiceEvent> { get }
    /// Queues an upload behind the others; returns its number.
    func upload(path: String, title: String, description: String) async -> Int
    /// Cancels upload `number` (waiting or running; see ``GalleryServiceEvent/uploadCancelled(number:landing:)``).
    /// False when it had already ended.
    func cancelUpload(number: Int) async -> Bool
    /// Deletes an image (queued when the portal cannot be reached).
    func delete(fileEntryId: Int64) async
    /// The preview of `item`: a tile's (`large` false) or the detail view's.
    func preview(of item: GalleryItem, large: Bool) async -> ImagePreview
    /// Completions of a local path being typed (file and folder paths, folders ending in `/`).
    func completions(of path: String) async -> [String]
    /// Who is connected where, online or not, and how many writes wait for sync.
    func status() async -> ConnectionStatus
    /// Stops loading and ends the event stream (the screen was left).
    func close() async
}

/// A change the service reports to the screen.
public enum GalleryServiceEvent: Equatable, Sendable {
    /// Pages arrived, failed or were refreshed: take a new snapshot.
    case rowsChanged
    case uploadStarted(number: Int, fileName: String, title: String)
    case uploadProgress(number: Int, sent: Int64, total: Int64)
    case uploaded(number: Int, title: String)
    /// The portal could not be reached: the upload waits in the offline queue.
    case uploadQueued(number: Int)
    case uploadFailed(number: Int, message: String)
    /// The upload was cancelled: nothing of it is queued; `landing` says what became of the file.
    case uploadCancelled(number: Int, landing: CancelledUpload)
    /// Deleted on the portal, or (`queued`) waiting in the offline queue.
    case deleted(fileEntryId: Int64, queued: Bool)
    case deleteFailed(fileEntryId: Int64, message: String)
    /// A page could not be loaded.
    case loadFailed(String)
    /// Automatic sync ran (a gallery on its own screen): queued uploads and deletions may be done.
    case autoSynced(SyncRunSummary)
}
