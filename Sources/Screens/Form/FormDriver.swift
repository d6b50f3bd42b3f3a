import DDM
import Screenlets

/// The form screen's side of a form screenlet (a portal's ``FormScreenlet`` or a
/// ``LocalFormScreenlet``): runs its methods from effects and hands back numbered snapshots of its
/// state (its event stream is a stream effect of the form screen, iterated by the runtime).
public actor FormDriver {
    public let screenlet: any FormEditing
    private var sequence = 0

    public init(screenlet: any FormEditing) {
        self.screenlet = screenlet
    }

    /// The screenlet's state now.
    public func snapshot() async -> FormSnapshot {
        let state = await screenlet.state
        let attributes = await screenlet.attributes
        sequence += 1
        return FormSnapshot(state: state, editable: attributes.editable,
                            autoscrollOnValidation: attributes.autoscrollOnValidation, sequence: sequence)
    }
}
