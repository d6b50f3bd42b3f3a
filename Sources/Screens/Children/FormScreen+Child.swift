import Screenlets
import TermUI

extension FormScreen: ChildScreen {
    /// The form leaves (Esc, q, after its prompts) with the list below reloading; Ctrl-C past
    /// its prompts quits the program. A save says so (the settings form changes the look).
    public func outcomes(after message: FormScreenMessage, effects: inout [Effect<FormScreenMessage>], model: inout FormScreenModel)
        -> [ChildOutcome]
    {
        let quits = effects.contains(where: \.isQuit) || model.quitting
        effects.removeAll(where: \.isQuit)
        var outcomes: [ChildOutcome] = []
        if case .submitted(.success(.saved), _) = message { outcomes.append(.saved) }
        if quits { outcomes.append(.back(reloadBelow: true)) }
        if quits, model.quitsProgram { outcomes.append(.quit) }
        return outcomes
    }

    /// The form hears the queue's count and whether the portal answers (it shows no other status).
    public func receive(_ event: ParentEvent, isTop: Bool, model: inout FormScreenModel) -> [Effect<FormScreenMessage>] {
        var effects: [Effect<FormScreenMessage>]
        switch event {
        case .resized(let size):
            return update(&model, .resize(size))
        case .connectivity(let online, let pendingWrites):
            effects = update(&model, .connection(online: online, pendingWrites: pendingWrites))
        case .autoSynced(let report):
            // Writes that went out mean the portal answers; a queued save that went out makes it "Record N".
            let online = report.synced > 0 ? true : model.online
            effects = update(&model, .connection(online: online, pendingWrites: report.pending))
        case .status, .notice, .reload:
            return []
        }
        return effects.filter { !$0.isQuit }
    }

    /// Closes the form's screenlet.
    public func leave(_ model: FormScreenModel) -> Effect<FormScreenMessage>? {
        let screenlet = self.screenlet
        return .task {
            await screenlet.close()
            return nil
        }
    }
}
