import DDM

/// The upload bookkeeping of a form with document fields (``FormScreenlet``, the Objects form):
/// each field instance's running upload, its generation (a newer choice makes an older upload's
/// result stale) and the file chosen for it. Generations are unique within the form, so a running
/// upload finds its field instance by its generation even after repetitions were added or removed
/// before it (``followShapeChange(_:)``).
protocol DocumentUploadKeeping: Actor {
    var uploadTasks: [FormFieldKey: Task<Void, Never>] { get set }
    var uploadGenerations: [FormFieldKey: Int] { get set }
    /// The last generation given to an upload of this form.
    var lastUploadGeneration: Int { get set }
    var chosenFiles: [FormFieldKey: String] { get set }
    var state: FormState { get set }
    /// Tells the host (the screenlet's event stream).
    func emit(_ event: FormEvent)
    /// Withdraws the upload of a file no longer wanted from the offline queue when `status` says
    /// it is queued there (unless a queued write depends on it).
    func withdrawQueuedUpload(_ status: DocumentUploadStatus?)
    /// Sends (or queues) the file chosen for `key`; its result counts only while `generation` is
    /// the field's latest.
    func runUpload(_ key: FormFieldKey, path: String, generation: Int) async
}

extension DocumentUploadKeeping {
    /// Starts (again) the upload of the file chosen for `key`: a running one is stopped and a
    /// queued one dropped, the field's generation moves on, `documentUploadStarted` is told.
    func startUpload(_ key: FormFieldKey) {
        guard let path = chosenFiles[key] else { return }
        uploadTasks[key]?.cancel()
        discardQueuedUpload(key)
        let generation = nextUploadGeneration()
        uploadGenerations[key] = generation
        state.uploads[key] = .pending
        emit(.documentUploadStarted(key))
        uploadTasks[key] = Task { await self.runUpload(key, path: path, generation: generation) }
    }

    /// A generation no upload of this form had.
    func nextUploadGeneration() -> Int {
        lastUploadGeneration += 1
        return lastUploadGeneration
    }

    /// The field instance the upload of `generation` is for now, nil when that upload is stale
    /// (a newer file was chosen, it was stopped, its instance removed or the edits discarded).
    func uploadKey(of generation: Int) -> FormFieldKey? {
        uploadGenerations.first { $0.value == generation }?.key
    }

    /// The upload of `generation` ended: its task is forgotten (unless it is stale).
    func uploadEnded(_ generation: Int) {
        if let key = uploadKey(of: generation) { uploadTasks[key] = nil }
    }

    /// `sent` of `total` bytes of the upload of `generation` are out: recorded and told, unless
    /// the upload is stale or the report is older than one already told.
    func reportProgress(sent: Int64, total: Int64, generation: Int) {
        guard let key = uploadKey(of: generation) else { return }
        guard state.recordUploadProgress(sent: sent, total: total, for: key) else { return }
        emit(.documentUploadProgress(key, bytesSent: sent, totalBytes: total))
    }

    /// Stops the running upload of `key` (its task is cancelled, and with it the HTTP request, so
    /// the portal never completes the file) and brings back the field's value as loaded. False
    /// when no upload was running there.
    func stopUpload(_ key: FormFieldKey) -> Bool {
        guard uploadTasks[key] != nil, state.forgetChosenFile(key) else { return false }
        uploadTasks[key]?.cancel()
        uploadTasks[key] = nil
        uploadGenerations[key] = nil
        chosenFiles[key] = nil
        return true
    }

    /// Drops the queued upload of `key`'s file (see ``withdrawQueuedUpload(_:)``).
    func discardQueuedUpload(_ key: FormFieldKey) {
        withdrawQueuedUpload(state.uploads[key])
    }

    /// Changes the form's state with `change` — adding or removing a repetition, discarding the
    /// edits, following the screen's shape — with the uploads following their field instances:
    /// the upload of an instance that is gone stops, and its file, if queued offline, leaves the
    /// queue. Nothing changes when `change` throws.
    func changeShape<Result, Failure: Error>(_ change: (inout FormState) throws(Failure) -> Result) throws(Failure) -> Result {
        var changed = state
        let result = try change(&changed)
        let made = changed.model?.shapeChanges.dropFirst(state.model?.shapeChanges.count ?? 0) ?? []
        var uploads = state.uploads
        for shapeChange in made {
            for key in Set(uploadGenerations.keys).union(uploads.keys) where key.moved(by: shapeChange) == nil {
                uploadTasks[key]?.cancel()
                withdrawQueuedUpload(uploads[key])
            }
            uploads = uploads.moved(by: shapeChange)
            uploadTasks = uploadTasks.moved(by: shapeChange)
            uploadGenerations = uploadGenerations.moved(by: shapeChange)
            chosenFiles = chosenFiles.moved(by: shapeChange)
        }
        state = changed
        return result
    }
}

extension DocumentUploadKeeping where Self: FormEditing {
    /// Adds a repetition (``FormEditing/addInstance(of:after:)``) with the uploads following.
    func addRepetition(of field: String, after index: Int?) throws(FormScreenletError) -> Int {
        let editable = attributes.editable
        return try changeShape { state throws(FormScreenletError) in try state.addInstance(of: field, after: index, editable: editable) }
    }

    /// Removes a repetition (``FormEditing/removeInstance(of:at:)``): its upload stops and leaves
    /// the offline queue, the others follow their instances.
    func removeRepetition(of field: String, at index: Int) throws(FormScreenletError) {
        let editable = attributes.editable
        try changeShape { state throws(FormScreenletError) in _ = try state.removeInstance(of: field, at: index, editable: editable) }
    }

    /// Follows the screen's repetitions (``FormEditing/followShape(of:)``).
    func followScreenShape(of model: DDLFormModel) {
        changeShape { state in _ = state.followShape(of: model) }
    }

    /// Discards the edits (``FormEditing/cancel()``): the values as loaded come back, running
    /// uploads stop, files queued offline that no queued write needs leave the queue.
    func discardEditsAndFiles() {
        changeShape { state in state.discardEdits() }
        for task in uploadTasks.values { task.cancel() }
        uploadTasks = [:]
        uploadGenerations = [:]
        chosenFiles = [:]
    }
}

extension FormScreenlet: DocumentUploadKeeping {}
extension ObjectEntryFormScreenlet: DocumentUploadKeeping {}
