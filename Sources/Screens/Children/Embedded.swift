import Screenlets
import TermUI

/// A child program and its model on a parent's stack, compared by id and model.
public struct Embedded<Child: ChildScreen>: Equatable, Sendable {
    public let id: Int
    public let program: Child
    public internal(set) var model: Child.Model
    /// The breadcrumb the screen adds.
    public var crumb: String

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.model == rhs.model }
}

/// A message of some child screen, on its way from the runtime back to that child.
public struct ChildMessage: Sendable {
    let value: any Sendable
}

/// Any child screen on a parent's stack: what the parent does with it, whatever its type.
public struct AnyChildScreen: Equatable, Sendable {
    private var base: any EmbeddedScreen

    /// Starts `program` as child `id` with breadcrumb `crumb`; returns it and its first effects.
    public static func start<Child: ChildScreen>(_ program: Child, id: Int, crumb: String) -> (Self, [Effect<ChildMessage>]) {
        let (model, effects) = program.initialize()
        return (Self(base: Embedded(id: id, program: program, model: model, crumb: crumb)), erase(effects))
    }

    public var id: Int { base.id }
    public var crumb: String { base.crumb }

    /// The child as `Child`, when it is one.
    public func `as`<Child: ChildScreen>(_ type: Child.Type) -> Embedded<Child>? { base as? Embedded<Child> }

    func message(for event: InputEvent) -> ChildMessage? { base.message(for: event) }
    func view(size: Size) -> Grid { base.view(size: size) }
    mutating func update(_ message: ChildMessage) -> (effects: [Effect<ChildMessage>], outcomes: [ChildOutcome]) {
        base.update(message)
    }
    mutating func receive(_ event: ParentEvent, isTop: Bool) -> [Effect<ChildMessage>] { base.receive(event, isTop: isTop) }
    func shareStatus(into status: inout ConnectionStatus) { base.shareStatus(into: &status) }
    func leave() -> Effect<ChildMessage>? { base.leave() }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base.isEqual(to: rhs.base) }

    /// The child's id and its program's snapshot of its model (``Program/snapshot(of:)``).
    var snapshot: ChildSnapshot { base.snapshot() }

    /// Holds a stack's place while its child is out being changed (``PortalBrowser/Screen/withChild(_:)``):
    /// it draws nothing and takes no messages.
    static let vacated = AnyChildScreen(base: VacatedScreen())
}

/// What ``AnyChildScreen/vacated`` holds: no model, so it fits in the existential without a box.
private struct VacatedScreen: EmbeddedScreen {
    var id: Int { -1 }
    var crumb: String { "" }
    func isEqual(to other: any EmbeddedScreen) -> Bool { other is VacatedScreen }
    func snapshot() -> ChildSnapshot { ChildSnapshot(id: -1, value: 0) }
    func message(for event: InputEvent) -> ChildMessage? { nil }
    func view(size: Size) -> Grid { Grid(size: size) }
    func update(_ message: ChildMessage) -> (effects: [Effect<ChildMessage>], outcomes: [ChildOutcome]) { ([], []) }
    func receive(_ event: ParentEvent, isTop: Bool) -> [Effect<ChildMessage>] { [] }
    func shareStatus(into status: inout ConnectionStatus) {}
    func leave() -> Effect<ChildMessage>? { nil }
}

/// A child screen's id and the snapshot its program takes of its model, its type hidden: equal
/// snapshots draw the same frame.
struct ChildSnapshot: Equatable, Sendable {
    let id: Int
    let value: any Equatable & Sendable

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.value.isEqual(to: rhs.value) }
}

extension Equatable {
    /// Whether `other` is of this type and equal to this value.
    fileprivate func isEqual(to other: any Equatable) -> Bool { (other as? Self) == self }
}

/// ``Embedded`` with its child's type hidden.
private protocol EmbeddedScreen: Sendable {
    var id: Int { get }
    var crumb: String { get }
    func isEqual(to other: any EmbeddedScreen) -> Bool
    func snapshot() -> ChildSnapshot
    func message(for event: InputEvent) -> ChildMessage?
    func view(size: Size) -> Grid
    mutating func update(_ message: ChildMessage) -> (effects: [Effect<ChildMessage>], outcomes: [ChildOutcome])
    mutating func receive(_ event: ParentEvent, isTop: Bool) -> [Effect<ChildMessage>]
    func shareStatus(into status: inout ConnectionStatus)
    func leave() -> Effect<ChildMessage>?
}

extension Embedded: EmbeddedScreen {
    fileprivate func isEqual(to other: any EmbeddedScreen) -> Bool { (other as? Self) == self }

    fileprivate func snapshot() -> ChildSnapshot { ChildSnapshot(id: id, value: program.snapshot(of: model)) }

    fileprivate func message(for event: InputEvent) -> ChildMessage? {
        program.message(for: event, model: model).map { ChildMessage(value: $0) }
    }

    fileprivate func view(size: Size) -> Grid { program.view(model, size: size) }

    fileprivate mutating func update(_ message: ChildMessage) -> (effects: [Effect<ChildMessage>], outcomes: [ChildOutcome]) {
        guard let message = message.value as? Child.Message else { return ([], []) }
        var effects = program.update(&model, message)
        let outcomes = program.outcomes(after: message, effects: &effects, model: &model)
        return (erase(effects), outcomes)
    }

    fileprivate mutating func receive(_ event: ParentEvent, isTop: Bool) -> [Effect<ChildMessage>] {
        erase(program.receive(event, isTop: isTop, model: &model))
    }

    fileprivate func shareStatus(into status: inout ConnectionStatus) { program.shareStatus(model, into: &status) }

    fileprivate func leave() -> Effect<ChildMessage>? { program.leave(model).map { $0.map { ChildMessage(value: $0) } } }
}

/// Every effect delivering a ``ChildMessage``.
private func erase<Message: Sendable>(_ effects: [Effect<Message>]) -> [Effect<ChildMessage>] {
    effects.map { $0.map { ChildMessage(value: $0) } }
}
