/// A screen or application in the Elm style: state in a model, changes by messages through a pure
/// update, the screen as a pure function of the model.
///
/// The runtime renders only when the model changed (hence `Equatable`), turns terminal input into
/// messages with `message(for:model:)`, and runs the effects `update` returns.
public protocol Program: Sendable {
    associatedtype Model: Equatable & Sendable
    associatedtype Message: Sendable

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
