import Screenlets
import TermUI

extension ListScreen: ChildScreen {
    /// Enter opens a record's form (or shows the row's ``ListScreenSpec/openNotice``), `n` a new
    /// record's, `d` `d` deletes an entry, `s` opens the sync view; Esc goes back, `q` quits.
    public func outcomes(after message: Message, effects: inout [Effect<Message>], model: inout Model) -> [ChildOutcome] {
        guard let outcome = model.outcome else { return [] }
        model.clearOutcome()
        switch outcome {
        case .back: return [.back()]
        case .quit: return [.quit]
        case .openSync: return [.open(.sync)]
        case .open(let index):
            guard let row = model.engine.row(at: index).row else { return [] }
            if let openNotice = spec.openNotice {
                model.message = openNotice(row)
                return []
            }
            guard let recordId = (row as? DDLListRow)?.recordId else { return [] }
            return [.open(.form(recordSetId: spec.ownerId, recordId: recordId, objectDefinitionId: spec.objectDefinitionId))]
        case .create:
            return [.open(.form(recordSetId: spec.ownerId, recordId: nil, objectDefinitionId: spec.objectDefinitionId))]
        case .delete(let index):
            guard let entryId = (model.engine.row(at: index).row as? DDLListRow)?.recordId,
                let definitionId = spec.objectDefinitionId
            else { return [] }
            return [.deleteEntry(definitionId: definitionId, entryId: entryId)]
        }
    }

    /// The list on top reloads when the portal answers again; a list that follows sync
    /// (``ListScreenSpec/followsSync``) and is on top shows automatic sync's report, and reloads
    /// when it sent something (synced rows lose their markers).
    public func receive(_ event: ParentEvent, isTop: Bool, model: inout Model) -> [Effect<Message>] {
        switch event {
        case .resized(let size): return update(&model, .resized(size))
        case .status(let status):
            _ = update(&model, .status(status))
            return []
        case .connectivity(let online, _):
            guard online, isTop else { return [] }
            return update(&model, .command(.refresh))
        case .autoSynced(let report):
            guard isTop, spec.followsSync, report.isWorthTelling else { return [] }
            let effects = report.synced > 0 ? update(&model, .command(.refresh)) : []
            _ = update(&model, .notice(report.automaticSummary(model.status.locale)))
            return effects
        case .notice(let text):
            guard isTop else { return [] }
            _ = update(&model, .notice(text))
            return []
        case .reload:
            return update(&model, .command(.refresh))
        }
    }

    public func shareStatus(_ model: Model, into status: inout ConnectionStatus) {
        status.online = model.status.online
    }
}
