import TermUI

extension Effect {
    /// The same effect delivering its message wrapped by `wrap`: how a parent screen (the browser)
    /// runs the effects of a child screen it embeds.
    func forwarded<Parent: Sendable>(_ wrap: @escaping @Sendable (Message) -> Parent) -> Effect<Parent> {
        switch kind {
        case .task(let work): return .task { await work().map(wrap) }
        case .message(let message): return .message(wrap(message))
        case .quit: return .quit
        }
    }
}

extension Array {
    /// Every effect forwarded to a parent's message type.
    func forwarded<Child: Sendable, Parent: Sendable>(_ wrap: @escaping @Sendable (Child) -> Parent) -> [Effect<Parent>]
    where Element == Effect<Child> {
        map { $0.forwarded(wrap) }
    }
}
