import DDM
import Foundation
import OfflineStore
import PortalClient

/// The portal calls the form screenlet makes, as raw JSON answers the cache can store.
public struct FormPortal: Sendable {
    /// The logged-in session.
    public let session: PortalSession

    public init(session: PortalSession) {
        self.session = session
    }

    /// The portal's version, for the values' wire form: the session's (detected at login), else the
    /// structure's own format (a 6.2 XSD or a 7.x JSON definition), which is known offline too.
    func version(for structure: DDMStructure) -> PortalVersion {
        session.context.version ?? structure.sourceVersion
    }

    /// The site writes go to: `groupId`, else the session's.
    func groupId(_ groupId: Int64) -> Int64 {
        groupId != 0 ? groupId : session.context.groupId
    }

    func recordSetJSON(_ recordSetId: Int64) async throws -> JSONValue {
        try await session.invoke(try await session.calls().recordSets.getRecordSet(recordSetId: recordSetId))
    }

    func structureJSON(_ structureId: Int64) async throws -> JSONValue {
        try await session.invoke(try await session.calls().structures.getStructure(structureId: structureId))
    }

    func recordJSON(_ recordId: Int64, locale: String) async throws -> JSONValue {
        try await session.invoke(try await session.calls().screensRecords.getDDLRecord(ddlRecordId: recordId, locale: locale))
    }

    /// Uploads a file as described by an upload write's payload; reports (bytes sent, total).
    func upload(
        file: URL, metadata: JSONValue, uuid: String?, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> FileEntry {
        let groupId = groupId(metadata[PayloadKey.groupId]?.int64Value ?? 0)
        let repositoryId = metadata[PayloadKey.repositoryId]?.int64Value.flatMap { $0 == 0 ? nil : $0 } ?? groupId
        let fileName = metadata[PayloadKey.fileName]?.stringValue ?? file.lastPathComponent
        let title = metadata[PayloadKey.title]?.stringValue ?? fileName
        let upload = FileUpload(
            fileURL: file, fileName: fileName,
            mimeType: metadata[PayloadKey.mimeType]?.stringValue ?? DocumentMimeType.of(file))
        let serviceContext = uuid.map { ServiceContext(scopeGroupId: groupId, uuid: $0) }
        return try await session.addFileEntry(
            repositoryId: repositoryId, folderId: metadata[PayloadKey.folderId]?.int64Value ?? 0, file: upload,
            title: title, changeLog: "Uploaded from Termlets", serviceContext: serviceContext, progress: progress)
    }
}
