import DDM

/// Why the form screenlet refused or could not do something.
public enum FormScreenletError: Error, Sendable, CustomStringConvertible {
    /// The form is not loaded yet.
    case notLoaded
    /// `editable` is false: the record is read-only.
    case notEditable
    /// The attributes do not say what to load (no structureId nor recordSetId, no recordId…).
    case missingAttribute(String)
    /// The structure has no field of that name.
    case unknownField(String)
    /// A document was chosen for a field that does not hold documents.
    case notADocumentField(String)
    /// The chosen file does not exist or cannot be read.
    case unreadableFile(String)
    /// The chosen file cannot be uploaded: not a regular file, too large, or not an image for an
    /// image field (``OfflineStore/LocalUploadFile``); the message names the file.
    case refusedFile(String)
    /// The form has invalid values (in form order); nothing was sent.
    case invalid([FormValidationFailure])
    /// The structure or the record the portal (or the cache) gave cannot be read.
    case unreadable(String)
    /// A change of the model was refused (not repeatable, last instance…).
    case model(FormModelError)
    /// Documents wait in the offline queue, and the submit policy is `remote-only`.
    case uploadsQueued
    /// The record asked for belongs to another record set.
    case notInRecordSet(recordId: Int64, recordSetId: Int64)
    /// The record asked for is neither on the portal (reachable) nor in the cache.
    case recordUnavailable(recordId: Int64, reason: String)
    /// The values are those of the write already queued: nothing new to save.
    case nothingNew(queueId: String)
    /// The queued write is being sent right now; it cannot be changed until that finishes.
    case busySending(queueId: String)

    public var description: String {
        switch self {
        case .notLoaded: return "the form is not loaded"
        case .notEditable: return "the form is read-only"
        case .missingAttribute(let what): return "no \(what) given"
        case .unknownField(let name): return "the form has no field \(name)"
        case .notADocumentField(let name): return "field \(name) does not hold documents"
        case .unreadableFile(let path): return "\(path): no such file or not readable"
        case .refusedFile(let message): return message
        case .invalid(let failures):
            return failures.map { $0.message(in: .enUS, numbered: true) }
                .joined(separator: "; ")
        case .unreadable(let what): return what
        case .model(let error): return error.description
        case .uploadsQueued: return "documents wait in the offline queue: remote-only cannot send the record now"
        case .notInRecordSet(let recordId, let recordSetId): return "record \(recordId) is not in record set \(recordSetId)"
        case .recordUnavailable(let recordId, let reason):
            return "record \(recordId) cannot be shown: \(reason) (and it is not in the offline cache)"
        case .nothingNew: return "nothing new to save: these values are already queued for sync"
        case .busySending: return "the last save is being sent right now: save again in a moment"
        }
    }
}

/// What became of a submit that did not fail.
public enum FormSubmitOutcome: Sendable, Equatable {
    /// The portal accepted the record.
    case submitted(recordId: Int64, workflowStatus: Int?, added: Bool)
    /// The record is kept in the offline queue for sync.
    case queued(queueId: String)
    /// A local form's values were saved on this machine; `summary` says what changed or where.
    case saved(summary: String)
}
