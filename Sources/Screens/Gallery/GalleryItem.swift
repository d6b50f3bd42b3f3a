/// One image as the gallery screen shows it (the screen does not depend on the portal client:
/// the service adapter converts the screenlet's rows into these).
public struct GalleryItem: Equatable, Sendable {
    public var fileEntryId: Int64
    public var title: String
    public var mimeType: String
    /// Bytes.
    public var size: Int64
    /// Epoch milliseconds.
    public var createDate: Int64?
    public var modifiedDate: Int64?
    public var description: String
    public var version: String
    /// Its deletion waits in the offline queue.
    public var pendingDelete: Bool
    /// Read from the offline cache while the portal was unreachable.
    public var stale: Bool

    public init(
        fileEntryId: Int64, title: String, mimeType: String, size: Int64, createDate: Int64? = nil, modifiedDate: Int64? = nil,
        description: String = "", version: String = "1.0", pendingDelete: Bool = false, stale: Bool = false
    ) {
        self.fileEntryId = fileEntryId
        self.title = title
        self.mimeType = mimeType
        self.size = size
        self.createDate = createDate
        self.modifiedDate = modifiedDate
        self.description = description
        self.version = version
        self.pendingDelete = pendingDelete
        self.stale = stale
    }
}

/// What one position of the gallery holds.
public enum GallerySlot: Equatable, Sendable {
    case loaded(GalleryItem)
    /// Not loaded yet.
    case placeholder
    /// Its page failed to load (the message says why; it retries on its own).
    case failed(String)
}

/// The rows of a window of the gallery, as the service saw them at one moment.
public struct GallerySnapshot: Equatable, Sendable {
    /// Increases with every snapshot the service takes: an older one never replaces a newer one.
    public var sequence: Int
    /// The number of images; nil until the first page has arrived.
    public var rowCount: Int?
    /// A refresh is running (the old tiles stay until the new first page arrives).
    public var isRefreshing: Bool
    /// The index of `slots[0]`.
    public var firstRow: Int
    public var slots: [GallerySlot]
    /// The last load error, when the first page could not be loaded.
    public var error: String?

    public init(sequence: Int, rowCount: Int?, isRefreshing: Bool = false, firstRow: Int = 0, slots: [GallerySlot] = [], error: String? = nil) {
        self.sequence = sequence
        self.rowCount = rowCount
        self.isRefreshing = isRefreshing
        self.firstRow = firstRow
        self.slots = slots
        self.error = error
    }

    /// The slot of row `index` when it is in the window.
    public func slot(at index: Int) -> GallerySlot? {
        let offset = index - firstRow
        return slots.indices.contains(offset) ? slots[offset] : nil
    }
}

/// The rows the screen shows, reported to the service so it loads and prefetches around them.
public struct GalleryWindow: Equatable, Sendable {
    public var firstRow: Int
    public var count: Int
    public var cursor: Int

    public init(firstRow: Int, count: Int, cursor: Int) {
        self.firstRow = firstRow
        self.count = count
        self.cursor = cursor
    }
}
