/// What the runtime needs from a terminal. The curses backend implements it; `HeadlessBackend`
/// implements it in memory for tests and benchmarks. Confined to the main actor, like curses.
@MainActor
public protocol TerminalBackend: AnyObject {
    /// The terminal's current size in cells.
    var size: Size { get }
    /// Input as it arrives: keys, pastes, mouse, resizes. Finishing it ends the program.
    var inputEvents: AsyncStream<InputEvent> { get }
    /// Writes the changed cells of a frame (everything when `update.isFullRepaint`).
    func present(_ update: FrameUpdate)
    /// Shows the cursor at a cell, or hides it (nil).
    func setCursor(_ position: Point?)
    /// Called by the runtime for each event it takes from `inputEvents`, before the program sees
    /// it: a backend whose input is read on another thread brings its own state up to date here
    /// (e.g. the terminal's size on a resize) and returns the event to deliver. Default: as is.
    func received(_ event: InputEvent) -> InputEvent
    /// Asks the backend to hand each input event to `handler` as soon as it is read, on the main
    /// actor, instead of yielding it into `inputEvents` (which then only ends): a backend that
    /// reads the terminal on the main thread itself spares every key a hop between threads and
    /// tasks. Returns false when it cannot (the default); the runtime then iterates `inputEvents`.
    func deliverInput(to handler: @escaping @MainActor (InputEvent) -> Void) -> Bool
}

extension TerminalBackend {
    public func received(_ event: InputEvent) -> InputEvent { event }
    public func deliverInput(to handler: @escaping @MainActor (InputEvent) -> Void) -> Bool { false }
}
