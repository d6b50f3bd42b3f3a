import DDM
import Foundation
import OfflineStore
import PortalClient

/// The form screen's screenlet for one entry of a Liferay Objects definition (or a new one): the
/// Objects side of the form seam (``FormEditing``), drawn and driven by the same form screen as a
/// DDL record. The definition is mapped to field kinds by ``ObjectMapping``; a submit sends the
/// entry straight to the portal: a new entry by `PUT …/by-external-reference-code/{erc}` with an
/// ERC made once per new entry (a retry of the same save never makes two entries), an existing
/// one by `PATCH /o/c/<plural>/{id}`.
///
/// With a cache the entry is read through the load policy (stored under `ObjectEntries`,
/// `object-entry` keys), so an entry seen online opens offline; the definition comes from
/// `loadDefinition` (the host's, cached the same way). A local file chosen for an attachment field
/// is uploaded at once to Documents and Media by the record form's uploader (progress in
/// ``FormState/uploads``), and the entry is saved with its file ID; with the portal unreachable the
/// file is queued and the entry's write waits for it (see `+Attachments`). With `submit` (the
/// host's submit policy over the pending queue) a save is a queued `add-entry`/`update-entry`
/// write, sent now or by sync (the add keeps its ERC, so it is one entry however often it is
/// sent); without, it goes straight to the portal and an unreachable one fails the save.
public actor ObjectEntryFormScreenlet: FormEditing {
    public private(set) var attributes: FormScreenletAttributes
    public internal(set) var state: FormState
    public nonisolated let events: AsyncStream<FormEvent>

    let eventSink: AsyncStream<FormEvent>.Continuation
    let session: PortalSession
    private let definitionId: Int64
    private let groupId: Int64
    private(set) var definition: ObjectDefinition?
    private let loadDefinition: @Sendable () async throws -> ObjectDefinition
    private let cache: CachePolicyLoader?
    private let policy: LoadPolicy
    let submit: (@Sendable (PendingWrite) async throws -> SubmitOutcome)?
    /// The entry's `dateModified` the edits are made on (an update's conflict check).
    private var baseDateModified: String?
    /// The entry's JSON as loaded (or as last saved), under which a queued update is cached.
    private var entryJSON: [String: JSONValue] = [:]
    /// The ERC of the new entry this form adds, made at the first save and kept for retries.
    public private(set) var newEntryCode: String?

    /// The portal calls of the record form, whose upload attachments use.
    let portal: FormPortal
    /// The pending queue an upload waits in while the portal cannot be reached (with a cache).
    let queue: PendingQueue?
    /// The host's submit policy: `cache-only` queues uploads without trying the portal.
    let submitPolicy: SubmitPolicy
    /// Local files chosen for attachment fields, and the uploads running for them.
    var chosenFiles: [FormFieldKey: String] = [:]
    var uploadTasks: [FormFieldKey: Task<Void, Never>] = [:]
    var uploadGenerations: [FormFieldKey: Int] = [:]
    var lastUploadGeneration = 0

    /// The form of entry `entryId` (nil: a new entry) of definition `definitionId`, in site
    /// `groupId`; the entry read through `cache` under `policy` when there is one, the definition
    /// by `loadDefinition` (default: from the portal).
    public init(
        session: PortalSession, definitionId: Int64, groupId: Int64, entryId: Int64?, locale: PortalLocale,
        cache: CacheDatabase? = nil, policy: LoadPolicy = .remoteFirst,
        submit: (@Sendable (PendingWrite) async throws -> SubmitOutcome)? = nil, submitPolicy: SubmitPolicy = .remoteFirst,
        loadDefinition: (@Sendable () async throws -> ObjectDefinition)? = nil
    ) {
        self.submit = submit
        self.submitPolicy = submitPolicy
        self.portal = FormPortal(session: session)
        self.queue = submit == nil ? nil : cache.map { PendingQueue(database: $0) }
        self.loadDefinition = loadDefinition ?? { try await session.objectDefinition(id: definitionId) }
        self.cache = cache.map(CachePolicyLoader.init(database:))
        self.policy = cache == nil ? .remoteOnly : policy
        var attributes = FormScreenletAttributes()
        attributes.recordId = entryId ?? 0
        attributes.groupId = groupId
        self.attributes = attributes
        self.state = FormState(locale: locale)
        self.session = session
        self.definitionId = definitionId
        self.groupId = groupId
        state.requestedRecordId = entryId
        let (stream, sink) = AsyncStream<FormEvent>.makeStream()
        events = stream
        eventSink = sink
    }

    public func start() async {
        state.isLoading = true
        defer { state.isLoading = false }
        let origin = FormDataOrigin(source: .portal, isStale: false, storedAt: nil)
        do {
            let definition = try await loadDefinition()
            self.definition = definition
            let structure = ObjectMapping.structure(of: definition)
            state.recordSetName = definition.pluralLabel(in: state.locale.identifier)
            if attributes.recordId == 0 { state.model = DDLFormModel(structure: structure, locale: state.locale) }
            state.formOrigin = origin
            eventSink.yield(.formLoaded(origin))
        } catch {
            eventSink.yield(.formLoadError(message: Self.describe(error)))
            return
        }
        guard attributes.recordId != 0, let definition else { return }
        do {
            let (entry, entryOrigin) = try await loadEntry(attributes.recordId, of: definition)
            adopt(entry, structure: ObjectMapping.structure(of: definition))
            state.recordOrigin = entryOrigin
            eventSink.yield(.recordLoaded(recordId: entry.id, origin: entryOrigin))
        } catch {
            eventSink.yield(.recordLoadError(message: Self.describe(error)))
        }
    }

    /// Entry `id` from the portal, or through the cache under the policy.
    private func loadEntry(_ id: Int64, of definition: ObjectDefinition) async throws -> (ObjectEntry, FormDataOrigin) {
        let session = self.session
        guard let cache else {
            return (try await session.objectEntry(of: definition, id: id), FormDataOrigin(source: .portal, isStale: false, storedAt: nil))
        }
        let result = try await cache.load(policy, at: Self.address(of: id, in: definition)) {
            .object(try await session.objectEntry(of: definition, id: id).json)
        }
        guard let entry = ObjectEntry(json: result.value) else {
            throw FormScreenletError.unreadable("entry \(id) cannot be read")
        }
        return (entry, FormDataOrigin(source: result.source, isStale: result.isStale, storedAt: result.storedAt))
    }

    /// Where entry `id` is cached.
    static func address(of id: Int64, in definition: ObjectDefinition) -> EntryAddress {
        let key = CacheKey("object-entry", parameters: ["definitionId": .int(definition.id), "id": .int(id)])
        return EntryAddress(collection: ObjectEntriesLoader.collection, key: key.rawValue)
    }

    /// Shows `entry`'s values as loaded (nothing modified).
    private func adopt(_ entry: ObjectEntry, structure: DDMStructure) {
        var recordAttributes = ObjectMapping.attributes(of: entry)
        recordAttributes["recordId"] = .int(entry.id)
        var model = DDLFormModel(structure: structure, record: RecordPayload(values: [:], attributes: recordAttributes))
        for (name, value) in ObjectMapping.values(of: entry, in: structure) {
            try? model.setValue(value, of: name)
        }
        model.markSaved(recordId: entry.id)
        state.model = model
        baseDateModified = entry.dateModified
        entryJSON = entry.json
        state.workflowStatus = entry.statusCode
        state.validationMessages = [:]
    }

    /// Tells the host (the event stream).
    func emit(_ event: FormEvent) {
        eventSink.yield(event)
    }

    public func close() {
        for task in uploadTasks.values { task.cancel() }
        eventSink.finish()
    }

    public func updateState<Result, Failure: Error>(_ change: (inout FormState) throws(Failure) -> Result) throws(Failure) -> Result {
        try change(&state)
    }

    /// Waits for the attachments' uploads (retrying failed ones), validates every field, then adds
    /// or updates the entry (`draft`: status draft). A file still queued offline goes in the body
    /// as the queue's placeholder: the entry's write waits for the upload and gets its file ID.
    @discardableResult
    public func submitForm(draft: Bool = false) async throws -> FormSubmitOutcome {
        try state.beginSubmit(editable: attributes.editable)
        defer { state.isSubmitting = false }
        let queued: [String: String]
        do {
            queued = try await settleUploads()
            try state.validateAll()
        } catch {
            eventSink.yield(.submitRefused(error))
            throw error
        }
        guard let model = state.model, let definition else { throw FormScreenletError.notLoaded }
        do {
            var values: [String: FieldValue] = [:]
            for field in model.structure.allFields where queued[field.name] == nil { values[field.name] = model.value(of: field.name) }
            let body = Self.withPlaceholders(
                try ObjectMapping.entryBody(values: values, structure: model.structure, draft: draft), for: queued)
            let added = model.recordId == nil
            if let submit {
                return try await queueSave(body, model: model, definition: definition, draft: draft, submit: submit)
            }
            let entry: ObjectEntry
            if let id = model.recordId {
                entry = try await session.updateObjectEntry(of: definition, id: id, body: body)
            } else {
                let code = newEntryCode ?? PortalSession.newExternalReferenceCode()
                newEntryCode = code
                entry = try await session.addObjectEntry(of: definition, groupId: groupId, externalReferenceCode: code, body: body)
            }
            // The portal's answer is the entry as it is now: what the form shows offline next time.
            _ = try? await cache?.entries.putFetched(Self.address(of: entry.id, in: definition), value: .object(entry.json))
            baseDateModified = entry.dateModified
            entryJSON = entry.json
            state.model?.markSaved(recordId: entry.id)
            if added { state.model?.adoptRecordId(entry.id) }
            attributes.recordId = entry.id
            state.requestedRecordId = entry.id
            state.workflowStatus = entry.statusCode
            eventSink.yield(.formSubmitted(recordId: entry.id, workflowStatus: entry.statusCode))
            return .submitted(recordId: entry.id, workflowStatus: entry.statusCode, added: added)
        } catch {
            eventSink.yield(.formSubmitError(message: Self.describe(error), invalidFields: []))
            throw error
        }
    }

    /// The save as a queued write under the host's submit policy: sent now (the portal's answer
    /// makes the entry the form's) or kept for sync (`formQueued`).
    private func queueSave(
        _ body: JSONValue, model: DDLFormModel, definition: ObjectDefinition, draft: Bool,
        submit: @Sendable (PendingWrite) async throws -> SubmitOutcome
    ) async throws -> FormSubmitOutcome {
        let target = ObjectWriteTarget(
            object: definition.name, definitionId: definition.id, restContextPath: definition.restContextPath,
            scope: definition.scope.rawValue, groupId: groupId)
        var values: [String: JSONValue] = [:]
        for field in model.structure.allFields {
            values[field.name] = model.value(of: field.name).map { .string(ObjectMapping.canonicalString($0)) } ?? .null
        }
        var write: PendingWrite
        if let id = model.recordId {
            write = .updateEntry(target, entryId: id, body: body, values: .object(values), baseDateModified: baseDateModified)
            // While queued, the cached entry is the entry as the user left it (opened offline, it shows the edit).
            // A file still queued is not in the cached entry yet (its old value stays shown).
            var edited = entryJSON.merging(body.objectValue ?? [:]) { old, new in Self.isPlaceholder(new) ? old : new }
            edited["id"] = .int(id)
            entryJSON = edited
            let address = Self.address(of: id, in: definition)
            write.linkedEntry = address
            write.localChanges = [.put(address, value: .object(edited), attributes: [:], state: .dirty)]
        } else {
            let code = newEntryCode ?? PortalSession.newExternalReferenceCode()
            newEntryCode = code
            write = .addEntry(target, externalReferenceCode: code, body: body, values: .object(values))
        }
        switch try await submit(write) {
        case .sent(let answer):
            let id = answer[PayloadKey.recordId]?.int64Value ?? model.recordId ?? 0
            let status = answer["status"]?.intValue ?? (draft ? 2 : 0)
            if let modified = answer[PayloadKey.modifiedDate]?.stringValue {
                baseDateModified = modified
                entryJSON["dateModified"] = .string(modified)
            }
            if model.recordId != nil {
                // Sent: the entry as saved is what the form shows offline next time.
                _ = try? await cache?.entries.putFetched(Self.address(of: id, in: definition), value: .object(entryJSON))
            }
            state.model?.markSaved(recordId: id)
            if model.recordId == nil { state.model?.adoptRecordId(id) }
            attributes.recordId = id
            state.requestedRecordId = id
            state.workflowStatus = status
            state.queuedSubmitId = nil
            eventSink.yield(.formSubmitted(recordId: id, workflowStatus: status))
            return .submitted(recordId: id, workflowStatus: status, added: model.recordId == nil)
        case .queued(let queueId):
            state.model?.markSaved()
            state.queuedSubmitId = queueId
            eventSink.yield(.formQueued(queueId: queueId))
            return .queued(queueId: queueId)
        }
    }

    /// Discards the edits, and the files chosen since: running uploads stop, queued ones leave
    /// the queue (unless a queued write depends on them).
    public func cancel() {
        discardEditsAndFiles()
    }

    /// Adds an instance of a repeatable field; the uploads of the instances after it follow them.
    @discardableResult
    public func addInstance(of field: String, after index: Int? = nil) throws(FormScreenletError) -> Int {
        try addRepetition(of: field, after: index)
    }

    /// Removes an instance of a repeatable field (not the last one): the upload of its file stops
    /// and leaves the offline queue; those of the instances after it follow them.
    public func removeInstance(of field: String, at index: Int) throws(FormScreenletError) {
        try removeRepetition(of: field, at: index)
    }

    /// Makes the repetitions the screen added and removed in its copy of the form here too.
    public func followShape(of model: DDLFormModel) {
        followScreenShape(of: model)
    }

    /// Nothing is queued: writes go straight to the portal.
    public func withdrawQueuedWrite() async -> FormWithdrawal { .nothingQueued }
    /// Nothing is queued.
    public func followQueuedSave() {}

    public func switchLocale(_ locale: PortalLocale) {
        state.switchLocale(locale)
    }

    static func describe(_ error: any Error) -> String {
        if let portal = error as? PortalError { return "\(portal.kind.rawValue): \(portal.message)" }
        return String(describing: error)
    }
}
