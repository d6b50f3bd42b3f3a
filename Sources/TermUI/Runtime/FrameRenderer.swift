/// Turns successive frames into minimal updates: remembers the last frame presented and diffs the
/// next one against it; after `invalidate()` (resize, screen garbage) the next update repaints all.
public struct FrameRenderer: Sendable {
    public private(set) var lastFrame: Grid?
    /// The changes of the last update, whose storage the next one reuses once that update is
    /// gone (growing a new array to ~100 changes every frame cost eight allocations: issue 17).
    private var changes: [Change] = []

    public init() {}

    /// Forgets the last frame so the next update is a full repaint.
    public mutating func invalidate() { lastFrame = nil }

    /// The update that brings the screen from the last frame to `frame`.
    public mutating func update(to frame: Grid) -> FrameUpdate {
        let full = lastFrame == nil || lastFrame?.size != frame.size
        changes.removeAll(keepingCapacity: true)
        FrameDiff.changes(from: full ? nil : lastFrame, to: frame, into: &changes)
        var dropped = lastFrame
        lastFrame = frame
        // The frame before the last one is not needed any more: its cells make the next frame.
        dropped?.recycleStorage()
        return FrameUpdate(changes: changes, isFullRepaint: full, cursor: frame.cursor, size: frame.size)
    }
}
