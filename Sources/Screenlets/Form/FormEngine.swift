import DDM

/// The form as a screen edits it: a plain value (a ``FormState`` with whether it may be edited)
/// whose edits — values, leaving a field (validation), repetitions, the locale, dirty tracking,
/// "which record is this" — are synchronous updates. The form screen's model owns one; the
/// screenlet only does the I/O (load, upload, submit, withdraw) and its results come back to be
/// applied here (``adoptLoad(_:)``, ``recordUpload(_:value:status:)``, ``applySubmit(_:)``).
public struct FormEngine: Sendable {
    /// The form's state: values, messages, uploads, identity.
    public private(set) var state: FormState
    /// The form may be edited (`editable` attribute).
    public var editable: Bool
    /// A failed submit moves the focus to the first invalid field.
    public var autoscrollOnValidation: Bool
    /// Whether there are unsaved edits (kept up to date by every change: comparing every value
    /// on each frame would be slow on big forms).
    public private(set) var isDirty = false

    /// Before anything is loaded (`recordId`: the record asked for, nil for a new one).
    public init(locale: PortalLocale, editable: Bool, recordId: Int64? = nil, autoscrollOnValidation: Bool = true) {
        state = FormState(locale: locale)
        state.isLoading = true
        if let recordId { state.askFor(recordId: recordId) }
        self.editable = editable
        self.autoscrollOnValidation = autoscrollOnValidation
    }

    /// A loaded form over `model` (benchmarks and tests that need no screenlet).
    public init(model: DDLFormModel, locale: PortalLocale, editable: Bool = true) {
        self.init(locale: locale, editable: editable)
        state.model = model
        state.isLoading = false
    }

    // MARK: What the screen reads

    public var model: DDLFormModel? { state.model }
    /// Whether the form is loaded (`model != nil`, without copying the model).
    public var hasModel: Bool { state.model != nil }
    /// One instance's value, read in place: `model` hands out a copy of the whole model, and the
    /// screen asks for every visible row's value on every frame.
    public func value(of field: String, instance: Int) -> FieldValue? {
        state.model?.value(of: field, instance: instance)
    }
    /// Whether `value` differs from the one loaded for the instance (false when none was loaded).
    public func differsFromLoaded(_ value: FieldValue?, of field: String, instance: Int) -> Bool {
        guard let loaded = state.model?.loadedValues[field], loaded.indices.contains(instance) else { return false }
        return loaded[instance] != value
    }
    public var locale: PortalLocale { state.locale }
    public var validationMessages: [FormFieldKey: String] { state.validationMessages }
    public var uploads: [FormFieldKey: DocumentUploadStatus] { state.uploads }
    public var isLoading: Bool { state.isLoading }
    public var isSubmitting: Bool { state.isSubmitting }
    public var workflowStatus: Int? { state.workflowStatus }
    public var recordSetName: String? { state.recordSetName }
    /// Which record the form is: new, its save queued, or stored (even before it is loaded).
    public var identity: FormRecordIdentity { state.identity }
    /// The record's values came from the cache.
    public var isRecordFromCache: Bool { state.isRecordFromCache }
    public var firstInvalidField: FormFieldKey? { state.firstInvalidField }
    /// The form or the record came from the cache because the portal could not be reached.
    public var isStale: Bool { (state.formOrigin?.isStale ?? false) || (state.recordOrigin?.isStale ?? false) }

    // MARK: Edits (synchronous)

    /// Sets one instance of a field (`nil` clears it); validates it when `leavingField`.
    public mutating func setValue(_ value: FieldValue?, of key: FormFieldKey, leavingField: Bool = true) throws(FormScreenletError) {
        defer { refreshDirty() }
        try state.setValue(value, of: key.field, instance: key.instance, editable: editable)
        if leavingField { _ = state.leaveField(key.field, instance: key.instance) }
    }

    /// The user left a field instance: its message shows (or goes when valid); returns it.
    @discardableResult
    public mutating func leaveField(_ key: FormFieldKey) -> String? {
        state.leaveField(key.field, instance: key.instance)
    }

    /// Adds an instance of a repeatable field after `index`; returns its index.
    @discardableResult
    public mutating func addInstance(of field: String, after index: Int?) throws(FormScreenletError) -> Int {
        defer { refreshDirty() }
        return try state.addInstance(of: field, after: index, editable: editable)
    }

