import DDM
import Foundation
import OfflineStore
import PortalClient

/// A DDL form whose I/O edge stays in memory: it is given a structure (and a record, as the
/// portal serves it), and what its loads, uploads, submits and withdrawals come to is chosen by
/// whoever drives it — answered with exactly the state changes and ``FormEvent``s that
/// ``FormScreenlet`` makes for the same outcome. It records what was submitted and which files
/// were chosen. A chosen file is not read: the checks ``FormScreenlet`` makes of it (a regular
/// file, its size, an image for an image field) are the file system's, not the form's.
///
/// The form screen's tests run on it (no portal, no HTTP, no cache, no polling: ``handled()``
/// says when the screen has heard every event); someone embedding the library can preview a
/// form, or try custom field components, with it.
public actor InMemoryFormScreenlet: FormEditing {
    /// What a load comes to.
    public enum Load: Sendable, Equatable {
        /// The portal answered.
        case portal
        /// The portal could not be reached: the cached copy stored at `storedAt` (stale).
        case cache(storedAt: Date)
        /// Neither: `formLoadError` (or `recordLoadError`) with `message`.
        case failed(message: String)
    }

    /// What a submit comes to (after the form validated).
    public enum Submission: Sendable, Equatable {
        /// The portal accepted it: as record `recordId` (an add; nil: the next id, an update
        /// keeps its id) with `workflowStatus` (nil: as the portal, 0 published, 2 a draft).
        case accepted(recordId: Int64? = nil, workflowStatus: Int? = nil)
        /// Kept in the offline queue as `queueId` for sync (a save while the last one still waits
        /// replaces that one and keeps its id).
        case queued(queueId: String)
        /// The portal refused it, or could not be reached under `remote-only`: `formSubmitError`
        /// with `message`, thrown.
        case refused(message: String)
    }

    /// What the upload of a chosen document comes to.
    public enum Upload: Sendable, Equatable {
        /// The portal took the file (`bytes` long): progress half-way and at the end, then its file entry.
        case uploaded(bytes: Int64)
        /// The portal could not be reached: the file waits in the offline queue as `queueId`.
        case queued(queueId: String)
        /// The upload failed for `reason` (a submit retries it).
        case failed(reason: String)
    }

    /// One submit that reached the point of sending: the values, whether a draft, and what it came to.
    public struct Submitted: Sendable {
        public let values: DDLFormModel
        public let draft: Bool
        public let outcome: Submission
    }

    public internal(set) var attributes: FormScreenletAttributes
    public internal(set) var state: FormState
    public nonisolated let events: AsyncStream<FormEvent>

    /// Every submit sent (validated and not refused by the form itself), in order.
    public private(set) var submitted: [Submitted] = []
    /// The files chosen for document fields, in order.
    public private(set) var chosenDocuments: [(key: FormFieldKey, path: String)] = []

    private let channel: FormEventChannel
    private let structure: DDMStructure
    private let record: JSONValue?
    private let recordSetName: String?
    private let loadOutcome: Load
    private var submissions: [Submission]
    private var uploadOutcomes: [Upload]
    private var withdrawal: FormWithdrawal?
    private var queuedSaveSent: (recordId: Int64?, workflowStatus: Int?)?
    private var nextRecordId: Int64 = 900_001
    /// Running uploads, their generations and files (``DocumentUploadKeeping``).
    var uploadTasks: [FormFieldKey: Task<Void, Never>] = [:]
    var uploadGenerations: [FormFieldKey: Int] = [:]
    var lastUploadGeneration = 0
    var chosenFiles: [FormFieldKey: String] = [:]

    /// A form of record set `recordSetName` over `structure`; with `attributes.recordId` ≠ 0 the
    /// record `record` (`{"modelValues", "modelAttributes"}`, as the portal serves it). Loads
    /// come to `load`; submits to `submissions` in turn (then `.accepted()`), uploads to
    /// `uploads` in turn (then `.uploaded(bytes: 1_000)`).
    public init(
        structure: DDMStructure, record: JSONValue? = nil, recordSetName: String? = nil,
        attributes: FormScreenletAttributes = FormScreenletAttributes(), locale: PortalLocale, load: Load = .portal,
        submissions: [Submission] = [], uploads: [Upload] = []
    ) {
        self.structure = structure
        self.record = record
        self.recordSetName = recordSetName
        self.attributes = attributes
        self.loadOutcome = load
        self.submissions = submissions
        self.uploadOutcomes = uploads
        state = FormState(locale: locale)
        state.requestedRecordId = attributes.recordId != 0 ? attributes.recordId : nil
        let channel = FormEventChannel()
        self.channel = channel
        events = channel.stream
    }

    // MARK: What the driver chooses and reads

    /// The next submits come to `submissions`, in turn.
    public func willSubmit(_ submissions: Submission...) { self.submissions += submissions }

    /// The next uploads come to `uploads`, in turn.
    public func willUpload(_ uploads: Upload...) { uploadOutcomes += uploads }

    /// Taking the save back comes to `withdrawal` (by default: `.withdrawn` while a save is
    /// queued, else `.nothingQueued`).
    public func willWithdraw(_ withdrawal: FormWithdrawal) { self.withdrawal = withdrawal }

    /// Sync sent the queued save: as record `recordId` (an add) with `workflowStatus`;
    /// ``followQueuedSave()`` learns it.
    public func syncSentQueuedSave(recordId: Int64?, workflowStatus: Int? = 0) { queuedSaveSent = (recordId, workflowStatus) }

    /// Waits until every running upload has ended and the consumer of ``events`` has handled
    /// every event told so far (or stopped listening).
    public func handled() async {
        await waitForUploads()
        await channel.handled()
    }

    private func waitForUploads() async {
        while let running = uploadTasks.values.first {
            await running.value
        }
    }

    // MARK: FormEditing

    public func start() async {
        guard attributes.autoLoad else { return }
        if attributes.recordId != 0 { _ = try? loadRecord() } else { _ = try? loadForm() }
    }

    public func close() {
        for task in uploadTasks.values { task.cancel() }
        channel.finish()
    }

    func emit(_ event: FormEvent) {
        channel.yield(event)
    }

    public func updateState<Result, Failure: Error>(_ change: (inout FormState) throws(Failure) -> Result) throws(Failure) -> Result {
        try change(&state)
    }

    /// Adds an instance of a repeatable field; the uploads of the instances after it follow them.
    @discardableResult
    public func addInstance(of field: String, after index: Int? = nil) throws(FormScreenletError) -> Int {
        try addRepetition(of: field, after: index)
    }

    /// Removes an instance of a repeatable field: the upload of its document stops; those of the
    /// instances after it follow them.
    public func removeInstance(of field: String, at index: Int) throws(FormScreenletError) {
        try removeRepetition(of: field, at: index)
    }

    /// Makes the repetitions the screen added and removed in its copy of the form here too.
    public func followShape(of model: DDLFormModel) {
        followScreenShape(of: model)
    }

    public func chooseDocument(_ path: String, for field: String, instance: Int = 0) throws(FormScreenletError) {
        let definition = try state.editableField(field, editable: attributes.editable)
        guard definition.kind == .document || definition.kind == .image else { throw .notADocumentField(definition.name) }
        let key = FormFieldKey(field: definition.name, instance: instance)
        try state.mutateModel { model throws(FormModelError) in
            try model.setValue(.document(.localFile(path: path)), of: key.field, instance: key.instance)
        }
        chosenFiles[key] = path
        chosenDocuments.append((key, path))
        state.validationMessages[key] = nil
        startUpload(key)
    }

    @discardableResult
    public func cancelUpload(of field: String, instance: Int = 0) -> Bool {
        stopUpload(FormFieldKey(field: field, instance: instance))
    }

    @discardableResult
    public func submitForm(draft: Bool = false) async throws -> FormSubmitOutcome {
        try state.beginSubmit(editable: attributes.editable)
        defer { state.isSubmitting = false }
        do {
            await waitForUploads()
            for (key, status) in state.uploads {
                if case .failed = status { startUpload(key) }
            }
            await waitForUploads()
            try state.validateAll()
            guard let model = state.model, state.requestedRecordId == nil || model.recordId != nil else {
                throw FormScreenletError.notLoaded
            }
            // The values of the save still queued: nothing new (FormScreenlet compares the queued payload).
            if let queueId = state.queuedSubmitId, !model.isModified, submitted.last?.draft == draft {
                throw FormScreenletError.nothingNew(queueId: queueId)
            }
            let queued = state.uploads.values.contains { if case .queuedOffline = $0 { return true } else { return false } }
            if queued, attributes.submitPolicy == .remoteOnly { throw FormScreenletError.uploadsQueued }
            let submission = submissions.isEmpty ? .accepted() : submissions.removeFirst()
            submitted.append(Submitted(values: model, draft: draft, outcome: submission))
            switch submission {
            case .accepted(let recordId, let workflowStatus):
                let wasAdd = model.recordId == nil
                let id = model.recordId ?? recordId ?? nextId()
                let status = workflowStatus ?? (draft ? 2 : 0)
                state.savedAsRecord(id, workflowStatus: status)
                attributes.recordId = id
                emit(.formSubmitted(recordId: id, workflowStatus: status))
                return .submitted(recordId: id, workflowStatus: status, added: wasAdd)
            case .queued(let queueId):
                let id = state.queuedSubmitId ?? queueId
                state.savedToQueue(id)
                emit(.formQueued(queueId: id))
                return .queued(queueId: id)
            case .refused(let message):
                throw InMemoryRefusal(description: message)
            }
        } catch let error as FormScreenletError {
            emit(.submitRefused(error))
            throw error
        } catch {
            emit(.formSubmitError(message: String(describing: error), invalidFields: []))
            throw error
        }
    }

    public func cancel() {
        discardEditsAndFiles()
    }

    public func withdrawQueuedWrite() async -> FormWithdrawal {
        let answer = withdrawal ?? (state.queuedSubmitId != nil ? .withdrawn : .nothingQueued)
        switch answer {
        case .withdrawn, .takenBack, .beingTakenBack, .alreadySent: state.leaveQueue()
        case .nothingQueued, .portalKeeps, .notWithdrawn: break
        }
        return answer
    }

    public func followQueuedSave() {
        guard state.queuedSubmitId != nil, !state.isSubmitting, let sent = queuedSaveSent else { return }
        queuedSaveSent = nil
        state.leaveQueue()
        if state.model?.recordId == nil, let recordId = sent.recordId {
            state.adoptRecord(recordId)
            attributes.recordId = recordId
        }
        if let status = sent.workflowStatus { state.workflowStatus = status }
    }

    public func switchLocale(_ locale: PortalLocale) {
        state.switchLocale(locale)
    }

    // MARK: Loading, as FormScreenlet does

    private var origin: FormDataOrigin? {
        switch loadOutcome {
        case .portal: return FormDataOrigin(source: .portal, isStale: false, storedAt: nil)
        case .cache(let storedAt): return FormDataOrigin(source: .cache, isStale: true, storedAt: storedAt)
        case .failed: return nil
        }
    }

    private func loadForm() throws {
        state.isLoading = true
        defer { state.isLoading = false }
        guard let origin else {
            emit(.formLoadError(message: failure))
            throw InMemoryRefusal(description: failure)
        }
        if state.recordSetName == nil { state.recordSetName = recordSetName }
        let isNewRecordForm = attributes.recordId == 0 && state.requestedRecordId == nil
        if isNewRecordForm, state.model == nil || (state.model?.recordId == nil && state.model?.isModified == false) {
            state.model = DDLFormModel(structure: structure, locale: state.locale)
        }
        state.formOrigin = origin
        emit(.formLoaded(origin))
    }

    private func loadRecord() throws {
        state.askFor(recordId: attributes.recordId)
        try loadForm()
        state.isLoading = true
        defer { state.isLoading = false }
        let recordId = attributes.recordId
        guard let origin else {
            emit(.recordLoadError(message: failure))
            throw InMemoryRefusal(description: failure)
        }
        guard let record else {
            let unavailable = FormScreenletError.recordUnavailable(recordId: recordId, reason: "no record \(recordId) given")
            emit(.recordLoadError(message: unavailable.description))
            throw unavailable
        }
        do {
            try state.adoptRecord(record, recordId: recordId, recordSetId: attributes.recordSetId, structure: structure, origin: origin)
            emit(.recordLoaded(recordId: recordId, origin: origin))
        } catch {
            emit(.recordLoadError(message: String(describing: error)))
            throw error
        }
    }

    private var failure: String {
        if case .failed(let message) = loadOutcome { return message }
        return ""
    }

    private func nextId() -> Int64 {
        defer { nextRecordId += 1 }
        return nextRecordId
    }
}

