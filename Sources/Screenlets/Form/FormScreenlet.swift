import DDM
import Foundation
import OfflineStore
import PortalClient

/// The headless DDL form screenlet: loads a structure and a record through the load policy,
/// holds the user's edits in a ``DDLFormModel``, uploads chosen documents at once, and submits
/// through the submit policy, telling its host what happened as ``FormEvent``s.
///
/// An `actor`, because uploads report progress and finish while the user keeps editing: every
/// change goes through one isolated state, and the terminal runtime consumes it the Elm way —
/// its effects `await` a method, its subscription turns ``events`` into messages, and its view
/// draws the ``state`` snapshot (a value, safe to keep on the main thread).
public actor FormScreenlet {
    /// The attributes it was created with (`recordId` follows the record once it is added).
    public internal(set) var attributes: FormScreenletAttributes
    /// What the screen draws.
    public internal(set) var state: FormState
    /// Every event, in order. One consumer; ends with ``close()``.
    public nonisolated let events: AsyncStream<FormEvent>

    let portal: FormPortal
    let loader: CachePolicyLoader
    let executor: SubmitExecutor
    let sender: QueueSender
    let eventSink: AsyncStream<FormEvent>.Continuation
    /// The record's `modifiedDate` the edits are made on (sent with updates for conflict checks).
    var baseModifiedDate: JSONValue = .null
    /// The structure's id once known (from the attributes or the record set).
    var structureId: Int64 = 0
    /// The structure of the record set, once read.
    var recordSetStructureId: Int64 = 0
    /// Running uploads, and a generation per field instance so a replaced choice is ignored.
    var uploadTasks: [FormFieldKey: Task<Void, Never>] = [:]
    var uploadGenerations: [FormFieldKey: Int] = [:]
    /// The local files chosen, by field instance.
    var chosenFiles: [FormFieldKey: String] = [:]

    /// The collection of the cached structures, records and the queued writes of forms.
    public static let collection = "DDLForm"

    /// A screenlet on `portal`, caching in `cache`. `sender` sends records and documents "now";
    /// by default the sync engine's (``FormPortal/syncSender(queue:)``), so a write sent at once
    /// and one sent by a later sync become the same portal calls. A host that configures its sync
    /// engine (site, locale) passes that engine's `sender`.
    public init(
        portal: FormPortal, cache: CacheDatabase, attributes: FormScreenletAttributes, locale: PortalLocale,
        sender: QueueSender? = nil
    ) {
        self.portal = portal
        self.attributes = attributes
        self.loader = CachePolicyLoader(database: cache)
        let queue = PendingQueue(database: cache)
        self.executor = SubmitExecutor(queue: queue)
        self.sender = sender ?? portal.syncSender(queue: queue)
        self.state = FormState(locale: locale)
        let (stream, sink) = AsyncStream<FormEvent>.makeStream()
        events = stream
        eventSink = sink
    }

    /// What `autoLoad` does when the form is shown: the record when `recordId` ≠ 0, else the form.
    /// Errors are reported as events.
    public func start() async {
        guard attributes.autoLoad else { return }
        if attributes.recordId != 0 { _ = try? await loadRecord() } else { _ = try? await loadForm() }
    }

    /// Ends the event stream and stops running uploads.
    public func close() {
        for task in uploadTasks.values { task.cancel() }
        eventSink.finish()
    }

    func emit(_ event: FormEvent) {
        eventSink.yield(event)
    }

    // MARK: Editing

    /// Sets one instance of a field (`nil` clears it). Refused when not `editable`.
    public func setValue(_ value: FieldValue?, of field: String, instance: Int = 0) throws(FormScreenletError) {
        let name = try editableField(field).name
        try mutateModel { model throws(FormModelError) in try model.setValue(value, of: name, instance: instance) }
        let key = FormFieldKey(field: name, instance: instance)
        if state.validationMessages[key] != nil { validateField(key) }
    }

    /// The user left a field instance: its validation message is shown (or cleared when valid).
    @discardableResult
    public func leaveField(_ field: String, instance: Int = 0) -> String? {
        guard let name = state.model?.field(named: field)?.name else { return nil }
        return validateField(FormFieldKey(field: name, instance: instance))
    }

    /// Adds an instance of a repeatable field; returns its index.
    @discardableResult
    public func addInstance(of field: String, after index: Int? = nil) throws(FormScreenletError) -> Int {
        let name = try editableField(field).name
        var added = 0
        try mutateModel { model throws(FormModelError) in added = try model.addInstance(of: name, after: index) }
        return added
    }

    /// Removes an instance of a repeatable field (not the last one).
    public func removeInstance(of field: String, at index: Int) throws(FormScreenletError) {
        let name = try editableField(field).name
        try mutateModel { model throws(FormModelError) in try model.removeInstance(of: name, at: index) }
        let key = FormFieldKey(field: name, instance: index)
        discardQueuedUpload(key)
        uploadTasks[key]?.cancel()
        uploadTasks[key] = nil
        state.uploads[key] = nil
        state.validationMessages[key] = nil
    }

    /// Discards the edits: the values as loaded come back, running uploads stop, and documents
    /// queued offline that no queued record needs leave the queue.
    public func cancel() {
        for task in uploadTasks.values { task.cancel() }
        for key in state.uploads.keys { discardQueuedUpload(key) }
        uploadTasks = [:]
        for key in uploadGenerations.keys { uploadGenerations[key, default: 0] += 1 }
        chosenFiles = [:]
        state.model?.reset()
        state.uploads = [:]
        state.validationMessages = [:]
        state.firstInvalidField = nil
    }

    /// Shows labels, tips and options in `locale` from now on (records load in it too).
    public func switchLocale(_ locale: PortalLocale) {
        state.locale = locale
        for key in Array(state.validationMessages.keys) { validateField(key) }
    }

    /// Changes whether the form can be edited.
    public func setEditable(_ editable: Bool) {
        attributes.editable = editable
    }

    // MARK: Helpers

    func editableField(_ name: String) throws(FormScreenletError) -> DDMField {
        guard attributes.editable else { throw .notEditable }
        guard let model = state.model else { throw .notLoaded }
        guard let field = model.field(named: name) else { throw .unknownField(name) }
        return field
    }

    func mutateModel(_ change: (inout DDLFormModel) throws(FormModelError) -> Void) throws(FormScreenletError) {
        guard var model = state.model else { throw .notLoaded }
        do {
            try change(&model)
        } catch {
            throw .model(error)
        }
        state.model = model
    }

    @discardableResult
    func validateField(_ key: FormFieldKey) -> String? {
        guard let model = state.model, let field = model.field(named: key.field) else { return nil }
        let issue = field.validate(model.value(of: key.field, instance: key.instance))
        let label = field.label(in: state.locale).isEmpty ? field.name : field.label(in: state.locale)
        let message = issue.map { "\(label): \($0.message(in: state.locale))" }
        state.validationMessages[key] = message
        return message
    }
}
