/// Turns successive frames into minimal updates: remembers the last frame presented and diffs the
/// next one against it; after `invalidate()` (resize, screen garbage) the next update repaints all.
public struct FrameRenderer: Sendable {
    public private(set) var lastFrame: Grid?

    public init() {}

    /// Forgets the last frame so the next update is a full repaint.
    public mutating func invalidate() { lastFrame = nil }

    /// The update that brings the screen from the last frame to `frame`.
    public mutating func update(to frame: Grid) -> FrameUpdate {
        let full = lastFrame == nil || lastFrame?.size != frame.size
        let changes = FrameDiff.changes(from: full ? nil : lastFrame, to: frame)
        lastFrame = frame
        return FrameUpdate(changes: changes, isFullRepaint: full, cursor: frame.cursor, size: frame.size)
    }
}
