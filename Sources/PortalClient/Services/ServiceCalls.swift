import DDM

/// The call builders for one portal version, by service family.
public struct ServiceCalls: Sendable, Hashable {
    public let version: PortalVersion
    public init(version: PortalVersion) { self.version = version }

    public var users: UserCalls { UserCalls(version: version) }
    public var groups: GroupCalls { GroupCalls(version: version) }
    public var portal: PortalInfoCalls { PortalInfoCalls(version: version) }
    public var recordSets: DDLRecordSetCalls { DDLRecordSetCalls(version: version) }
    public var records: DDLRecordCalls { DDLRecordCalls(version: version) }
    public var screensRecords: ScreensDDLRecordCalls { ScreensDDLRecordCalls(version: version) }
    public var structures: DDMStructureCalls { DDMStructureCalls(version: version) }
    public var documents: DLAppCalls { DLAppCalls(version: version) }
    public var bookmarks: BookmarksCalls { BookmarksCalls(version: version) }
}
