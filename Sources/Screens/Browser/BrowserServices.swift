import Screenlets
import TermUI

/// What the portal browser needs from the program: the sites and their contents (the
/// Screenlets `SiteContentsLoader`), a record list per record set, a bookmarks list per folder,
/// the pending count and the sync view's services. The browser itself does no I/O.
public struct BrowserServices: Sendable {
    /// The user's sites (marked when they come from the cache).
    public var sites: @Sendable () async throws -> SiteList
    public var contents: @Sendable (SiteSummary) async throws -> SiteContents
    /// The record list of a record set (its label fields come from the structure).
    public var recordList: @Sendable (SiteSummary?, RecordSetSummary) async throws -> ListScreenSpec<DDLListRow>
    /// Deletes entry `entryId` of object definition `definitionId` (in site `groupId`); true when
    /// the delete was queued for sync instead of sent; nil: entries cannot be deleted.
    public var deleteEntry: (@Sendable (_ definitionId: Int64, _ entryId: Int64, _ groupId: Int64?) async throws -> Bool)?
    /// The record list of an object definition's entries in a site; nil: objects cannot be opened.
    public var objectList: (@Sendable (SiteSummary?, ObjectSetSummary) async throws -> ListScreenSpec<DDLListRow>)?
    /// The bookmarks list of a folder (a list of the program's rows: the Bookmarks example's).
    public var bookmarksList: @Sendable (SiteSummary, FolderSummary) -> AnyListSpec
    /// Writes waiting in the offline queue.
    public var pendingCount: @Sendable () async -> Int
    /// The sync view's services; nil hides the sync view.
    public var sync: SyncServices?
    /// The form screen of a record (or a new one); nil: records cannot be opened.
    public var openForm: (@Sendable (FormRequest) async throws -> FormScreen)?
    /// The gallery screen of an image folder; nil: image folders cannot be opened.
    public var openGallery: (@Sendable (GalleryRequest) async throws -> GalleryScreen)?
    /// The settings screen and the look it chooses; nil hides the settings.
    public var settings: SettingsServices?
    /// What automatic sync did, report by report; nil when nothing syncs on its own.
    public var autoSync: AutoSyncServices?

    public init(
        sites: @escaping @Sendable () async throws -> SiteList,
        contents: @escaping @Sendable (SiteSummary) async throws -> SiteContents,
        recordList: @escaping @Sendable (SiteSummary?, RecordSetSummary) async throws -> ListScreenSpec<DDLListRow>,
        bookmarksList: @escaping @Sendable (SiteSummary, FolderSummary) -> AnyListSpec,
        pendingCount: @escaping @Sendable () async -> Int = { 0 },
        sync: SyncServices? = nil,
        openForm: (@Sendable (FormRequest) async throws -> FormScreen)? = nil,
        openGallery: (@Sendable (GalleryRequest) async throws -> GalleryScreen)? = nil,
        settings: SettingsServices? = nil,
        autoSync: AutoSyncServices? = nil,
        objectList: (@Sendable (SiteSummary?, ObjectSetSummary) async throws -> ListScreenSpec<DDLListRow>)? = nil
    ) {
        self.objectList = objectList
        self.sites = sites
        self.contents = contents
        self.recordList = recordList
        self.bookmarksList = bookmarksList
        self.pendingCount = pendingCount
        self.sync = sync
        self.openForm = openForm
        self.openGallery = openGallery
        self.settings = settings
        self.autoSync = autoSync
    }
}

/// What the browser's settings need from the program: the settings screen (a form screen on
/// ``SettingsForm``), and the browser's theme as the stored settings name it, asked for again
/// after each save so the new look applies at once.
public struct SettingsServices: Sendable {
    public var open: @Sendable (FormRequest.Screen) async throws -> FormScreen
    public var theme: @Sendable () async -> Theme

    public init(open: @escaping @Sendable (FormRequest.Screen) async throws -> FormScreen,
                theme: @escaping @Sendable () async -> Theme) {
        self.open = open
        self.theme = theme
    }
}
