/// One upload of the visible upload queue.
public struct UploadItem: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        /// Behind another upload.
        case waiting
        /// Bytes sent so far of the total.
        case sending(sent: Int64, total: Int64)
        /// On the portal.
        case done
        /// The portal could not be reached: kept in the offline queue for sync.
        case pending
        /// Refused or failed: why.
        case failed(String)
        /// Cancelled by the user: nothing of it is queued.
        case cancelled
    }

    /// The number the screenlet gave it (uploads run in this order).
    public var number: Int
    public var fileName: String
    public var title: String
    public var state: State

    public init(number: Int, fileName: String, title: String, state: State = .waiting) {
        self.number = number
        self.fileName = fileName
        self.title = title
        self.state = state
    }

    /// Still to be sent or being sent.
    public var isActive: Bool {
        switch state {
        case .waiting, .sending: return true
        default: return false
        }
    }
}
