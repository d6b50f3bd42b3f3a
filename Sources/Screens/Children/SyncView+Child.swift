import Screenlets
import TermUI

extension SyncView: ChildScreen {
    /// Esc goes back, `q` quits.
    public func outcomes(after message: Message, effects: inout [Effect<Message>], model: inout Model) -> [ChildOutcome] {
        guard let outcome = model.outcome else { return [] }
        model.clearOutcome()
        switch outcome {
        case .back: return [.back()]
        case .quit: return [.quit]
        }
    }

    /// The queue reloads when automatic sync sent or failed something (a conflict resolved
    /// with k is sent by the next run, and leaves the view by itself).
    public func receive(_ event: ParentEvent, isTop: Bool, model: inout Model) -> [Effect<Message>] {
        switch event {
        case .resized(let size): return update(&model, .resized(size))
        case .status(let status):
            _ = update(&model, .status(status))
            return []
        case .autoSynced(let report) where report.isWorthTelling:
            return update(&model, .command(.refresh))
        case .connectivity, .autoSynced, .notice, .reload:
            return []
        }
    }

    public func shareStatus(_ model: Model, into status: inout ConnectionStatus) {
        status.online = model.status.online
        status.pendingWrites = model.status.pendingWrites
    }
}
