import DDM

/// What the form screenlet tells its host, named as Liferay Screens' DDL form events, plus
/// ``formQueued(queueId:)`` for a submit kept for sync (never reported as a success).
public enum FormEvent: Sendable, Equatable {
    /// The structure was parsed; the form can be drawn.
    case formLoaded(FormDataOrigin)
    /// The structure could not be loaded.
    case formLoadError(message: String)
    /// The record's values were applied (always after ``formLoaded(_:)``).
    case recordLoaded(recordId: Int64, origin: FormDataOrigin)
    /// The record could not be loaded.
    case recordLoadError(message: String)
    /// The portal accepted the record.
    case formSubmitted(recordId: Int64, workflowStatus: Int?)
    /// The submit failed; `invalidFields` lists the invalid field instances, in form order.
    case formSubmitError(message: String, invalidFields: [FormFieldKey])
    /// The record is kept in the offline queue under `queueId`, for sync to send.
    case formQueued(queueId: String)
    /// The upload of a document chosen for a field started.
    case documentUploadStarted(FormFieldKey)
    /// Bytes sent so far, of the total (in that order).
    case documentUploadProgress(FormFieldKey, bytesSent: Int64, totalBytes: Int64)
    /// The document is in the portal (`result`: the file entry), or queued offline (`queueId`,
    /// `result`: the placeholder the record carries).
    case documentUploaded(FormFieldKey, result: JSONValue, queueId: String?)
    /// The upload failed; a submit retries it.
    case documentUploadError(FormFieldKey, message: String)

    /// The field instance an upload event is about; nil for the others.
    public var uploadKey: FormFieldKey? {
        switch self {
        case .documentUploadStarted(let key), .documentUploadProgress(let key, _, _), .documentUploaded(let key, _, _),
            .documentUploadError(let key, _):
            return key
        default:
            return nil
        }
    }

    /// The same upload event about field instance `key` (where its instance is in another shape of
    /// the form); other events unchanged.
    public func aboutUpload(of key: FormFieldKey) -> FormEvent {
        switch self {
        case .documentUploadStarted: return .documentUploadStarted(key)
        case .documentUploadProgress(_, let sent, let total): return .documentUploadProgress(key, bytesSent: sent, totalBytes: total)
        case .documentUploaded(_, let result, let queueId): return .documentUploaded(key, result: result, queueId: queueId)
        case .documentUploadError(_, let message): return .documentUploadError(key, message: message)
        default: return self
        }
    }

    /// The event's name, as Liferay Screens names it.
    public var name: String {
        switch self {
        case .formLoaded: return "formLoaded"
        case .formLoadError: return "formLoadError"
        case .recordLoaded: return "recordLoaded"
        case .recordLoadError: return "recordLoadError"
        case .formSubmitted: return "formSubmitted"
        case .formSubmitError: return "formSubmitError"
        case .formQueued: return "formQueued"
        case .documentUploadStarted: return "documentUploadStarted"
        case .documentUploadProgress: return "documentUploadProgress"
        case .documentUploaded: return "documentUploaded"
        case .documentUploadError: return "documentUploadError"
        }
    }
}
