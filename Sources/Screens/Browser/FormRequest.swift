import TermUI

/// What the browser asks for when a record is opened or a new one started: the form screen of
/// `recordSetId`, for `recordId` (nil: a new record), at the terminal's size, with the status.
public struct FormRequest: Equatable, Sendable {
    public let recordSetId: Int64
    /// The record to edit; nil for a new record.
    public let recordId: Int64?
    public let size: Size
    public let status: ConnectionStatus

    public init(recordSetId: Int64, recordId: Int64?, size: Size, status: ConnectionStatus) {
        self.recordSetId = recordSetId
        self.recordId = recordId
        self.size = size
        self.status = status
    }
}
