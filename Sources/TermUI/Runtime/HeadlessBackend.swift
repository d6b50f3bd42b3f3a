/// An in-memory terminal for tests and benchmarks: applies every frame update to a screen grid
/// (so tests can check that diffs reproduce the frame exactly), counts what was written, and takes
/// input from `send(_:)`.
@MainActor
public final class HeadlessBackend: TerminalBackend {
    public private(set) var size: Size
    /// What the terminal shows after all updates so far.
    public private(set) var screen: Grid
    /// The cursor as last set (nil: hidden).
    public private(set) var cursor: Point?
    /// Every update presented, oldest first.
    public private(set) var updates: [FrameUpdate] = []
    /// Cells written by all updates.
    public private(set) var cellsWritten = 0

    public let inputEvents: AsyncStream<InputEvent>
    private let continuation: AsyncStream<InputEvent>.Continuation

    public init(size: Size) {
        self.size = size
        self.screen = Grid(size: size)
        (inputEvents, continuation) = AsyncStream.makeStream(of: InputEvent.self)
    }

    /// Queues an input event for `Runtime.run()`.
    public func send(_ event: InputEvent) { continuation.yield(event) }

    /// Ends the input: `Runtime.run()` returns.
    public func endInput() { continuation.finish() }

    /// Changes the terminal size and queues the matching `.resize` event.
    public func resize(to newSize: Size) {
        size = newSize
        send(.resize(newSize))
    }

    public func present(_ update: FrameUpdate) {
        updates.append(update)
        if update.isFullRepaint || screen.size != update.size { screen = Grid(size: update.size) }
        for change in update.changes {
            screen.write(change.text, at: change.position, style: change.style)
            cellsWritten += change.cellCount
        }
        screen.cursor = update.cursor
    }

    public func setCursor(_ position: Point?) { cursor = position }
}
