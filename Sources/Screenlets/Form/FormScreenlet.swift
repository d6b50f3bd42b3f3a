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
    let queue: PendingQueue
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
    var lastUploadGeneration = 0
    /// The local files chosen, by field instance.
    var chosenFiles: [FormFieldKey: String] = [:]
    /// The structure once parsed (a record form shows nothing until its record is loaded too).
    var loadedStructure: DDMStructure?
    /// The submit running now, and the uuid of its write (to find it in the queue while it runs).
    var submitTask: Task<SubmitOutcome, any Error>?
    var submittingUUID: String?
    /// Counts the times the user took the save back: a submit begun before one never queues.
    var withdrawals = 0

    /// The cache's entries, read directly where a record comes from another screenlet's cache.
    let entries: EntryStore

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
        self.entries = EntryStore(database: cache)
        let queue = PendingQueue(database: cache)
        self.queue = queue
        self.executor = SubmitExecutor(queue: queue)
        self.sender = sender ?? portal.syncSender(queue: queue)
        self.state = FormState(locale: locale)
        state.requestedRecordId = attributes.recordId != 0 ? attributes.recordId : nil
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

    /// Applies an edit to the form's state (setting a value, leaving a field, adding a
    /// repetition: ``FormEditing``'s defaults).
    public func updateState<Result, Failure: Error>(_ change: (inout FormState) throws(Failure) -> Result) throws(Failure) -> Result {
        try change(&state)
    }

    /// Adds an instance of a repeatable field after `index` (the last one when nil); the uploads
    /// of the instances after it follow them. Returns its index.
    @discardableResult
    public func addInstance(of field: String, after index: Int? = nil) throws(FormScreenletError) -> Int {
        try addRepetition(of: field, after: index)
    }

    /// Removes an instance of a repeatable field (not the last one): the upload of its document
    /// stops and leaves the offline queue; those of the instances after it follow them.
    public func removeInstance(of field: String, at index: Int) throws(FormScreenletError) {
        try removeRepetition(of: field, at: index)
    }

    /// Makes the repetitions the screen added and removed in its copy of the form (`model`) here
    /// too, so that a field instance names the same instance in both (uploads follow theirs).
    public func followShape(of model: DDLFormModel) {
        followScreenShape(of: model)
    }

    /// Discards the edits: the values as loaded come back, running uploads stop, and documents
    /// queued offline that no queued record needs leave the queue.
    public func cancel() {
        discardEditsAndFiles()
    }

    /// Shows labels, tips and options in `locale` from now on (records load in it too).
    public func switchLocale(_ locale: PortalLocale) {
        state.switchLocale(locale)
    }

    /// Changes whether the form can be edited.
    public func setEditable(_ editable: Bool) {
        attributes.editable = editable
    }
}
