import DDM
import PortalClient

/// What an upload's progress and outcome do to a form's state, the same for the record form and
/// the Objects form (their actors only run the upload and emit the events).
extension FormState {
    /// The file of `key` is in the portal: the field holds its reference.
    mutating func recordUploaded(_ entry: FileEntry, for key: FormFieldKey) {
        let reference = DocumentReference(groupId: entry.groupId, uuid: entry.uuid, version: entry.version, raw: entry.attributes)
        try? model?.setValue(.document(.uploaded(reference)), of: key.field, instance: key.instance)
        uploads[key] = .uploaded(reference)
    }

    /// The upload of `key` (the file at `path`) failed for `reason`; a submit retries it.
    mutating func recordUploadFailed(path: String, reason: String, for key: FormFieldKey) {
        try? model?.setValue(.document(.uploadFailed(path: path, reason: reason)), of: key.field, instance: key.instance)
        uploads[key] = .failed(reason: reason)
    }

    /// `sent` of `total` bytes of `key`'s file are out; false (and nothing changes) for a report
    /// older than one already shown.
    mutating func recordUploadProgress(sent: Int64, total: Int64, for key: FormFieldKey) -> Bool {
        if case .uploading(let before, _) = uploads[key], sent < before { return false }
        uploads[key] = .uploading(sent: sent, total: total)
        return true
    }
}
