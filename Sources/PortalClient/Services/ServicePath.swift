import DDM
/// Where a service lives: portal core services have no context prefix; services that became
/// modules in 7.x gain one (`/ddl.`, `/ddm.`, `/bookmarks.`, `/screens.`); the Screens plugin is
/// `/screens-web.` on 6.2.
enum ServiceModule: Sendable {
    case core, ddl, ddm, bookmarks, screens

    func prefix(_ version: PortalVersion) -> String {
        switch (self, version) {
        case (.core, _), (.ddl, .v62), (.ddm, .v62), (.bookmarks, .v62): return ""
        case (.ddl, .v7): return "ddl."
        case (.ddm, .v7): return "ddm."
        case (.bookmarks, .v7): return "bookmarks."
        case (.screens, .v62): return "screens-web."
        case (.screens, .v7): return "screens."
        }
    }

    /// `/<prefix><service>/<method>`.
    func path(_ service: String, _ method: String, _ version: PortalVersion) -> String {
        "/" + prefix(version) + service + "/" + method
    }
}

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
