/// The upload bookkeeping of a form with document fields (``FormScreenlet``, the Objects form):
/// each field instance's running upload, its generation (a newer choice makes an older upload's
/// result stale) and the file chosen for it.
protocol DocumentUploadKeeping: Actor {
    var uploadTasks: [FormFieldKey: Task<Void, Never>] { get set }
    var uploadGenerations: [FormFieldKey: Int] { get set }
    var chosenFiles: [FormFieldKey: String] { get set }
    var state: FormState { get set }
}

extension DocumentUploadKeeping {
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
