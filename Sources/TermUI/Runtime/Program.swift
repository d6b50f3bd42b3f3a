/// A screen or application in the Elm style: state in a model, changes by messages through a pure
/// update, the screen as a pure function of the model.
///
/// The runtime renders only when the model changed (hence `Equatable`; it compares the models'
/// ``snapshot(of:)``s), turns terminal input into
/// messages with `message(for:model:)`, and runs the effects `update` returns.
public protocol Program: Sendable {
    associatedtype Model: Equatable & Sendable
    associatedtype Message: Sendable
    /// What the runtime keeps of the model across a turn's updates to tell whether to draw
    /// (``snapshot(of:)``); by default the model itself.
    associatedtype Snapshot: Equatable & Sendable = Model

    /// The model's parts the frame is drawn from, such that two equal snapshots draw the same
    /// frame. The runtime holds the one from before a turn while `update` runs: a model whose
    /// update changes large storage in place (a list's loaded pages) gives a small value here,
    /// so that holding it does not make `update` copy that storage (issue 17). Defaults to the
    /// model itself.
    func snapshot(of model: Model) -> Snapshot

    /// The first model and the effects to start with (e.g. load the form).
    func initialize() -> (Model, [Effect<Message>])

    /// Applies `message` to `model`; returns the effects to run. Must not do I/O itself.
    func update(_ model: inout Model, _ message: Message) -> [Effect<Message>]

    /// Draws `model` into a grid of exactly `size`. Pure; set `grid.cursor` to show the cursor.
    func view(_ model: Model, size: Size) -> Grid

    /// The message for an input event (a key looked up in the key map, a paste, a click), or nil to
    /// ignore it. Resizes re-render on their own; return a message to react to them as well.
    func message(for event: InputEvent, model: Model) -> Message?
}

extension Program where Snapshot == Model {
    public func snapshot(of model: Model) -> Model { model }
}
