import DDM

/// A form's state: what a form screenlet keeps for its headless users, and what the form
/// screen's engine (``FormEngine``) edits and draws.
public struct FormState: Sendable {
    /// The form's values (`nil` until the form is loaded).
    public internal(set) var model: DDLFormModel?
    /// The locale labels, tips and options are shown in.
    public internal(set) var locale: PortalLocale
    /// The message under each invalid field instance, set when the user leaves it and on submit.
    public internal(set) var validationMessages: [FormFieldKey: String] = [:]
    /// The upload of each document chosen in this session.
    public internal(set) var uploads: [FormFieldKey: DocumentUploadStatus] = [:]
    /// A load is running.
    public internal(set) var isLoading = false
    /// A submit is running (possibly waiting for uploads).
    public internal(set) var isSubmitting = false
    /// The record's workflow status (0 approved, 2 draft…), when known.
    public internal(set) var workflowStatus: Int?
    /// Where the structure came from.
    public internal(set) var formOrigin: FormDataOrigin?
    /// Where the record's values came from.
    public internal(set) var recordOrigin: FormDataOrigin?
    /// The first invalid field after a failed submit (where `autoscrollOnValidation` moves the focus).
    public internal(set) var firstInvalidField: FormFieldKey?
    /// The record set's name, once read.
    public internal(set) var recordSetName: String?
    /// The queue id of the last submit kept for sync. While it is still queued, the form *is*
    /// that queued write: saving again replaces its values instead of queueing another one.
    public internal(set) var queuedSubmitId: String?
    /// The record this form is for, as asked (`recordId` attribute), even before it is loaded:
    /// such a form never becomes a blank new record. `nil` for a new record.
    public internal(set) var requestedRecordId: Int64?

    /// Whether the form has been loaded.
    public var isFormLoaded: Bool { model != nil }
    /// Whether there are unsaved edits.
    public var isDirty: Bool { model?.isModified ?? false }
    /// The record's id, `nil` for a new record.
    public var recordId: Int64? { model?.recordId }
    /// The record's values came from the cache (the portal could not be reached, or the policy said so).
    public var isRecordFromCache: Bool { recordOrigin?.source == .cache }
}
