import BookmarksExample
import Screenlets
import Screens
import TermUI

extension ListScreenSpec where Row == Bookmark {
    /// The Bookmarks example list (the `BookmarksExample` target) on the list screen, with the
    /// example's own renderer and the same list view code as the record list. The browser opens
    /// it as any other list (``AnyListSpec``): Screens does not know the example.
    public static func bookmarks(
        folderName: String, layout: PageLayout = PageLayout(), loader: @escaping @Sendable () -> any PageLoader<Bookmark>
    ) -> ListScreenSpec<Bookmark> {
        var spec = ListScreenSpec(
            title: folderName, noun: ("bookmark", "bookmarks"), columns: BookmarkRenderer().columns, layout: layout,
            loader: { _ in loader() })
        spec.openNotice = { $0.url }
        spec.followsSync = false
        return spec
    }
}
