import DDM
import Foundation
import OfflineStore
import PortalClient

extension SyncEngine {
    /// Uploads one file (multipart, never batched) with its uuid, reporting bytes. A write that
    /// may have been uploaded before is first looked for by its title in its folder, and adopted
    /// when the entry there carries its uuid; so is the "duplicate title" refusal of a retry. An
    /// upload queued by a gallery on headless-delivery goes the same way again.
    func sendUpload(_ item: QueueItem, requests: WriteRequests, tally: Tally?) async throws -> JSONValue {
        let p = item.payload
        guard let file = item.fileURL else {
            throw PortalError(kind: .input, message: "pending upload \(item.queueId) has no file")
        }
        let group = requests.groupOf(item)
        let repositoryId = p[PayloadKey.repositoryId]?.int64Value ?? group
        let folderId = p[PayloadKey.folderId]?.int64Value ?? 0
        let fileName = p[PayloadKey.fileName]?.stringValue ?? file.lastPathComponent
        let title = p[PayloadKey.title]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? fileName
        if p[HeadlessDocuments.transportKey]?.stringValue == HeadlessDocuments.transportName {
            // Queued by a gallery on headless-delivery: sent the same way, the uuid as the ERC.
            let entry = try await session.headlessAddDocumentOnce(
                siteId: repositoryId, folderId: folderId,
                file: FileUpload(
                    fileURL: file, fileName: fileName, mimeType: p[PayloadKey.mimeType]?.stringValue ?? "application/octet-stream"),
                title: title, description: p["description"]?.stringValue ?? "", externalReferenceCode: item.uuid,
                mayExist: item.wasInterrupted || item.attempts > 1, progress: { sent, size in tally?.upload(sent: sent, size: size) })
            return entry.attributes
        }
        if item.wasInterrupted || item.attempts > 1,
            let existing = try await existingUpload(item, repositoryId: repositoryId, folderId: folderId, title: title, requests: requests)
        {
            return existing
        }
        do {
            let entry = try await session.addFileEntry(
                repositoryId: repositoryId, folderId: folderId,
                file: FileUpload(
                    fileURL: file, fileName: fileName, mimeType: p[PayloadKey.mimeType]?.stringValue ?? "application/octet-stream"),
                title: title, description: p["description"]?.stringValue ?? "",
                serviceContext: ServiceContext(
                    userId: requests.userId, scopeGroupId: group, workflowAction: nil, uuid: item.uuid),
                progress: { sent, size in tally?.upload(sent: sent, size: size) })
            return entry.attributes
        } catch let error as PortalError where error.kind != .network {
            if let existing = try await existingUpload(item, repositoryId: repositoryId, folderId: folderId, title: title, requests: requests) {
                return existing
            }
            throw error
        }
    }

    /// The file entry an upload write made, when the portal has one: found by the write's title in
    /// its folder, carrying its uuid.
    func existingUpload(_ item: QueueItem, requests: WriteRequests) async throws -> JSONValue? {
        let p = item.payload
        let repositoryId = p[PayloadKey.repositoryId]?.int64Value ?? requests.groupOf(item)
        let fileName = p[PayloadKey.fileName]?.stringValue ?? item.fileURL?.lastPathComponent ?? ""
        let title = p[PayloadKey.title]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? fileName
        if p[HeadlessDocuments.transportKey]?.stringValue == HeadlessDocuments.transportName {
            let found = try await session.headlessDocument(
                titled: title, siteId: repositoryId, folderId: p[PayloadKey.folderId]?.int64Value ?? 0)
            return found?["uuid"]?.stringValue == item.uuid ? found : nil
        }
        return try await existingUpload(
            item, repositoryId: repositoryId, folderId: p[PayloadKey.folderId]?.int64Value ?? 0, title: title, requests: requests)
    }

    /// The file entry titled `title` in the folder, when it carries the write's uuid.
    private func existingUpload(
        _ item: QueueItem, repositoryId: Int64, folderId: Int64, title: String, requests: WriteRequests
    ) async throws -> JSONValue? {
        do {
            let entry = try await session.invoke(requests.fileEntryByTitle(groupId: repositoryId, folderId: folderId, title: title))
            return entry["uuid"]?.stringValue == item.uuid ? entry : nil
        } catch {
            try Self.rethrowIfUnreachable(error)
            return nil
        }
    }
}
