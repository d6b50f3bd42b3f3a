import Foundation
import Screenlets
import Synchronization
import TermUI

/// How a row is marked in the list's gutter.
public enum RowMark: Hashable, Sendable {
    case none
    /// The row has edits the portal has not accepted yet.
    case dirty
    /// The row's pending edit conflicts with a newer version on the portal.
    case conflict
}

/// One choice of the sort key (`o`): a title and the order-by comparator class it sends.
public struct ListSortOption: Hashable, Sendable {
    public let title: String
    /// `nil` for the portal's default order.
    public let obcClassName: String?

    public init(_ title: String, obcClassName: String?) {
        self.title = title
        self.obcClassName = obcClassName
    }
}

/// What the list is asked for: the sort option chosen and whether only the user's own rows show.
public struct ListQuery: Hashable, Sendable {
    /// Index into ``ListScreenSpec/sortOptions`` (0 when there are none).
    public var sortIndex: Int
    /// Only the rows the signed-in user created (the creator filter, `userId`).
    public var mineOnly: Bool
    /// The text the portal searches for (lists that search on the server); nil: every row.
    public var search: String?

    public init(sortIndex: Int = 0, mineOnly: Bool = false, search: String? = nil) {
        self.sortIndex = sortIndex
        self.mineOnly = mineOnly
        self.search = search
    }
}

/// Everything the list screen needs to know about one kind of list: its columns, its marks, its
/// options, and how to get a page loader for a query. Built on the public custom list API
/// (`ListColumn`, `PageLoader`), so any custom list gets the same screen.
public struct ListScreenSpec<Row: Sendable>: Sendable {
    /// The list's name, e.g. "Issues" (the last breadcrumb).
    public var title: String
    /// The id of what is listed (the record set of a record list), for a parent opening rows.
    public var ownerId: Int64?
    /// Set when the rows are entries of this Liferay Objects definition (not records of a set).
    public var objectDefinitionId: Int64?
    /// What a row is, singular and plural, e.g. ("record", "records").
    public var noun: (singular: String, plural: String)
    /// The columns, left to right; they share the width (after ``leadingColumnWidth``).
    public var columns: [ListColumn<Row>] {
        didSet { layouts = ColumnLayoutMemo() }
    }
    /// A fixed width for the first column (e.g. 8 for record ids); nil shares it like the others.
    public var leadingColumnWidth: Int? {
        didSet { layouts = ColumnLayoutMemo() }
    }
    /// The columns laid out for the last width asked: ``tableColumns(width:)``.
    private var layouts = ColumnLayoutMemo()
    /// The gutter mark of a loaded row.
    public var mark: @Sendable (Row) -> RowMark
    /// Whether `row` matches the search text (default: a column contains it, ignoring case and accents).
    public var matches: (@Sendable (Row, String) -> Bool)?
    /// The sort choices; empty when the list cannot be sorted.
    public var sortOptions: [ListSortOption]
    /// Whether the creator filter (`mineOnly`) applies to this list.
    public var filtersByCreator: Bool
    /// Whether `n` starts a new row (records: yes; bookmarks: no).
    public var canCreate: Bool
    /// Whether `d` (pressed twice on the same row) asks the parent to delete the row (object entries).
    public var canDelete = false
    /// Whether `/` asks the portal (``ListQuery/search``, a new loader) instead of finding among
    /// the loaded rows (object entries: Liferay's `search` parameter).
    public var searchesOnServer = false
    /// What opening a row shows in the message area, for lists whose rows open nothing else
    /// (bookmarks: the URL); nil: Enter asks the parent to open the row.
    public var openNotice: (@Sendable (Row) -> String)?
    /// Whether automatic sync's reports show in the list and reload it (records: yes; bookmarks: no).
    public var followsSync = true
    /// The page sizes the loader uses.
    public var layout: PageLayout
    /// Whether the loader's answers bring the pages after the one asked for (it reads ahead):
    /// the list then waits for them instead of asking for each
    /// (``PaginationConfiguration/loadsBringFollowingPages``).
    public var loadsBringFollowingPages = false
    /// A page loader for a query (a new one when the sort or the filter changes).
    public var loader: @Sendable (ListQuery) -> any PageLoader<Row> {
        didSet { loaders = LoaderMemo() }
    }
    /// The loader made last, with its query: ``loader(for:)``.
    private var loaders = LoaderMemo<Row>()

    public init(
        title: String, ownerId: Int64? = nil, noun: (singular: String, plural: String) = ("row", "rows"),
        columns: [ListColumn<Row>],
        leadingColumnWidth: Int? = nil, mark: @escaping @Sendable (Row) -> RowMark = { _ in .none }, matches: (@Sendable (Row, String) -> Bool)? = nil,
        sortOptions: [ListSortOption] = [], filtersByCreator: Bool = false, canCreate: Bool = false,
        layout: PageLayout = PageLayout(), loader: @escaping @Sendable (ListQuery) -> any PageLoader<Row>
    ) {
        self.title = title
        self.ownerId = ownerId
        self.noun = noun
        self.columns = columns
        self.leadingColumnWidth = leadingColumnWidth
        self.mark = mark
        self.matches = matches
        self.sortOptions = sortOptions
        self.filtersByCreator = filtersByCreator
        self.canCreate = canCreate
        self.layout = layout
        self.loader = loader
    }

    /// `loader(query)`, made once per query: every page of a list asks for its loader, and
    /// making one (its source, cache key, label memos) was a twentieth of a page down's main
    /// thread (issue 17).
    func loader(for query: ListQuery) -> any PageLoader<Row> {
        loaders.loader(for: query, making: loader)
    }

    /// The columns laid out across `width`, worked out again only when the width changes (every
    /// frame draws them).
    func tableColumns(width: Int) -> TableColumns {
        layouts.columns(width: width) { TableColumns(spec: self, width: $0) }
    }

    /// Whether `row` matches `text` (trimmed; empty matches nothing).
    func row(_ row: Row, matches text: String) -> Bool {
        let needle = text.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return false }
        if let matches { return matches(row, needle) }
        return columns.contains { $0.text(row).range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }
}

/// The page loader made last for a list, and the query it was made for.
private final class LoaderMemo<Row: Sendable>: Sendable {
    private let last = Mutex<(query: ListQuery, loader: any PageLoader<Row>)?>(nil)

    func loader(for query: ListQuery, making make: (ListQuery) -> any PageLoader<Row>) -> any PageLoader<Row> {
        if let kept = last.withLock({ $0 }), kept.query == query { return kept.loader }
        let made = make(query)
        last.withLock { $0 = (query, made) }
        return made
    }
}

/// A list's columns laid out for the last width asked, and that width.
private final class ColumnLayoutMemo: Sendable {
    private let last = Mutex<(width: Int, columns: TableColumns)?>(nil)

    func columns(width: Int, making make: (Int) -> TableColumns) -> TableColumns {
        if let kept = last.withLock({ $0 }), kept.width == width { return kept.columns }
        let made = make(width)
        last.withLock { $0 = (width, made) }
        return made
    }
}
