import BookmarksExample
import DDM
import Screenlets
import Screens
import TermUI

extension ListScreenSpec where Row == Bookmark {
    /// The Bookmarks example list (the `BookmarksExample` target) on the list screen, with the
    /// example's own renderer and the same list view code as the record list, its column titles in
    /// `locale`'s language. The browser opens it as any other list (``AnyListSpec``): Screens does
    /// not know the example.
    public static func bookmarks(
        folderName: String, layout: PageLayout = PageLayout(), locale: PortalLocale = .enUS,
        loader: @escaping @Sendable () -> any PageLoader<Bookmark>
    ) -> ListScreenSpec<Bookmark> {
        let columns = BookmarkRenderer().columns.map { column in
            ListColumn<Bookmark>(ListWords.columnTitle(column.title, locale), preferredWidth: column.preferredWidth, text: column.text)
        }
        var spec = ListScreenSpec(
            title: folderName, noun: ("bookmark", "bookmarks"), columns: columns, layout: layout, loader: { _ in loader() })
        spec.openNotice = { $0.url }
        spec.followsSync = false
        return spec
    }
}
