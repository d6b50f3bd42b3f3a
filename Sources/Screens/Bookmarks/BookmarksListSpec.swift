import BookmarksExample
import Screenlets
import TermUI

extension ListScreenSpec where Row == Bookmark {
    /// The Bookmarks example list (the `BookmarksExample` target) on the list screen, with the
    /// example's own renderer and the same list view code as the record list.
    public static func bookmarks(
        folderName: String, layout: PageLayout = PageLayout(), loader: @escaping @Sendable () -> any PageLoader<Bookmark>
    ) -> ListScreenSpec<Bookmark> {
        ListScreenSpec(
            title: folderName, noun: ("bookmark", "bookmarks"), columns: BookmarkRenderer().columns, layout: layout,
            loader: { _ in loader() })
    }
}
