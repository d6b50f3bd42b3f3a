import DDM

/// What a form screen drives: the state it draws, the events it reacts to, and the edits and
/// submits a user makes. ``FormScreenlet`` is the portal's DDL form (a record of a record set);
/// ``LocalFormScreenlet`` is a form over a structure given in code whose values stay on this
/// machine (the settings). One screen, one set of cells and editors, for both.
public protocol FormEditing: Actor {
    /// The attributes that concern the screen (`editable`, `autoscrollOnValidation`…).
    var attributes: FormScreenletAttributes { get }
    /// What the screen draws.
    var state: FormState { get }
    /// Applies `change` to the form's state: the one way the editing defaults below (set a
    /// value, leave a field, add or remove a repetition) change it, for every form alike.
    func updateState<Result, Failure: Error>(_ change: (inout FormState) throws(Failure) -> Result) throws(Failure) -> Result
    /// Every event, in order. One consumer; ends with ``close()``.
    nonisolated var events: AsyncStream<FormEvent> { get }

    /// Loads what the form shows (`autoLoad`); errors are reported as events.
    func start() async
    /// Ends the event stream and stops any work still running.
    func close()
    /// Sets one instance of a field (`nil` clears it).
    func setValue(_ value: FieldValue?, of field: String, instance: Int) throws(FormScreenletError)
    /// The user left a field instance: its validation message, or nil when valid.
    @discardableResult
    func leaveField(_ field: String, instance: Int) -> String?
    /// Adds an instance of a repeatable field; returns its index.
    @discardableResult
    func addInstance(of field: String, after index: Int?) throws(FormScreenletError) -> Int
    /// Removes an instance of a repeatable field (not the last one).
    func removeInstance(of field: String, at index: Int) throws(FormScreenletError)
    /// Makes the repetitions added and removed in `model` (the screen's copy of this form, which
    /// changes first) here too, so that a field instance names the same instance in both.
    func followShape(of model: DDLFormModel)
    /// The user picked a local file for a document or image field.
    func chooseDocument(_ path: String, for field: String, instance: Int) throws(FormScreenletError)
    /// Stops the running upload of a field instance: nothing of it is kept, the field's value as
    /// loaded comes back. False when no upload was running there.
    @discardableResult
    func cancelUpload(of field: String, instance: Int) -> Bool
    /// Validates and submits (or saves) the values; `draft` keeps a record as a draft.
    @discardableResult
    func submitForm(draft: Bool) async throws -> FormSubmitOutcome
    /// Discards the edits: the values as loaded come back.
    func cancel()
    /// Takes the form's save back: out of the offline queue, and off the portal when a request
    /// already sent created the record (see ``FormWithdrawal``).
    func withdrawQueuedWrite() async -> FormWithdrawal
    /// Learns what became of the form's queued save (sent by sync: a new record gets its id).
    func followQueuedSave()
    /// Shows labels, tips and options in `locale` from now on.
    func switchLocale(_ locale: PortalLocale)
}

extension FormEditing {
    /// Sets one instance of a field (`nil` clears it). Refused when not `editable`.
    public func setValue(_ value: FieldValue?, of field: String, instance: Int = 0) throws(FormScreenletError) {
        let editable = attributes.editable
        try updateState { state throws(FormScreenletError) in try state.setValue(value, of: field, instance: instance, editable: editable) }
    }

    /// The user left a field instance: its validation message is shown (or cleared when valid).
    @discardableResult
    public func leaveField(_ field: String, instance: Int = 0) -> String? {
        updateState { state in state.leaveField(field, instance: instance) }
    }

    /// Adds an instance of a repeatable field; returns its index.
    @discardableResult
    public func addInstance(of field: String, after index: Int? = nil) throws(FormScreenletError) -> Int {
        let editable = attributes.editable
        return try updateState { state throws(FormScreenletError) in try state.addInstance(of: field, after: index, editable: editable) }
    }

    /// Removes an instance of a repeatable field (not the last one).
    public func removeInstance(of field: String, at index: Int) throws(FormScreenletError) {
        let editable = attributes.editable
        _ = try updateState { state throws(FormScreenletError) in try state.removeInstance(of: field, at: index, editable: editable) }
    }

    /// Makes the repetitions added and removed in `model` here too.
    public func followShape(of model: DDLFormModel) {
        updateState { state in _ = state.followShape(of: model) }
    }
}

extension FormScreenlet: FormEditing {
    public func withdrawQueuedWrite() async -> FormWithdrawal { await withdrawQueuedWrite(patience: .seconds(30)) }
}

extension LocalFormScreenlet {
    /// A local form queues nothing.
    public func withdrawQueuedWrite() async -> FormWithdrawal { .nothingQueued }
    /// A local form queues nothing.
    public func followQueuedSave() {}
    /// A local form uploads nothing.
    @discardableResult
    public func cancelUpload(of field: String, instance: Int) -> Bool { false }
}
