import Screenlets
import TermUI

/// A screen another screen (the portal browser) holds on its stack: a program of its own that
/// also tells its parent what it wants (``ChildOutcome``) and hears the parent's standard news
/// (``ParentEvent``: the terminal's size, the connection status, a sync report, a notice).
///
/// The parent needs nothing else to hold it: see ``Embedded`` and "Adding a screen" in
/// docs/screens.md.
public protocol ChildScreen: Program {
    /// What the last update (`message`, which returned `effects`) asks of the parent, taken out
    /// of the model. A screen may drop effects its parent replaces (e.g. its own quit).
    func outcomes(after message: Message, effects: inout [Effect<Message>], model: inout Model) -> [ChildOutcome]

    /// The screen's reaction to news from its parent; `isTop`: it is the screen shown.
    func receive(_ event: ParentEvent, isTop: Bool, model: inout Model) -> [Effect<Message>]

    /// Copies what the screen learned about the connection into the parent's status.
    func shareStatus(_ model: Model, into status: inout ConnectionStatus)

    /// Work to do when the screen leaves the stack (e.g. closing its screenlet); nil: none.
    func leave(_ model: Model) -> Effect<Message>?
}

extension ChildScreen {
    public func shareStatus(_ model: Model, into status: inout ConnectionStatus) {}
    public func leave(_ model: Model) -> Effect<Message>? { nil }
}

/// What a child screen asks of its parent.
public enum ChildOutcome: Equatable, Sendable {
    /// Leave the screen: it is closed (``ChildScreen/leave(_:)``) and the one below comes back;
    /// `reloadBelow`: the screen below reloads (a form's record may have changed).
    case back(reloadBelow: Bool = false)
    /// Quit the program (a screen that must be closed first says ``back(reloadBelow:)`` before).
    case quit
    /// Open another screen on top.
    case open(ScreenRoute)
    /// Delete entry `entryId` of object definition `definitionId`.
    case deleteEntry(definitionId: Int64, entryId: Int64)
    /// Something was saved: settings the parent's look depends on may have changed.
    case saved
}

/// A screen a child asks its parent to open.
public enum ScreenRoute: Equatable, Sendable {
    /// The sync view.
    case sync
    /// The form of record `recordId` (nil: a new record) of record set `recordSetId` (or of the
    /// entries of object definition `objectDefinitionId`).
    case form(recordSetId: Int64?, recordId: Int64?, objectDefinitionId: Int64?)
}

/// News a parent tells its children.
public enum ParentEvent: Sendable {
    /// The terminal's new size.
    case resized(Size)
    /// The connection status (online, pending writes) changed.
    case status(ConnectionStatus)
    /// The portal stopped or started answering; `pendingWrites` wait in the queue.
    case connectivity(online: Bool, pendingWrites: Int)
    /// Automatic sync ran.
    case autoSynced(SyncRunSummary)
    /// A line for the screen's message area (empty: clear it).
    case notice(String)
    /// What the screen shows may have changed on the portal (a row was deleted, a form saved).
    case reload
}
