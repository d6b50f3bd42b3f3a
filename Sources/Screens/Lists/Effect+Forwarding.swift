import TermUI

extension Effect {
    /// The same effect delivering its message wrapped by `wrap` (``Effect/map(_:)``): how a parent
    /// screen (the browser) runs the effects of a child screen it embeds.
    func forwarded<Parent: Sendable>(_ wrap: @escaping @Sendable (Message) -> Parent) -> Effect<Parent> {
        map(wrap)
    }
}

extension Array {
    /// Every effect forwarded to a parent's message type.
    func forwarded<Child: Sendable, Parent: Sendable>(_ wrap: @escaping @Sendable (Child) -> Parent) -> [Effect<Parent>]
    where Element == Effect<Child> {
        map { $0.map(wrap) }
    }
}
