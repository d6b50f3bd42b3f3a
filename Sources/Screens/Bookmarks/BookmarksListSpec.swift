import BookmarksExample
import DDM
import Screenlets
import TermUI

extension ListScreenSpec where Row == Bookmark {
    /// The Bookmarks example list (the `BookmarksExample` target) on the list screen, with the
    /// example's own renderer and the same list view code as the record list; its column titles in
    /// `locale`'s language.
    public static func bookmarks(
        folderName: String, layout: PageLayout = PageLayout(), locale: PortalLocale = .enUS,
        loader: @escaping @Sendable () -> any PageLoader<Bookmark>
    ) -> ListScreenSpec<Bookmark> {
        let columns = BookmarkRenderer().columns.map { column in
            ListColumn<Bookmark>(ListWords.columnTitle(column.title, locale), preferredWidth: column.preferredWidth, text: column.text)
        }
        return ListScreenSpec(
            title: folderName, noun: ("bookmark", "bookmarks"), columns: columns, layout: layout, loader: { _ in loader() })
    }
}
