import Screenlets
import Screens

extension BookmarksCommand {
    /// On a terminal, without `--format`, `--page` or `--all`: the bookmarks screen.
    var opensScreen: Bool { format == nil && !paging.isGiven && InteractiveScreen.isAvailable }

    /// The Bookmarks example list on the list screen (Esc quits).
    func runScreen() async throws {
        try await connection.withCacheReadingConnection(policy: offlinePolicy) { connection in
            guard connection.groupId > 0 else { throw CommandFailure(.input, "give --group-id (the site is unknown offline)") }
            let folder = FolderSummary(folderId: folderId, name: "Bookmarks folder \(folderId)")
            let spec = ScreenServices.bookmarksList(connection, groupId: connection.groupId, folder: folder, policy: offlinePolicy)
            let browser = PortalBrowser(
                services: ScreenServices.browser(connection), size: InteractiveScreen.currentSize(),
                status: ScreenServices.status(connection), start: .bookmarks(spec, breadcrumbs: [folder.name]))
            try await InteractiveScreen.run(browser)
        }
    }
}