    /// Removes an instance of a repeatable field (not the last one); returns its key.
    @discardableResult
    public mutating func removeInstance(of field: String, at index: Int) throws(FormScreenletError) -> FormFieldKey {
        defer { refreshDirty() }
        return try state.removeInstance(of: field, at: index, editable: editable)
    }

    /// Labels, tips, options and messages in `locale` from now on.
    public mutating func switchLocale(_ locale: PortalLocale) {
        state.switchLocale(locale)
    }

    /// Validates every field before a submit: every message shows, the first invalid field is
    /// remembered; returns the number of invalid field instances (0: the form may be submitted).
    public mutating func validateAll() -> Int {
        do {
            try state.validateAll()
            return 0
        } catch {
            return max(1, state.validationMessages.count)
        }
    }

    /// The values as loaded come back; messages and uploads are forgotten.
    public mutating func discardEdits() {
        state.discardEdits()
        refreshDirty()
    }

    // MARK: I/O results

    /// A load of the screenlet ended (or reported): what it loaded — the structure, the record,
    /// where they came from, "which record is this" — is taken from its state. The values are
    /// taken only when the load brought new ones (another structure, record or loaded values), so
    /// an edit made meanwhile is kept; a report without a form (an earlier look, a failed load)
    /// leaves a loaded form as it is.
    public mutating func adoptLoad(_ loaded: FormState) {
        if let asked = loaded.requestedRecordId { state.askFor(recordId: asked) }
        if state.queuedSubmitId == nil { state.queuedSubmitId = loaded.queuedSubmitId }
        // A report without a form (the screen's first look at the screenlet, which may arrive
        // after the load's result; a failed load) says nothing more about a loaded one; nor does a
        // report from before the record loaded (a stream event read early, delivered late).
        guard let incoming = loaded.model else {
            if state.model == nil { takeLoadDetails(loaded) }
            return
        }
        let mine = state.model
        let newer = mine == nil
            || (incoming.recordId != nil && (incoming.recordId != mine?.recordId || incoming.loadedValues != mine?.loadedValues))
            || (incoming.recordId == nil && mine?.recordId == nil && incoming.structure != mine?.structure)
        guard newer || incoming.recordId == mine?.recordId else { return }
        if newer {
            state.model = incoming
            if mine == nil { state.locale = loaded.locale }
            state.validationMessages = [:]
        }
        takeLoadDetails(loaded)
        refreshDirty()
    }

    /// Where the form and the record came from, the record set's name, whether loads run.
    private mutating func takeLoadDetails(_ loaded: FormState) {
        state.isLoading = loaded.isLoading
        state.formOrigin = loaded.formOrigin
        state.recordOrigin = loaded.recordOrigin
        state.recordSetName = loaded.recordSetName
        state.workflowStatus = loaded.workflowStatus ?? state.workflowStatus
    }

    /// An upload of `key` reported: its progress, or what it left in the field (`value`, the
    /// screenlet's after the event) and its status.
    public mutating func recordUpload(_ event: FormEvent, value: FieldValue?, status: DocumentUploadStatus?) {
        defer { refreshDirty() }
        switch event {
        case .documentUploadProgress(let key, let sent, let total):
            // Only while the upload runs here: a report told before a cancel (or before the
            // outcome already applied) and handled after it brings nothing back.
            guard state.uploads[key]?.isRunning == true else { return }
            _ = state.recordUploadProgress(sent: sent, total: total, for: key)
        case .documentUploadStarted(let key), .documentUploaded(let key, _, _), .documentUploadError(let key, _):
            guard state.model?.field(named: key.field) != nil else { return }
            try? state.model?.setValue(value, of: key.field, instance: key.instance)
            state.uploads[key] = status
            if case .documentUploadStarted = event { state.validationMessages[key] = nil }
        default:
            return
        }
    }

    /// Where field instance `key`, named by a copy of this form that had made only its first
    /// `shapeVersion` shape changes (a screenlet's report), is now; nil when it was removed since.
    public func instanceNow(_ key: FormFieldKey, shapeVersion: Int) -> FormFieldKey? {
        guard let changes = state.model?.shapeChanges, shapeVersion <= changes.count else { return key }
        return key.moved(by: changes.dropFirst(shapeVersion))
    }

