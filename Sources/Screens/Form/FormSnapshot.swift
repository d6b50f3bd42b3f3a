import DDM
import Screenlets

/// What the form screen knows of the screenlet: a value copy of its ``FormState`` taken after each
/// call or event (off the UI), with the expensive summaries (`isDirty`) computed once there.
public struct FormSnapshot: Equatable, Sendable {
    public var model: DDLFormModel?
    public var locale: PortalLocale
    public var validationMessages: [FormFieldKey: String]
    public var uploads: [FormFieldKey: DocumentUploadStatus]
    public var isLoading: Bool
    public var isSubmitting: Bool
    public var workflowStatus: Int?
    public var recordSetName: String?
    /// Which record the form is: new, its save queued, or stored (even before it is loaded).
    public var identity: FormRecordIdentity
    /// The record's values came from the cache.
    public var isRecordFromCache: Bool
    public var firstInvalidField: FormFieldKey?
    public var isDirty: Bool
    /// The form or the record came from the cache because the portal could not be reached.
    public var isStale: Bool
    public var editable: Bool
    /// A failed submit moves the focus to the first invalid field.
    public var autoscrollOnValidation: Bool
    /// Increases with every snapshot a driver takes: an older one arriving late is ignored. Not
    /// part of `==`: it orders snapshots, it is not what they show (so a snapshot that changes
    /// nothing, e.g. after leaving a valid field, does not make the screen draw a frame again).
    public var sequence: Int

    /// Every property but `sequence` (a new property must be added here).
    public static func == (lhs: FormSnapshot, rhs: FormSnapshot) -> Bool {
        lhs.showsTheSame(as: rhs)
    }

    private func showsTheSame(as other: FormSnapshot) -> Bool {
        model == other.model && locale == other.locale && validationMessages == other.validationMessages
            && uploads == other.uploads && isLoading == other.isLoading && isSubmitting == other.isSubmitting
            && workflowStatus == other.workflowStatus && recordSetName == other.recordSetName
            && identity == other.identity
            && isRecordFromCache == other.isRecordFromCache && firstInvalidField == other.firstInvalidField
            && isDirty == other.isDirty && isStale == other.isStale && editable == other.editable
            && autoscrollOnValidation == other.autoscrollOnValidation
    }

    public init(state: FormState, editable: Bool, autoscrollOnValidation: Bool = true, sequence: Int) {
        model = state.model
        locale = state.locale
        validationMessages = state.validationMessages
        uploads = state.uploads
        isLoading = state.isLoading
        isSubmitting = state.isSubmitting
        workflowStatus = state.workflowStatus
        recordSetName = state.recordSetName
        identity = state.identity
        isRecordFromCache = state.isRecordFromCache
        firstInvalidField = state.firstInvalidField
        isDirty = state.isDirty
        isStale = (state.formOrigin?.isStale ?? false) || (state.recordOrigin?.isStale ?? false)
        self.editable = editable
        self.autoscrollOnValidation = autoscrollOnValidation
        self.sequence = sequence
    }

    /// Before anything is loaded (`recordId`: the record asked for, nil for a new one).
    public init(locale: PortalLocale, editable: Bool, recordId: Int64? = nil) {
        model = nil
        self.locale = locale
        validationMessages = [:]
        uploads = [:]
        isLoading = true
        isSubmitting = false
        workflowStatus = nil
        recordSetName = nil
        identity = recordId.map { .stored(recordId: $0) } ?? .new
        isRecordFromCache = false
        firstInvalidField = nil
        isDirty = false
        isStale = false
        self.editable = editable
        autoscrollOnValidation = true
        sequence = 0
    }
}
