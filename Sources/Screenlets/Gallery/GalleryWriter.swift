import DDM
import Foundation
import OfflineStore
import PortalClient

/// Sends the gallery's writes (uploads, deletions) to the portal, as queue items: the same
/// payload members the sync engine reads (`repositoryId`, `folderId`, `fileName`, `title`,
/// `mimeType`, `description`, `fileEntryId`), the item's uuid in the service context.
struct GalleryWriter: Sendable {
    let session: PortalSession
    let calls: ServiceCalls

    /// A sender reporting upload bytes to `progress`.
    func sender(progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }) -> QueueSender {
        QueueSender { item in try await send(item, progress: progress) }
    }

    func send(_ item: QueueItem, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> JSONValue {
        switch item.operation {
        case .upload:
            guard let file = item.fileURL else {
                throw PortalError(kind: .input, message: "pending upload \(item.queueId) has no file")
            }
            return try await upload(payload: item.payload.objectValue ?? [:], file: file, uuid: item.uuid, progress: progress)
        case .delete:
            guard let fileEntryId = item.payload[PayloadKey.fileEntryId]?.int64Value else {
                throw PortalError(kind: .input, message: "pending delete \(item.queueId) has no fileEntryId")
            }
            try await session.deleteFileEntry(id: fileEntryId)
            return .null
        case .addRecord, .updateRecord, .addEntry, .updateEntry, .deleteEntry:
            throw PortalError(kind: .input, message: "the gallery does not send \(item.operation.rawValue)")
        }
    }

    /// Uploads `file` described by an upload write's `payload`; returns the file entry's JSON.
    func upload(
        payload: [String: JSONValue], file: URL, uuid: String?, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> JSONValue {
        let fileName = payload[PayloadKey.fileName]?.stringValue ?? file.lastPathComponent
        let entry = try await session.addFileEntry(
            repositoryId: payload[PayloadKey.repositoryId]?.int64Value ?? 0,
            folderId: payload[PayloadKey.folderId]?.int64Value ?? 0,
            file: FileUpload(
                fileURL: file, fileName: fileName, mimeType: payload[PayloadKey.mimeType]?.stringValue ?? "application/octet-stream"),
            title: payload[PayloadKey.title]?.stringValue ?? fileName,
            description: payload["description"]?.stringValue ?? "",
            serviceContext: ServiceContext(scopeGroupId: payload[PayloadKey.groupId]?.int64Value, uuid: uuid),
            progress: progress)
        return entry.attributes
    }
}
