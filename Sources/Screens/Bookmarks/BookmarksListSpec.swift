import Foundation
import Screenlets
import TermUI

/// The bookmarks screen's own row renderer: the entry's name and its address, shortened to the
/// host and path (the scheme says nothing in a terminal list), then the full URL.
public struct BookmarkScreenRenderer: ListRowRenderer {
    public init() {}
    public var columns: [ListColumn<Bookmark>] {
        [
            ListColumn("Name") { $0.name },
            ListColumn("Site") { Self.host(of: $0.url) },
            ListColumn("URL") { $0.url },
        ]
    }

    /// `https://example.com/runbook` → `example.com/runbook`.
    static func host(of url: String) -> String {
        guard let range = url.range(of: "://") else { return url }
        let rest = url[range.upperBound...]
        return String(rest.hasSuffix("/") ? rest.dropLast() : rest)
    }
}

extension ListScreenSpec where Row == Bookmark {
    /// The Bookmarks example list on the list screen: built only on the public custom list API
    /// (`ListRowRenderer`, `PageLoader`) and the same list view code as the record list.
    public static func bookmarks(
        folderName: String, renderer: BookmarkScreenRenderer = BookmarkScreenRenderer(), layout: PageLayout = PageLayout(),
        loader: @escaping @Sendable () -> any PageLoader<Bookmark>
    ) -> ListScreenSpec<Bookmark> {
        ListScreenSpec(
            title: folderName, noun: ("bookmark", "bookmarks"), columns: renderer.columns, layout: layout,
            loader: { _ in loader() })
    }
}
