import DDM
import Foundation

/// Names of the payload members the store and the sync engine agree on.
public enum PayloadKey {
    public static let recordSetId = "recordSetId"
    public static let recordId = "recordId"
    public static let groupId = "groupId"
    public static let structureId = "structureId"
    /// The record's values (the fieldsMap), an object.
    public static let values = "values"
    /// The record's `modifiedDate` the edit was made on; the sync engine compares it with the
    /// portal's to detect conflicts.
    public static let baseModifiedDate = "baseModifiedDate"
    public static let repositoryId = "repositoryId"
    public static let folderId = "folderId"
    public static let fileEntryId = "fileEntryId"
    public static let title = "title"
    public static let mimeType = "mimeType"
    /// The original name of an uploaded file.
    public static let fileName = "fileName"
    /// The `modifiedDate` member of a portal answer.
    public static let modifiedDate = "modifiedDate"
    /// What a record write does once saved: `"publish"` or `"draft"` (absent: publish).
    public static let workflowAction = "workflowAction"
}

/// A write to queue: built by the form, list or gallery layer, turned into a ``QueueItem``.
public struct PendingWrite: Sendable {
    /// What to do on the portal.
    public var operation: PendingOperation
    /// The collection it belongs to, for counts (e.g. `DDLForm`, `ImageGallery`).
    public var collection: String
    /// Object members of the payload.
    public var payload: [String: JSONValue]
    /// The idempotency token (see ``QueueItem/uuid``); generated here, once.
    public var uuid: String
    /// Overrides the subject derived from the operation and payload.
    public var subject: String?
    /// The entry that shows this write locally; set dirty when queued, clean when done.
    public var linkedEntry: EntryAddress?
    /// Entry changes applied in the same transaction as queueing (e.g. storing the edited record
    /// dirty, hiding a deleted image from a cached page).
    public var localChanges: [EntryChange]
    /// Queue ids this write waits for, besides those named by placeholders in the payload.
    public var dependsOn: [String]
    /// For uploads: the file, copied into the cache's `files/` folder when queued.
    public var sourceFile: URL?

    /// A write; prefer the constructors below, which fill the well-known payload members.
    public init(
        operation: PendingOperation, collection: String, payload: [String: JSONValue],
        uuid: String = UUID().uuidString.lowercased(), subject: String? = nil, linkedEntry: EntryAddress? = nil,
        localChanges: [EntryChange] = [], dependsOn: [String] = [], sourceFile: URL? = nil
    ) {
        self.operation = operation
        self.collection = collection
        self.payload = payload
        self.uuid = uuid
        self.subject = subject
        self.linkedEntry = linkedEntry
        self.localChanges = localChanges
        self.dependsOn = dependsOn
        self.sourceFile = sourceFile
    }

    /// A new DDL record. `values` may hold ``uploadPlaceholder(_:)``s for documents still queued.
    public static func addRecord(
        collection: String = "DDLForm", recordSetId: Int64, groupId: Int64?, values: JSONValue,
        extra: [String: JSONValue] = [:]
    ) -> PendingWrite {
        var payload = extra
        payload[PayloadKey.recordSetId] = .int(recordSetId)
        payload[PayloadKey.groupId] = JSONValue(groupId)
        payload[PayloadKey.values] = values
        return PendingWrite(operation: .addRecord, collection: collection, payload: payload)
    }

    /// An edit of an existing record, made on the version modified at `baseModifiedDate`.
    public static func updateRecord(
        collection: String = "DDLForm", recordId: Int64, recordSetId: Int64?, values: JSONValue,
        baseModifiedDate: JSONValue?, extra: [String: JSONValue] = [:]
    ) -> PendingWrite {
        var payload = extra
        payload[PayloadKey.recordId] = .int(recordId)
        payload[PayloadKey.recordSetId] = JSONValue(recordSetId)
        payload[PayloadKey.values] = values
        payload[PayloadKey.baseModifiedDate] = baseModifiedDate ?? .null
        return PendingWrite(operation: .updateRecord, collection: collection, payload: payload)
    }

    /// An upload of `file` (a form document or a gallery image); `metadata` holds groupId,
    /// repositoryId, folderId, title, mimeType… as the portal client needs them.
    public static func upload(collection: String, file: URL, metadata: [String: JSONValue]) -> PendingWrite {
        var payload = metadata
        if payload[PayloadKey.fileName] == nil { payload[PayloadKey.fileName] = .string(file.lastPathComponent) }
        return PendingWrite(operation: .upload, collection: collection, payload: payload, sourceFile: file)
    }

    /// The deletion of a file entry.
    public static func delete(
        collection: String = "ImageGallery", fileEntryId: Int64, extra: [String: JSONValue] = [:]
    ) -> PendingWrite {
        var payload = extra
        payload[PayloadKey.fileEntryId] = .int(fileEntryId)
        return PendingWrite(operation: .delete, collection: collection, payload: payload)
    }

    /// Stands for the result of the queued upload `queueId` inside another write's payload (e.g.
    /// a document field's value). When that upload is done, the placeholder is replaced by the
    /// portal's file entry JSON, durably, and the waiting write becomes ready.
    public static func uploadPlaceholder(_ queueId: String) -> JSONValue {
        .object([Placeholders.member: .string(queueId)])
    }
}
