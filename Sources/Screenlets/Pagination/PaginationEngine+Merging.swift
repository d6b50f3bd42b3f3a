extension PaginationEngine {
    /// Merges a page into the list, adjusting the row count when the page disagrees with it.
    ///
    /// - The first page 0 (and a refresh's) decides the mode: fluent with a count, stream without;
    ///   any later page 0 that brings a count updates it.
    /// - A page never contributes more rows than it holds (extra rows are cut off).
    /// - A short page ends the list there: the count shrinks (rows were deleted since it was
    ///   computed) or grows to exactly that row, and pages after it are dropped.
    /// - A full page reaching past the count grows the list and lets it look for more rows.
    /// - A page starting past the end of the list (the list shrank meanwhile) is dropped.
    mutating func merge(_ response: PageResponse<Row>, for ticket: LoadTicket,
                        into effects: inout [PaginationEffect<Row>]) {
        let page = ticket.request.page
        let start = layout.firstRow(ofPage: page)
        let capacity = layout.capacity(ofPage: page)
        let rows = response.rows.count > capacity ? Array(response.rows.prefix(capacity)) : response.rows
        let previousCount = rowCount

        if page == 0 && (mode == .awaitingFirstPage || isRefreshing) {
            if let count = response.rowCount, ticket.request.computeRowCount {
                mode = .fluent
                rowCount = max(0, count)
                moreRows = false
            } else {
                mode = .stream
                rowCount = 0
                moreRows = true
            }
        } else if page == 0, ticket.request.computeRowCount, let count = response.rowCount {
            // A later page 0 (reloaded after eviction, or the portal's answer after an early one
            // from the cache) brings a fresh count.
            mode = .fluent
            rowCount = max(0, count)
            moreRows = false
        } else if start > rowCount {
            return
        }

        if rows.count < capacity {
            rowCount = start + rows.count
            moreRows = false
            pages = pages.filter { $0.key <= page }
            failures = failures.filter { $0.key <= page }
        } else if start + rows.count > rowCount {
            rowCount = start + rows.count
            moreRows = true
        }

        failures[page] = nil
        if rows.isEmpty {
            pages[page] = nil
        } else {
            pages[page] = LoadedPage(rows: rows, provenance: response.provenance, generation: generation)
        }

        if isRefreshing && page == 0 {
            isRefreshing = false
            // The new generation replaces the old rows; those still being reloaded stay until
            // their new version lands, so the viewport does not flash placeholders.
            pages = pages.filter { $0.value.generation == generation || inFlight[$0.key] != nil }
            effects.append(.emit(.refreshFinished(succeeded: true)))
        }
        effects.append(.emit(.pageLoaded(page: page, rows: rows, rowCount: rowCount, provenance: response.provenance)))
        if rows.count == capacity, !response.followingPages.isEmpty {
            mergeFollowing(response.followingPages, after: page, provenance: response.provenance, into: &effects)
        }
        if rowCount != previousCount {
            effects.append(.emit(.rowCountChanged(rowCount)))
        }
    }

    /// Keeps the pages that came after `page` in its answer (``PageResponse/followingPages``), in
    /// order, while each holds exactly the rows the list's length says it has: the first that does
    /// not (the list changed since it was counted) and those after it are left to their own loads,
    /// whose answers adjust the length as ``merge(_:for:into:)`` does. Only a list of known length
    /// (fluent) keeps them; a page loaded already in this generation is left as it is.
    private mutating func mergeFollowing(_ following: [[Row]], after page: Int, provenance: RowProvenance,
                                         into effects: inout [PaginationEffect<Row>]) {
        guard mode == .fluent else { return }
        for (offset, rows) in following.enumerated() {
            let next = page + 1 + offset
            let start = layout.firstRow(ofPage: next)
            guard start < rowCount, rows.count == min(layout.capacity(ofPage: next), rowCount - start) else { return }
            if pages[next]?.generation == generation { continue }
            failures[next] = nil
            pages[next] = LoadedPage(rows: rows, provenance: provenance, generation: generation)
            effects.append(.emit(.pageLoaded(page: next, rows: rows, rowCount: rowCount, provenance: provenance)))
        }
    }
}
