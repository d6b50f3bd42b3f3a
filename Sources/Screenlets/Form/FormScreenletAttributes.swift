import OfflineStore

/// The form screenlet's attributes, with Liferay Screens' defaults.
public struct FormScreenletAttributes: Sendable, Equatable {
    /// The structure of the form; 0: the record set's.
    public var structureId: Int64 = 0
    /// The site; 0: the session's.
    public var groupId: Int64 = 0
    /// The record set records are added to.
    public var recordSetId: Int64 = 0
    /// The record to edit; 0: a new record.
    public var recordId: Int64 = 0
    /// Where documents are uploaded; 0: the site.
    public var repositoryId: Int64 = 0
    /// The Documents and Media folder of uploads; 0: the root.
    public var folderId: Int64 = 0
    /// The title prefix of uploaded documents (a UUID follows it, no extension).
    public var filePrefix = "form-file-"
    /// Whether ``FormScreenlet/start()`` loads the record (`recordId` ≠ 0) or the form.
    public var autoLoad = true
    /// Whether a failed submit moves the focus to the first invalid field.
    public var autoscrollOnValidation = true
    /// Whether the UI shows a Submit button at the end of the form.
    public var showSubmitButton = true
    /// `false`: the record is shown read-only and every edit is refused.
    public var editable = true
    /// Where the structure and the record are read from.
    public var loadPolicy: LoadPolicy = .remoteFirst
    /// Where records and documents are written.
    public var submitPolicy: SubmitPolicy = .remoteFirst

    public init() {}
}
