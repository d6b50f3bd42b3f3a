import DDM
import Foundation
import OfflineStore
import PortalClient

/// Sends the gallery's writes (uploads, deletions) to the portal, as queue items: the same
/// payload members the sync engine reads (`repositoryId`, `folderId`, `fileName`, `title`,
/// `mimeType`, `description`, `fileEntryId`), the item's uuid in the service context (`dlapp`)
/// or as the document's external reference code (headless-delivery, see
/// ``PortalClient/PortalSession/headlessAddDocumentOnce(siteId:folderId:file:title:description:externalReferenceCode:mayExist:progress:)``).
struct GalleryWriter: Sendable {
    let session: PortalSession
    let calls: ServiceCalls
    var transport: GalleryTransport = .jsonWebServices

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
            return try await upload(
                payload: item.payload.objectValue ?? [:], file: file, uuid: item.uuid, mayExist: item.wasInterrupted || item.attempts > 1,
                progress: progress)
        case .delete:
            guard let fileEntryId = item.payload[PayloadKey.fileEntryId]?.int64Value else {
                throw PortalError(kind: .input, message: "pending delete \(item.queueId) has no fileEntryId")
            }
            try await delete(fileEntryId: fileEntryId)
            return .null
        case .addRecord, .updateRecord, .withdrawAdd, .withdrawUpload, .addEntry, .updateEntry, .deleteEntry:
            throw PortalError(kind: .input, message: "the gallery does not send \(item.operation.rawValue)")
        }
    }

    /// Uploads `file` described by an upload write's `payload`; returns the file entry's JSON.
    func upload(
        payload: [String: JSONValue], file: URL, uuid: String?, mayExist: Bool = false,
        progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> JSONValue {
        let fileName = payload[PayloadKey.fileName]?.stringValue ?? file.lastPathComponent
        if transport == .headlessDelivery {
            let fileUpload = FileUpload(
                fileURL: file, fileName: fileName, mimeType: payload[PayloadKey.mimeType]?.stringValue ?? "application/octet-stream")
            let title = payload[PayloadKey.title]?.stringValue ?? fileName
            let siteId = payload[PayloadKey.repositoryId]?.int64Value ?? 0
            let folderId = payload[PayloadKey.folderId]?.int64Value ?? 0
            let description = payload["description"]?.stringValue ?? ""
            let entry: FileEntry
            if let uuid {
                entry = try await session.headlessAddDocumentOnce(
                    siteId: siteId, folderId: folderId, file: fileUpload, title: title, description: description,
                    externalReferenceCode: uuid, mayExist: mayExist, progress: progress)
            } else {
                entry = try await session.headlessAddDocument(
                    siteId: siteId, folderId: folderId, file: fileUpload, title: title, description: description, progress: progress)
            }
            return entry.attributes
        }
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

    /// Deletes the document an upload with `payload` and `uuid` made, when the portal has one (an
    /// upload cancelled after its whole file was sent): looked up by its title in its folder and
    /// deleted when it carries the upload's uuid (its external reference code on headless-delivery).
    /// Returns the deleted document's id, nil when the portal has none.
    func takeBack(payload: [String: JSONValue], uuid: String) async throws -> Int64? {
        let folderId = payload[PayloadKey.folderId]?.int64Value ?? 0
        let repositoryId = payload[PayloadKey.repositoryId]?.int64Value ?? 0
        let title = payload[PayloadKey.title]?.stringValue ?? ""
        let found: JSONValue?
        switch transport {
        case .jsonWebServices:
            var call = ServiceCall(path: "/dlapp/get-file-entry")
            call.append("groupId", .int(repositoryId))
            call.append("folderId", .int(folderId))
            call.append("title", .string(title))
            do {
                found = try await session.invoke(call)
            } catch let error as PortalError where error.kind == .notFound {
                found = nil
            }
        case .headlessDelivery:
            found = try await session.headlessDocument(titled: title, siteId: repositoryId, folderId: folderId)
        }
        guard let found, found["uuid"]?.stringValue == uuid, let fileEntryId = found[PayloadKey.fileEntryId]?.int64Value else {
            return nil
        }
        try await delete(fileEntryId: fileEntryId)
        return fileEntryId
    }

    /// Deletes a file entry through the gallery's path.
    func delete(fileEntryId: Int64) async throws {
        switch transport {
        case .jsonWebServices: try await session.deleteFileEntry(id: fileEntryId)
        case .headlessDelivery: try await session.headlessDeleteDocument(id: fileEntryId)
        }
    }
}
