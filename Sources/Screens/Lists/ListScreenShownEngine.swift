import Screenlets
import TermUI

/// What the list screen's frame reads from its pagination engine, compared before and after a page
/// arrives: a page that lands wholly off screen and changes none of it needs no new frame (issue
/// 17: the page prefetched ahead of the cursor arrives after every PgDn).
struct ListScreenShownEngine: Equatable {
    /// How a page on screen is shown.
    enum Page: Equatable {
        case absent
        case loaded(stale: Bool)
        case failed
    }

    let mode: ListMode
    let rowCount: Int
    let displayRowCount: Int
    let moreRows: Bool
    let isRefreshing: Bool
    let failedPages: [Int]
    /// The pages under the visible rows, in order.
    let visiblePages: [Page]

    init<Row>(_ model: ListScreen<Row>.Model) {
        let engine = model.engine
        mode = engine.mode
        rowCount = engine.rowCount
        displayRowCount = engine.displayRowCount
        moreRows = engine.moreRows
        isRefreshing = engine.isRefreshing
        failedPages = engine.failedPages
        var pages: [Page] = []
        if let covered = engine.layout.pages(covering: model.scroll.visibleRows(rowCount: model.rowCount)) {
            for page in covered {
                switch engine.row(at: engine.layout.firstRow(ofPage: page)) {
                case .loaded(_, let stale): pages.append(.loaded(stale: stale))
                case .failed: pages.append(.failed)
                case .placeholder, .beyondEnd: pages.append(.absent)
                }
            }
        }
        visiblePages = pages
    }

    /// Whether `message`, handled by the engine, can have changed the frame: anything but a page
    /// that arrived wholly off screen leaving every page on screen (loaded, stale, failed or not)
    /// and the list's length and state as they were. Such an arrival only adds rows off screen or
    /// drops pages (its merge and the planning after it insert no other page), which the pages on
    /// screen and the counts compared here would show.
    static func mayChangeFrame<Row>(
        _ message: PaginationMessage<Row>, before: ListScreenShownEngine?, after model: ListScreen<Row>.Model
    ) -> Bool {
        guard let before, case .pageLoaded(let ticket, let response) = message else { return true }
        let visible = model.scroll.visibleRows(rowCount: model.rowCount)
        let layout = model.engine.layout
        let first = ticket.request.page
        // The pages that came with it (read ahead) count as arrived too.
        let arrived = layout.firstRow(ofPage: first)..<layout.rows(ofPage: first + response.followingPages.count).upperBound
        if arrived.overlaps(visible) { return true }
        return ListScreenShownEngine(model) != before
    }
}
