import DDM
import Screenlets

/// The form screen's side of a form screenlet (a portal's ``FormScreenlet`` or a
/// ``LocalFormScreenlet``): runs its methods from effects and hands back numbered snapshots of its
/// state, and reads its event stream one event at a time (an effect awaits the next event and is
/// re-armed after each one).
public actor FormDriver {
    public let screenlet: any FormEditing
    private var events: AsyncStream<FormEvent>.Iterator
    private var sequence = 0

    public init(screenlet: any FormEditing) {
        self.screenlet = screenlet
        events = screenlet.events.makeAsyncIterator()
    }

    /// The screenlet's state now.
    public func snapshot() async -> FormSnapshot {
        let state = await screenlet.state
        let attributes = await screenlet.attributes
        sequence += 1
        return FormSnapshot(state: state, editable: attributes.editable,
                            autoscrollOnValidation: attributes.autoscrollOnValidation, sequence: sequence)
    }

    /// The next event, or nil once the screenlet is closed.
    public func nextEvent() async -> FormEvent? {
        // The iterator shares its stream's storage: a copy reads the same events.
        var iterator = events
        let event = await iterator.next(isolation: self)
        events = iterator
        return event
    }
}
