import DDM
import Foundation
import OfflineStore
import PortalClient

/// Attachment fields of an Objects entry: a local file chosen in the form is uploaded to Documents
/// and Media at once by the record form's uploader (``FormPortal``, `dlapp` `add-file-entry`, as
/// `form --object` uploads), its progress and outcome in ``FormState/uploads`` as for a DDL
/// document. The entry is saved with the file's ID. With the portal unreachable (or under
/// `cache-only`) the file is queued (a private copy, ``PendingWrite/upload(collection:file:metadata:)``)
/// and the entry's write carries the queue's placeholder, so sync uploads the file first, once,
/// and sends the entry with its ID.
extension ObjectEntryFormScreenlet {
    /// The queue collection of an attachment's upload.
    static let uploadCollection = "ObjectAttachments"

    /// The user picked a local file for attachment field `field`: checked (a regular file within
    /// the size limit, an extension the field accepts) and uploaded at once.
    public func chooseDocument(_ path: String, for field: String, instance: Int = 0) throws(FormScreenletError) {
        let definition = try state.editableField(field, editable: attributes.editable)
        guard definition.kind == .document else { throw .notADocumentField(definition.name) }
        let accepted: LocalUploadFile
        do {
            accepted = try LocalUploadFile.accept(path)
        } catch {
            throw .refusedFile(error.message)
        }
        if let refusal = extensionRefusal(accepted.url, field: definition.name) { throw .refusedFile(refusal) }
        let key = FormFieldKey(field: definition.name, instance: instance)
        try state.mutateModel { model throws(FormModelError) in
            try model.setValue(.document(.localFile(path: accepted.url.path)), of: key.field, instance: key.instance)
        }
        chosenFiles[key] = accepted.url.path
        state.validationMessages[key] = nil
        startUpload(key)
    }

    /// Why the field does not take `file` (its `acceptedFileExtensions`), nil when it does.
    private func extensionRefusal(_ file: URL, field: String) -> String? {
        guard let accepted = definition?.field(named: field)?.settings["acceptedFileExtensions"]?.stringValue else { return nil }
        let extensions = accepted.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        guard !extensions.isEmpty, !extensions.contains(file.pathExtension.lowercased()) else { return nil }
        return "\(file.lastPathComponent): this field takes \(extensions.joined(separator: ", ")) files"
    }

    /// Stops the running upload of an attachment field (as the record form's `cancelUpload`).
    @discardableResult
    public func cancelUpload(of field: String, instance: Int = 0) -> Bool {
        stopUpload(FormFieldKey(field: field, instance: instance))
    }

    /// Sends (or queues) the file of `key` (see ``DocumentUploadKeeping/startUpload(_:)``).
    func runUpload(_ key: FormFieldKey, path: String, generation: Int) async {
        defer { uploadEnded(generation) }
        let file = URL(fileURLWithPath: path)
        let metadata = uploadMetadata(for: file)
        if submitPolicy == .cacheOnly, queue != nil {
            queueUpload(key, file: file, metadata: metadata)
            return
        }
        let result = await portal.uploadReportingProgress(file: file, metadata: metadata) { sent, total in
            await self.reportProgress(sent: sent, total: total, generation: generation)
        }
        // Where the file's field instance is now (repetitions may have come or gone meanwhile).
        guard let key = uploadKey(of: generation), !Task.isCancelled else { return }
        switch result {
        case .success(let entry):
            state.recordUploaded(entry, for: key)
            emit(.documentUploaded(key, result: entry.attributes, queueId: nil))
        case .failure(let error as any OfflineClassifiable) where error.isConnectivityFailure && queue != nil && submitPolicy != .remoteOnly:
            queueUpload(key, file: file, metadata: metadata)
        case .failure(let error):
            let reason = Self.describe(error)
            state.recordUploadFailed(path: path, reason: reason, for: key)
            emit(.documentUploadError(key, message: reason))
        }
    }

    /// Keeps the file in the offline queue; the entry's write will wait for it.
    private func queueUpload(_ key: FormFieldKey, file: URL, metadata: [String: JSONValue]) {
        do {
            guard let queue else { throw FormScreenletError.uploadsQueued }
            let item = try queue.enqueue(PendingWrite.upload(collection: Self.uploadCollection, file: file, metadata: metadata))
            try? state.model?.setValue(.document(.localFile(path: file.path)), of: key.field, instance: key.instance)
            state.uploads[key] = .queuedOffline(queueId: item.queueId)
            emit(.documentUploaded(key, result: PendingWrite.uploadPlaceholder(item.queueId), queueId: item.queueId))
        } catch {
            let reason = Self.describe(error)
            state.uploads[key] = .failed(reason: reason)
            try? state.model?.setValue(.document(.uploadFailed(path: file.path, reason: reason)), of: key.field, instance: key.instance)
            emit(.documentUploadError(key, message: reason))
        }
    }

    /// What the upload sends: the entry's site as repository, its root folder, a unique title
    /// ending in the file's name (as `form --object` names it), the content's MIME type.
    private func uploadMetadata(for file: URL) -> [String: JSONValue] {
        let groupId = portal.groupId(attributes.groupId)
        return [
            PayloadKey.groupId: .int(groupId),
            PayloadKey.repositoryId: .int(groupId),
            PayloadKey.folderId: .int(0),
            PayloadKey.title: .string(UUID().uuidString.lowercased().prefix(8) + "-" + file.lastPathComponent),
            PayloadKey.mimeType: .string((try? LocalUploadFile.accept(file.path))?.content?.mimeType ?? DocumentMimeType.of(file)),
            PayloadKey.fileName: .string(file.lastPathComponent),
        ]
    }

    /// Withdraws the queued upload of a file no longer wanted (replaced, or its edits discarded),
    /// unless a queued write depends on it.
    func withdrawQueuedUpload(_ status: DocumentUploadStatus?) {
        guard case .queuedOffline(let queueId) = status else { return }
        _ = try? queue?.withdrawUpload(queueId)
    }

    /// Before a save: waits for running uploads, retries failed ones and waits again. Returns the
    /// files still queued offline (field → queue id); refused when nothing could wait for them.
    func settleUploads() async throws(FormScreenletError) -> [String: String] {
        await waitForUploads()
        for (key, status) in state.uploads {
            if case .failed = status { startUpload(key) }
        }
        await waitForUploads()
        var queued: [String: String] = [:]
        for (key, status) in state.uploads {
            if case .queuedOffline(let queueId) = status { queued[key.field] = queueId }
        }
        if !queued.isEmpty, submit == nil || submitPolicy == .remoteOnly { throw .uploadsQueued }
        return queued
    }

    /// Waits until no upload is running.
    public func waitForUploads() async {
        while let running = uploadTasks.values.first {
            await running.value
        }
    }

    /// `body` with each field whose file is queued set to the queue's placeholder.
    static func withPlaceholders(_ body: JSONValue, for queued: [String: String]) -> JSONValue {
        guard !queued.isEmpty, case .object(var members) = body else { return body }
        for (field, queueId) in queued { members[field] = PendingWrite.uploadPlaceholder(queueId) }
        return .object(members)
    }

    /// Whether `value` is a queued upload's placeholder.
    static func isPlaceholder(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value, members.count == 1, let queueId = members.values.first?.stringValue else { return false }
        return PendingWrite.uploadPlaceholder(queueId) == value
    }
}