    /// How many shape changes (repetitions added or removed) the form has made.
    public var shapeVersion: Int { state.model?.shapeChanges.count ?? 0 }

    /// The upload of `key` was cancelled: its file is forgotten and the value as loaded comes back.
    public mutating func forgetUpload(_ key: FormFieldKey) {
        state.forgetChosenFile(key)
        refreshDirty()
    }

    /// A submit started (true) or ended (false).
    public mutating func setSubmitting(_ running: Bool) {
        state.isSubmitting = running
    }

    /// What a submit's outcome makes of the form: the record it became, or its save queued.
    public mutating func applySubmit(_ outcome: FormSubmitOutcome) {
        switch outcome {
        case .submitted(let recordId, let workflowStatus, _):
            state.savedAsRecord(recordId, workflowStatus: workflowStatus)
        case .queued(let queueId):
            state.savedToQueue(queueId)
        case .saved:
            state.model?.markSaved()
        }
        state.firstInvalidField = nil
        refreshDirty()
    }

    /// What the screenlet learned of the form's queued save: still queued as `queueId` (nil: it
    /// went out), the record it became, and that record's workflow status.
    public mutating func followQueuedSave(queueId: String?, recordId: Int64?, workflowStatus: Int?) {
        guard state.queuedSubmitId != nil, queueId == nil else { return }
        state.leaveQueue()
        if state.model?.recordId == nil, let recordId { state.adoptRecord(recordId) }
        if let workflowStatus { state.workflowStatus = workflowStatus }
    }

    private mutating func refreshDirty() {
        isDirty = state.isDirty
    }
}

extension FormEngine: Equatable {
    /// Everything the screen shows (the state's values, messages, uploads, identity…).
    public static func == (lhs: FormEngine, rhs: FormEngine) -> Bool {
        lhs.model == rhs.model && lhs.locale == rhs.locale && lhs.validationMessages == rhs.validationMessages
            && lhs.uploads == rhs.uploads && lhs.isLoading == rhs.isLoading && lhs.isSubmitting == rhs.isSubmitting
            && lhs.workflowStatus == rhs.workflowStatus && lhs.recordSetName == rhs.recordSetName
            && lhs.identity == rhs.identity && lhs.isRecordFromCache == rhs.isRecordFromCache
            && lhs.firstInvalidField == rhs.firstInvalidField && lhs.isDirty == rhs.isDirty && lhs.isStale == rhs.isStale
            && lhs.editable == rhs.editable && lhs.autoscrollOnValidation == rhs.autoscrollOnValidation
    }
}

extension FormEditing {
    /// Submits (or saves) the values the screen edited (`edits`, its engine's state): they become
    /// the screenlet's first, in the same call, so a submit always carries the last confirmed
    /// edit. A document the screenlet is uploading, or has uploaded, keeps the screenlet's value.
    @discardableResult
    public func submitForm(edits: FormState, draft: Bool) async throws -> FormSubmitOutcome {
        if let shaped = edits.model { followShape(of: shaped) }
        updateState { state in state.adoptEdits(edits) }
        return try await submitForm(draft: draft)
    }

    /// The value and upload status of a field instance now (what an upload event left there), and
    /// how many shape changes this form had made then (``FormEngine/instanceNow(_:shapeVersion:)``).
    public func uploadReport(_ key: FormFieldKey) -> (value: FieldValue?, status: DocumentUploadStatus?, shapeVersion: Int) {
        updateState { state in
            (state.model?.value(of: key.field, instance: key.instance), state.uploads[key], state.model?.shapeChanges.count ?? 0)
        }
    }
}

extension FormState {
    /// Takes the screen's values and locale (see ``FormEditing/submitForm(edits:draft:)``).
    mutating func adoptEdits(_ edits: FormState) {
        guard var values = edits.model, let mine = model else { return }
        for key in uploads.keys where values.instances(of: key.field).indices.contains(key.instance) {
            try? values.setValue(mine.value(of: key.field, instance: key.instance), of: key.field, instance: key.instance)
        }
        if values.recordId == nil, let recordId = mine.recordId { values.adoptRecordId(recordId) }
        model = values
        locale = edits.locale
    }
}
