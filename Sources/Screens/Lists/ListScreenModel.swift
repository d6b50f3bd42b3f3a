import Screenlets
import TermUI

/// The search in a list: the prompt while typing, then the matches among the loaded rows.
public struct ListSearch: Equatable, Sendable {
    /// The prompt, while the user types (nil otherwise).
    public var editor: TextInput?
    /// The text searched for ("" when no search is active).
    public var text = ""
    /// The loaded rows that match, in order.
    public var matches: [Int] = []
    /// Whether a search is active (results shown, `n`/`N` move between them).
    public var isActive: Bool { !text.isEmpty }
}

extension ListScreen {
    /// The list's state: the engine (rows, pages, refresh), the cursor and scroll position, the
    /// search, the overlay and the outcome for a parent.
    public struct Model: Equatable, Sendable {
        /// The pagination engine: which rows are loaded, placeholders, failures, refresh.
        public internal(set) var engine: PaginationEngine<Row>
        /// Bumped whenever the engine handled a message that can change the frame (the engine itself
        /// is not `Equatable`): every message but a page that arrived wholly off screen
        /// (`ListScreenShownEngine`), so equal models draw the same frame, not hold the same rows.
        public internal(set) var engineRevision = 0
        /// Bumped when the query changes; answers for an older query are dropped.
        public internal(set) var epoch = 0
        public internal(set) var cursor = 0
        var scroll: TermUI.ScrollWindow
        public internal(set) var size: Size
        public internal(set) var query: ListQuery
        public internal(set) var search = ListSearch()
        public internal(set) var showsHelp = false
        /// The left part of the status line.
        public internal(set) var message = ""
        public internal(set) var status: ConnectionStatus
        public internal(set) var breadcrumbs: [String]
        /// Set when the parent should act; the parent clears it with ``clearOutcome()``.
        public internal(set) var outcome: Outcome?
        /// The row a first `d` asked to delete; a second `d` on it confirms, any other command forgets it.
        var deleteArmed: Int?

        init(spec: ListScreenSpec<Row>, size: Size, status: ConnectionStatus, query: ListQuery, breadcrumbs: [String]) {
            var configuration = PaginationConfiguration(layout: spec.layout)
            configuration.loadsBringFollowingPages = spec.loadsBringFollowingPages
            engine = PaginationEngine(configuration: configuration)
            self.size = size
            self.status = status
            self.query = query
            self.breadcrumbs = breadcrumbs
            scroll = TermUI.ScrollWindow(height: ListScreenLayout(size: size).body.height)
        }

        public static func == (lhs: Model, rhs: Model) -> Bool { lhs.snapshot == rhs.snapshot }

        /// Everything equality compares: the model but its engine, whose pages it does not share
        /// (``ListScreen/snapshot(of:)``).
        public var snapshot: Snapshot {
            Snapshot(engineRevision: engineRevision, epoch: epoch, cursor: cursor, scroll: scroll, size: size, query: query,
                     search: search, showsHelp: showsHelp, message: message, status: status, breadcrumbs: breadcrumbs,
                     outcome: outcome)
        }

        /// See ``snapshot``.
        public struct Snapshot: Equatable, Sendable {
            let engineRevision: Int
            let epoch: Int
            let cursor: Int
            let scroll: TermUI.ScrollWindow
            let size: Size
            let query: ListQuery
            let search: ListSearch
            let showsHelp: Bool
            let message: String
            let status: ConnectionStatus
            let breadcrumbs: [String]
            let outcome: Outcome?
        }

        /// The parent handled the outcome.
        public mutating func clearOutcome() { outcome = nil }

        /// Rows to lay out: the engine's display count (one loading row before page 0).
        public var rowCount: Int { engine.displayRowCount }

        /// The first visible row.
        public var firstVisibleRow: Int { scroll.firstRow }

        /// Where keys are looked up, most specific first.
        var keyContexts: [KeyContext] { search.isActive ? [.listSearch, .list, .global] : [.list, .global] }
    }
}

/// Where the parts of the list screen go: title, header, body, status line, help line.
struct ListScreenLayout {
    let title: Rect
    let header: Rect
    let body: Rect
    let status: Rect
    let help: Rect

    init(size: Size) {
        let bounds = Rect(size: size)
        let (title, afterTitle) = bounds.splitTop(1)
        let (header, afterHeader) = afterTitle.splitTop(1)
        let (body, footer) = afterHeader.splitBottom(2)
        let (status, help) = footer.splitTop(1)
        (self.title, self.header, self.body, self.status, self.help) = (title, header, body, status, help)
    }
}
