import TermUI

/// The gallery screen's state: a pure value, drawn by the view.
public struct GalleryModel: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case grid
        /// The detail view of one image.
        case detail(GalleryItem)
        case uploadPrompt(UploadPrompt)
        /// "Delete …? y/N"
        case confirmDelete(GalleryItem)
    }

    public var size: Size
    public var depth: ColorDepth
    public var theme: Theme
    /// What the title row names, e.g. `Demo images (folder 50001)`.
    public var title: String
    public var snapshot = GallerySnapshot(sequence: -1, rowCount: nil)
    /// The selected image's index.
    public var cursor = 0
    /// The first tile row on screen.
    public var topTileRow = 0
    /// Tile previews by file entry id.
    public var previews: [Int64: ImagePreview] = [:]
    /// Detail-view previews by file entry id.
    public var largePreviews: [Int64: ImagePreview] = [:]
    public var mode: Mode = .grid
    public var showsHelp = false
    /// Uploads of this session, in order.
    public var uploads: [UploadItem] = []
    public var status: ConnectionStatus
    /// The status line's message ("Uploaded …", "Deletion queued for sync", …).
    public var message = ""

    public init(size: Size, depth: ColorDepth, theme: Theme, title: String, status: ConnectionStatus) {
        self.size = size
        self.depth = depth
        self.theme = theme
        self.title = title
        self.status = status
    }

    /// The layout for the current size.
    /// The upload being sent now, if any.
    public var runningUpload: UploadItem? {
        uploads.first { if case .sending = $0.state { return true } else { return false } }
    }
    public var layout: GalleryLayout { GalleryLayout(size: size, showsQueue: !uploads.isEmpty) }

    /// The rows on screen, reported to the service.
    public var window: GalleryWindow {
        let layout = layout
        return GalleryWindow(firstRow: topTileRow * layout.columns, count: layout.visibleCount, cursor: cursor)
    }

    /// The image under the cursor, when loaded.
    public var selectedItem: GalleryItem? {
        if case .loaded(let item)? = snapshot.slot(at: cursor) { return item }
        return nil
    }
}
