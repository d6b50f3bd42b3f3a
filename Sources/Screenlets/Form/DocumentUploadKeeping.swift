/// The upload bookkeeping of a form with document fields (``FormScreenlet``, the Objects form):
/// each field instance's running upload, its generation (a newer choice makes an older upload's
/// result stale) and the file chosen for it.
protocol DocumentUploadKeeping: Actor {
    var uploadTasks: [FormFieldKey: Task<Void, Never>] { get set }
    var uploadGenerations: [FormFieldKey: Int] { get set }
    var chosenFiles: [FormFieldKey: String] { get set }
    var state: FormState { get set }
    /// Tells the host (the screenlet's event stream).
    func emit(_ event: FormEvent)
    /// Drops the queued upload of a file no longer wanted (unless a queued write depends on it).
    func discardQueuedUpload(_ key: FormFieldKey)
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
        let generation = uploadGenerations[key, default: 0] + 1
        uploadGenerations[key] = generation
        state.uploads[key] = .pending
        emit(.documentUploadStarted(key))
        uploadTasks[key] = Task { await self.runUpload(key, path: path, generation: generation) }
    }

    /// `sent` of `total` bytes of `key`'s file are out: recorded and told, unless the upload is
    /// no longer the field's latest or the report is older than one already told.
    func reportProgress(_ key: FormFieldKey, sent: Int64, total: Int64, generation: Int) {
        guard uploadGenerations[key] == generation else { return }
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
        uploadGenerations[key, default: 0] += 1
        chosenFiles[key] = nil
        return true
    }
}

extension FormScreenlet: DocumentUploadKeeping {}
extension ObjectEntryFormScreenlet: DocumentUploadKeeping {}
