import DDM
import Foundation
import OfflineStore
import PortalClient

extension FormScreenlet {
    /// The user picked a local file for a Documents and Media (or Image) field: it becomes the
    /// field's value and its upload starts at once (`documentUploadStarted`, progress,
    /// `documentUploaded` or `documentUploadError`). Under `cache-only`, or when the portal cannot be
    /// reached (except `remote-only`), the file is queued and the record will depend on it.
    public func chooseDocument(_ path: String, for field: String, instance: Int = 0) throws(FormScreenletError) {
        let definition = try state.editableField(field, editable: attributes.editable)
        guard definition.kind == .document || definition.kind == .image else { throw .notADocumentField(definition.name) }
        // Judged once here for every way a file is chosen (CLI --set, plain mode, the form screen):
        // a regular file (links resolved) within the size limit, an image for an image field.
        let accepted: LocalUploadFile
        do {
            accepted = try LocalUploadFile.accept(path, image: definition.kind == .image)
        } catch {
            throw .refusedFile(error.message)
        }
        let key = FormFieldKey(field: definition.name, instance: instance)
        try state.mutateModel { model throws(FormModelError) in
            try model.setValue(.document(.localFile(path: accepted.url.path)), of: key.field, instance: key.instance)
        }
        chosenFiles[key] = accepted.url.path
        state.validationMessages[key] = nil
        startUpload(key)
    }

    /// Stops the running upload of a field instance (``DocumentUploadKeeping/stopUpload(_:)``).
    @discardableResult
    public func cancelUpload(of field: String, instance: Int = 0) -> Bool {
        stopUpload(FormFieldKey(field: field, instance: instance))
    }

    /// Waits until no upload is running.
    public func waitForUploads() async {
        while let running = uploadTasks.values.first {
            await running.value
        }
    }

    /// Sends (or queues) the file of `key` (see ``DocumentUploadKeeping/startUpload(_:)``).
    func runUpload(_ key: FormFieldKey, path: String, generation: Int) async {
        defer { uploadEnded(generation) }
        let file = URL(fileURLWithPath: path)
        let metadata = uploadMetadata(for: file)
        if attributes.submitPolicy == .cacheOnly {
            queueUpload(key, file: file, metadata: metadata, generation: generation)
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
        case .failure(let error as any OfflineClassifiable) where error.isConnectivityFailure && attributes.submitPolicy != .remoteOnly:
            queueUpload(key, file: file, metadata: metadata, generation: generation)
        case .failure(let error):
            let reason = Self.describe(error)
            state.recordUploadFailed(path: path, reason: reason, for: key)
            emit(.documentUploadError(key, message: reason))
        }
    }

    /// Keeps the file in the offline queue (a private copy); the record will wait for it.
    private func queueUpload(_ key: FormFieldKey, file: URL, metadata: [String: JSONValue], generation: Int) {
        do {
            var write = PendingWrite.upload(collection: Self.collection, file: file, metadata: metadata)
            write.payload[PayloadKey.fileName] = .string(file.lastPathComponent)
            let item = try executor.queue.enqueue(write)
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

    private func uploadMetadata(for file: URL) -> [String: JSONValue] {
        let groupId = portal.groupId(attributes.groupId)
        return [
            PayloadKey.groupId: .int(groupId),
            PayloadKey.repositoryId: .int(attributes.repositoryId != 0 ? attributes.repositoryId : groupId),
            PayloadKey.folderId: .int(attributes.folderId),
            PayloadKey.title: .string(attributes.filePrefix + UUID().uuidString.lowercased()),
            // What the content shows (a PNG named .dat is a PNG), else what the extension says.
            PayloadKey.mimeType: .string((try? LocalUploadFile.accept(file.path))?.content?.mimeType ?? DocumentMimeType.of(file)),
            PayloadKey.fileName: .string(file.lastPathComponent),
        ]
    }

    /// Drops the queued upload of a file the user no longer wants (replaced, removed, discarded),
    /// unless a queued record already depends on it.
    func withdrawQueuedUpload(_ status: DocumentUploadStatus?) {
        guard case .queuedOffline(let queueId) = status else { return }
        _ = try? executor.queue.withdrawUpload(queueId)
    }

    /// Starts again every upload that failed (a submit does this first, as Screens does).
    func retryFailedUploads() {
        for (key, status) in state.uploads {
            if case .failed = status { startUpload(key) }
        }
    }

    /// The queue ids of the documents waiting offline, by field.
    var queuedUploads: [FormFieldKey: String] {
        state.uploads.compactMapValues { status in
            if case .queuedOffline(let queueId) = status { return queueId }
            return nil
        }
    }
}