/// A refusal chosen for an in-memory submit (``InMemoryFormScreenlet/Submission/refused(message:)``).
struct InMemoryRefusal: Error, CustomStringConvertible {
    let description: String
}

extension InMemoryFormScreenlet: DocumentUploadKeeping {
    /// Nothing is queued in memory: a replaced or removed document leaves no queue behind.
    func withdrawQueuedUpload(_ status: DocumentUploadStatus?) {}

    /// Answers the upload of `key` with the next chosen outcome, as ``FormScreenlet`` does.
    func runUpload(_ key: FormFieldKey, path: String, generation: Int) async {
        defer { uploadEnded(generation) }
        let outcome = uploadOutcomes.isEmpty ? .uploaded(bytes: 1_000) : uploadOutcomes.removeFirst()
        guard let key = uploadKey(of: generation), !Task.isCancelled else { return }
        switch outcome {
        case .uploaded(let bytes):
            reportProgress(sent: bytes / 2, total: bytes, generation: generation)
            reportProgress(sent: bytes, total: bytes, generation: generation)
            let name = URL(fileURLWithPath: path).lastPathComponent
            let json: JSONValue = [
                "fileEntryId": .int(nextId()), "groupId": .int(attributes.groupId), "repositoryId": .int(attributes.groupId),
                "folderId": .int(attributes.folderId), "uuid": .string(UUID().uuidString.lowercased()), "title": .string(name),
                "version": "1.0", "mimeType": .string(DocumentMimeType.of(URL(fileURLWithPath: path))), "size": .int(bytes),
            ]
            guard let entry = FileEntry(json: json) else { return }
            state.recordUploaded(entry, for: key)
            emit(.documentUploaded(key, result: entry.attributes, queueId: nil))
        case .queued(let queueId):
            try? state.model?.setValue(.document(.localFile(path: path)), of: key.field, instance: key.instance)
            state.uploads[key] = .queuedOffline(queueId: queueId)
            emit(.documentUploaded(key, result: PendingWrite.uploadPlaceholder(queueId), queueId: queueId))
        case .failed(let reason):
            state.recordUploadFailed(path: path, reason: reason, for: key)
            emit(.documentUploadError(key, message: reason))
        }
    }
}
