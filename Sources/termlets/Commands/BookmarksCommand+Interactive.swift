import BookmarksExample
import DDM
import Screenlets
import Screens

extension BookmarksCommand {
    /// On a terminal, without `--format`, `--page`, `--all` or `--events`: the bookmarks screen.
    var opensScreen: Bool { format == nil && events == nil && !plain && !paging.isGiven && InteractiveScreen.isAvailable }

    /// The Bookmarks example list on the list screen (Esc quits).
    func runScreen() async throws {
        try await connection.withCacheReadingConnection(policy: offlinePolicy, probed: true) { connection in
            guard connection.groupId > 0 else { throw CommandFailure(.input, "give --group-id (the site is unknown offline)") }
            let folder = FolderSummary(folderId: folderId, name: await folderName(connection))
            let spec = ScreenServices.bookmarksList(connection, groupId: connection.groupId, folder: folder, policy: offlinePolicy)
            try await InteractiveBrowser.run(connection, start: .list(AnyListSpec(spec), breadcrumbs: [folder.name]))
        }
    }

    /// The folder's name when the portal answers (its top folders are listed), else its id.
    private func folderName(_ connection: CacheReadingConnection) async -> String {
        let fallback = folderId == 0 ? "Bookmarks" : "Bookmarks folder \(folderId)"
        guard connection.online != nil, folderId != 0,
            let folders = try? await connection.session.bookmarkFolders(groupId: connection.groupId, parentFolderId: 0)
        else { return fallback }
        return folders.first { $0.folderId == folderId }.map { LocalizedXMLText.resolve($0.name, locale: .enUS) } ?? fallback
    }
}
