import Screenlets
import TermUI

/// What the browser asks for when a record is opened or a new one started: the form screen of
/// `recordSetId`, for `recordId` (nil: a new record), at the terminal's size, with the status.
public struct FormRequest: Equatable, Sendable {
    public let recordSetId: Int64
    /// The record to edit; nil for a new record.
    public let recordId: Int64?
    public let size: Size
    public let status: ConnectionStatus
    /// Set when the record is an entry of this Liferay Objects definition (`recordSetId` is then
    /// the definition's id too, `recordId` the entry's).
    public let objectDefinitionId: Int64?
    /// The site the list was opened in (an object entry is added there); nil: the session's.
    public let groupId: Int64?

    public init(
        recordSetId: Int64, recordId: Int64?, size: Size, status: ConnectionStatus, objectDefinitionId: Int64? = nil,
        groupId: Int64? = nil
    ) {
        self.objectDefinitionId = objectDefinitionId
        self.groupId = groupId
        self.recordSetId = recordSetId
        self.recordId = recordId
        self.size = size
        self.status = status
    }

    /// The size and status the form screen starts with.
    public var screen: Screen { Screen(size: size, status: status) }

    /// What any screen the browser opens starts with: the terminal's size and the status.
    public struct Screen: Equatable, Sendable {
        public let size: Size
        public let status: ConnectionStatus

        public init(size: Size, status: ConnectionStatus) {
            self.size = size
            self.status = status
        }
    }
}

/// What the browser asks for when an image folder is opened: the gallery screen of `folder` in
/// `site`, at the terminal's size, with the status.
public struct GalleryRequest: Equatable, Sendable {
    public let site: SiteSummary
    public let folder: FolderSummary
    public let size: Size
    public let status: ConnectionStatus

    public init(site: SiteSummary, folder: FolderSummary, size: Size, status: ConnectionStatus) {
        self.site = site
        self.folder = folder
        self.size = size
        self.status = status
    }
}
