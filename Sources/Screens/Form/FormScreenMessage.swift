import DDM
import Screenlets
import TermUI

/// What reaches the form screen's update: input, and the results of the screenlet's work.
public enum FormScreenMessage: Sendable {
    case key(KeyEvent)
    case paste(String)
    case resize(Size)
    /// A left click at a cell: focuses the row there (a second click activates it).
    case click(Point)
    /// A screenlet call finished; `note` says how (nil: nothing to say). `rebuildRows` after loads
    /// and repetitions (the only changes of the form's shape).
    case snapshot(FormSnapshot, note: FormScreenModel.Note?, rebuildRows: Bool, focus: FormFieldKey? = nil)
    /// The screenlet told something; the snapshot was taken right after.
    case event(FormEvent, FormSnapshot)
    /// A submit (or draft) finished, with its outcome or its error.
    case submitted(Result<FormSubmitOutcome, FormSubmitFailure>, draft: Bool, FormSnapshot)
    /// Path completion for the document prompt: the text it completed and the result.
    case completed(original: String, completion: PathCompletion.Result)
    /// A relationship field's search of the related object ended: its matches, or why it could not run.
    case relatedFound(FormFieldKey, query: String, Result<[RelatedEntryChoice], RelatedSearchFailure>)
    /// Discard finished (after taking the form's queued save back out of the queue, if any):
    /// quit now, unless the save could not be taken back.
    case discarded(FormWithdrawal)
    /// The host learned the connection's state (e.g. automatic sync sent the queue): the status
    /// line follows.
    case connection(online: Bool, pendingWrites: Int)
    /// Automatic sync ran: the status line and the message area follow.
    case autoSynced(SyncRunSummary)
    /// The run's connectivity changed (a form on its own screen; in the browser, the browser says
    /// it through ``connection(online:pendingWrites:)``).
    case connectivityChanged(Bool)
}

/// Why a submit did not go through, as the message area says it.
public struct FormSubmitFailure: Error, Equatable, Sendable {
    public let message: String
    /// Validation failed (focus moves to the first invalid field).
    public let invalid: Bool
}
