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
    /// The screen opened: what the screenlet is for (the record asked for) and its attributes.
    case opened(FormState, FormScreenletAttributes)
    /// The screenlet's loads ended: the engine takes what they loaded.
    case loaded(FormState)
    /// A load reported (loaded, or failed), with the screenlet's state right after it.
    case loadEvent(FormEvent, FormState)
    /// An upload reported: its progress, or what it left in the field (`value`, `status`), with
    /// the field instance as the screenlet's form named it after `shapeVersion` shape changes.
    case upload(FormEvent, value: FieldValue?, status: DocumentUploadStatus?, shapeVersion: Int)
    /// `x` asked to stop the upload of `key` (named after `shapeVersion` shape changes): whether
    /// it was still running (then it stopped).
    case uploadCancelled(FormFieldKey, shapeVersion: Int, cancelled: Bool)
    /// A screenlet call finished with something to say (an error, mostly).
    case note(FormScreenModel.Note)
    /// A submit (or draft) of the engine's values finished, with its outcome or its error.
    case submitted(Result<FormSubmitOutcome, FormSubmitFailure>, draft: Bool)
    /// What became of the form's queued save (nil `queueId`: it went out, as `recordId`).
    case queuedSaveFollowed(queueId: String?, recordId: Int64?, workflowStatus: Int?)
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
    /// The queue's count, read after this screen queued a write (``AutoSyncServices/pendingCount``).
    case pendingCounted(Int)
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
