import DDM
import Foundation

/// The kinds of write the queue holds, named as `termlets pending` prints them.
public enum PendingOperation: String, Sendable, CaseIterable {
    case addRecord = "add-record"
    case updateRecord = "update-record"
    /// A document for a form field, or an image for a gallery.
    case upload
    /// The deletion of a gallery file entry.
    case delete
    /// A tombstone for a record add the user discarded after its request may have reached the
    /// portal: sync looks the record up by the add's uuid and deletes it (and the documents only
    /// it used) when the portal created it, or just drops the tombstone (see docs/offline.md).
    case withdrawAdd = "withdraw-add"
    /// A tombstone for a document upload the user discarded while its request may have reached
    /// the portal (a sync was sending it): sync deletes the document when the portal made one
    /// (known from the answer, or found by the upload's title and uuid), or just drops the
    /// tombstone (see docs/offline.md).
    case withdrawUpload = "withdraw-upload"

    /// A new Liferay Objects entry, added by its client-made external reference code.
    case addEntry = "add-entry"
    /// An edit of an Objects entry (PATCH of the fields changed).
    case updateEntry = "update-entry"
    /// The deletion of an Objects entry.
    case deleteEntry = "delete-entry"

    /// A write of a Liferay Objects entry.
    public var isObjectEntry: Bool { self == .addEntry || self == .updateEntry || self == .deleteEntry }
}

/// Where a pending write is in its life (see docs/offline.md for the transitions).
public enum QueueState: String, Sendable, CaseIterable {
    /// Waiting to be sent.
    case dirty
    /// Claimed by a sender; recorded before the network call. Left here by a crash, it is retried.
    case sending
    /// The portal's record changed since the user's edit; waits for the user's choice.
    case conflict
    /// The portal refused it; retried after `retryAt`, or when the user asks.
    case failed
    /// The portal accepted it; kept until ``PendingQueue/purgeDone()``.
    case done

    /// States in which the write still has to reach the portal.
    public static let open: [QueueState] = [.dirty, .sending, .conflict, .failed]
}

/// One pending write, as stored.
public struct QueueItem: Sendable, Equatable, Identifiable {
    /// A UUID string naming the item for its whole life.
    public let queueId: String
    /// Position in the queue: strictly increasing, never reused.
    public let sequence: Int64
    /// What to do on the portal.
    public let operation: PendingOperation
    /// The collection the write belongs to (e.g. `DDLForm`, `ImageGallery`), for counts.
    public let collection: String
    /// Writes with the same subject (the same record or file entry) are sent in queue order, and a
    /// conflict holds back only later writes of its own subject.
    public let subject: String
    /// What to send: ids, values, base `modifiedDate`, upload metadata (see ``PayloadKey``).
    /// Placeholders for uploads this write waits for are replaced by their results once done.
    public let payload: JSONValue
    /// Generated when the write was created; sent as `serviceContext.uuid` so that a retry of a
    /// write that reached the portal never creates a second record.
    public let uuid: String
    /// Where it is in its life.
    public let state: QueueState
    /// How many times it was claimed for sending. Above 1, an earlier attempt may have reached
    /// the portal: look the write up by ``uuid`` before repeating it.
    public let attempts: Int
    /// The last error, as text (never holding credentials), for `termlets pending`.
    public let lastError: String?
    /// Not sent again before this time (backoff); `nil` means now (dirty) or when asked (failed).
    public let retryAt: Date?
    /// The portal's current value, for a conflict.
    public let portalValue: JSONValue?
    /// The portal's answer, once done.
    public let result: JSONValue?
    /// The cached entry that shows this write locally: dirty while queued, clean once done.
    public let linkedEntry: EntryAddress?
    /// The private copy of the file to upload.
    public let fileURL: URL?
    /// Queue ids of the uploads this write waits for (only those not done yet).
    public let dependsOn: [String]
    public let createdAt: Date
    public let updatedAt: Date
    /// Whether this item was found in `sending`, abandoned by a process that died, when claimed.
    public let wasInterrupted: Bool
    /// Whether an attempt may have reached the portal: any attempt but one that certainly sent
    /// nothing (a refused connection, or skipped while offline). Decides whether a discarded add
    /// can simply leave the queue or must become a `withdraw-add` tombstone.
    public var maybeDelivered: Bool = false

    public var id: String { queueId }
}
