extension PaginationEngine {
    /// Issues loads for the wanted pages that are neither loaded, loading nor backing off, within
    /// the concurrency bound; evicts far pages; asks for a wake-up when a backoff will expire.
    ///
    /// Prefetches leave one of the ``PaginationConfiguration/maximumConcurrentLoads`` slots free
    /// (when there are two or more), so a page that turns visible never waits behind them.
    mutating func plan(at now: ContinuousClock.Instant, into effects: inout [PaginationEffect<Row>]) {
        guard isStarted else { return }
        let (urgent, prefetch) = wantedPages()
        let limit = configuration.maximumConcurrentLoads
        let prefetchLimit = limit > 1 ? limit - 1 : limit
        var nextRetry: ContinuousClock.Instant?
        // Reading down with a loader whose answers bring the pages after them, a page right after
        // one on its way comes with it.
        let waitsForPageBefore = configuration.loadsBringFollowingPages && motion.direction >= 0
        let candidates = urgent.count + prefetch.count
        var index = 0
        while index < candidates {
            defer { index += 1 }
            let isUrgent = index < urgent.count
            let page = isUrgent ? urgent[index] : prefetch[index - urgent.count]
            guard inFlight.count < (isUrgent ? limit : prefetchLimit) else { continue }
            guard inFlight[page] == nil, pages[page]?.generation != generation else { continue }
            if !isUrgent, waitsForPageBefore, inFlight[page - 1] != nil { continue }
            if let failure = failures[page], failure.retryAt > now {
                nextRetry = min(nextRetry ?? failure.retryAt, failure.retryAt)
                continue
            }
            let ticket = LoadTicket(generation: generation, request: PageRequest(page: page, layout: layout, isRefresh: isRefreshing),
                                    issuedAt: now)
            inFlight[page] = ticket
            effects.append(.load(ticket))
        }
        evictFarPages()
        if let nextRetry, nextRetry != scheduledWake {
            scheduledWake = nextRetry
            effects.append(.wake(at: nextRetry))
        }
    }

    /// The pages the list wants in memory: those on screen (the cursor's first), then prefetches,
    /// nearest first.
    func wantedPages() -> (urgent: [Int], prefetch: [Int]) {
        if mode == .awaitingFirstPage { return ([0], []) }
        let visible = visiblePages()
        if isRefreshing { return (unique([0] + visible), []) }
        switch configuration.strategy {
        case .reference:
            return (referencePages(), [])
        case .ahead(let policy):
            return (visible, prefetchPages(policy: policy, around: visible))
        }
    }

    /// The pages with a row on screen, the cursor's first.
    func visiblePages() -> [Int] {
        let viewport = self.viewport ?? ListWindow(firstRow: 0, visibleCount: 1, cursor: 0)
        guard let covered = layout.pages(covering: visibleRows) else { return [] }
        let cursorPage = layout.page(forRow: viewport.cursor)
        var pages: [Int] = []
        pages.reserveCapacity(covered.count)
        if covered.contains(cursorPage) { pages.append(cursorPage) }
        var page = covered.lowerBound
        while page <= covered.upperBound {
            if page != cursorPage { pages.append(page) }
            page += 1
        }
        return pages
    }

    /// Liferay Screens' rule: the pages of the placeholders (and error rows) on screen, and in
    /// stream mode the next page once the last row is on screen; nothing more.
    private func referencePages() -> [Int] {
        let rows = visibleRows
        var pages = rows.compactMap { row(at: $0).row == nil ? layout.page(forRow: $0) : nil }
        if moreRows, rowCount > 0, rows.contains(rowCount - 1) { pages.append(layout.page(forRow: rowCount)) }
        return unique(pages)
    }

    /// Pages ahead of the viewport in the direction of travel, then a few behind it.
    private func prefetchPages(policy: PrefetchPolicy, around visible: [Int]) -> [Int] {
        guard let low = visible.min(), let high = visible.max() else { return [] }
        let ahead = policy.pagesAhead(rowsPerSecond: motion.rowsPerSecond, latency: motion.latency,
                                      pageSize: layout.pageSize)
        let forward = motion.direction >= 0
        let leading = forward ? high : low
        let trailing = forward ? low : high
        let step = forward ? 1 : -1
        var pages: [Int] = []
        pages.reserveCapacity(ahead + policy.pagesBehind)
        for distance in stride(from: 1, through: ahead, by: 1) where isAddressable(leading + step * distance) {
            pages.append(leading + step * distance)
        }
        for distance in stride(from: 1, through: policy.pagesBehind, by: 1) where isAddressable(trailing - step * distance) {
            pages.append(trailing - step * distance)
        }
        return pages
    }

    /// Whether `page` may hold rows: it starts before the end, or it is the next page of a list
    /// that may have more rows.
    func isAddressable(_ page: Int) -> Bool {
        guard page >= 0 else { return false }
        let start = layout.firstRow(ofPage: page)
        return start < rowCount || (moreRows && start == rowCount)
    }

    /// The most pages kept: the configured window, but never less than the viewport plus the
    /// largest prefetch need, so pages being prefetched are not evicted before they are read.
    var pageRetentionLimit: Int {
        let viewport = self.viewport ?? ListWindow(firstRow: 0, visibleCount: 1, cursor: 0)
        let visible = viewport.visibleCount / max(1, layout.pageSize) + 2
        switch configuration.strategy {
        case .reference:
            return max(configuration.retainedPages, visible)
        case .ahead(let policy):
            return max(configuration.retainedPages, visible + policy.maximumPagesAhead + policy.pagesBehind)
        }
    }

    /// Drops the pages (and failures) farthest from the viewport beyond ``pageRetentionLimit``.
    ///
    /// Pages behind the viewport (against the direction of travel) beyond the prefetch policy's
    /// ``PrefetchPolicy/pagesBehind`` go first: a reader paging on needs what is ahead, and a
    /// rows call that brings many pages after its own (``PageReadAhead``) must not see the far
    /// ones dropped as they arrive, to be decoded again when reached (issue 17).
    private mutating func evictFarPages() {
        let limit = pageRetentionLimit
        guard pages.count > limit || failures.count > limit else { return }
        let visible = visiblePages()
        let low = visible.min() ?? 0
        let high = visible.max() ?? 0
        let forward = motion.direction >= 0
        let keptBehind: Int
        if case .ahead(let policy) = configuration.strategy { keptBehind = policy.pagesBehind } else { keptBehind = limit }
        // Distance from the viewport; ties go to the page ahead in the direction of travel, and
        // pages behind beyond those kept are farther than any page ahead.
        func distance(_ page: Int) -> Int {
            let (gap, isBehind): (Int, Bool)
            if page < low {
                (gap, isBehind) = (low - page, forward)
            } else if page > high {
                (gap, isBehind) = (page - high, !forward)
            } else {
                return 0
            }
            return gap * 2 + (isBehind ? 1 : 0) + (isBehind && gap > keptBehind ? 4 * limit : 0)
        }
        while pages.count > limit, let farthest = pages.keys.max(by: { distance($0) < distance($1) }) {
            pages[farthest] = nil
        }
        while failures.count > limit, let farthest = failures.keys.max(by: { distance($0) < distance($1) }) {
            failures[farthest] = nil
        }
    }

    /// `pages` without repeats, in order (the lists are a few dozen pages at most).
    private func unique(_ pages: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(pages.count)
        for page in pages where !result.contains(page) { result.append(page) }
        return result
    }
}
