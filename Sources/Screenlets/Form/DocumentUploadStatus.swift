import DDM

/// Where the upload of a document chosen for a field stands.
public enum DocumentUploadStatus: Sendable, Equatable {
    /// Chosen, not started yet.
    case pending
    /// Being sent: bytes sent so far, of the total.
    case uploading(sent: Int64, total: Int64)
    /// In the portal.
    case uploaded(DocumentReference)
    /// Failed; a submit retries it.
    case failed(reason: String)
    /// The portal could not be reached: the file waits in the queue; the record depends on it.
    case queuedOffline(queueId: String)

    /// Whether the upload is still going on.
    public var isRunning: Bool {
        switch self {
        case .pending, .uploading: return true
        default: return false
        }
    }
}
