import TermUI

/// Where things go on the gallery screen for a terminal size: a title row, a grid of tiles (as
/// many columns as fit, tiles stretched to share the width), the upload queue row when there
/// are uploads, the status line and the help line.
public struct GalleryLayout: Equatable, Sendable {
    public static let minimumTileWidth = 18
    public static let maximumTileWidth = 30
    public static let gap = 2
    /// Preview rows plus the title and size/date lines: tiles are at least this high when the
    /// terminal allows, and grow (up to `maximumTileHeight`) to share the height left over.
    public static let preferredTileHeight = 9
    public static let maximumTileHeight = 14

    public let size: Size
    public let columns: Int
    public let tileWidth: Int
    public let tileHeight: Int
    /// Tile rows that fit in the grid area.
    public let visibleTileRows: Int
    public let gridArea: Rect
    public let queueRow: Rect?
    public let statusRow: Rect
    public let helpRow: Rect

    public init(size: Size, showsQueue: Bool) {
        self.size = size
        let width = max(1, size.width)
        columns = max(1, (width + Self.gap) / (Self.minimumTileWidth + Self.gap))
        tileWidth = max(1, min(Self.maximumTileWidth, (width - Self.gap * (columns - 1)) / columns))
        let bottom = max(1, size.height)
        helpRow = Rect(x: 0, y: bottom - 1, width: width, height: 1)
        statusRow = Rect(x: 0, y: max(0, bottom - 2), width: width, height: 1)
        let queueHeight = showsQueue ? 1 : 0
        queueRow = showsQueue ? Rect(x: 0, y: max(0, bottom - 3), width: width, height: 1) : nil
        let areaHeight = max(0, bottom - 3 - queueHeight)
        gridArea = Rect(x: 0, y: 1, width: width, height: areaHeight)
        let rows = max(1, (areaHeight + 1) / (Self.preferredTileHeight + 1))
        visibleTileRows = rows
        tileHeight = max(3, min(Self.maximumTileHeight, (areaHeight + 1) / rows - 1))
    }

    /// Preview rows of a tile (the tile minus its two text lines).
    public var previewRows: Int { max(1, tileHeight - 2) }

    /// Images on one screen.
    public var visibleCount: Int { columns * visibleTileRows }

    /// The index of the image whose tile covers `point`, with `topTileRow` the first tile row on
    /// screen; nil between tiles and outside the grid.
    public func tileIndex(at point: Point, topTileRow: Int) -> Int? {
        guard gridArea.contains(point) else { return nil }
        let column = (point.x - gridArea.x) / (tileWidth + Self.gap)
        let row = (point.y - gridArea.y) / (tileHeight + 1)
        guard column < columns, row < visibleTileRows, tileRect(column: column, row: row).contains(point) else { return nil }
        return (topTileRow + row) * columns + column
    }

    /// The rectangle of the tile at (`column`, `row`) of the visible grid.
    public func tileRect(column: Int, row: Int) -> Rect {
        Rect(
            x: gridArea.x + column * (tileWidth + Self.gap), y: gridArea.y + row * (tileHeight + 1), width: tileWidth,
            height: tileHeight)
    }
}
