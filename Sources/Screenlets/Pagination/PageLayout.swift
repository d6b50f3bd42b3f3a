/// How a list's rows are cut into pages: a larger first page, then pages of equal size.
///
/// Page 0 holds rows `0..<firstPageSize`; page `p ≥ 1` starts at
/// `firstPageSize + (p − 1) · pageSize` and holds `pageSize` rows. This is the row arithmetic of
/// Liferay Screens' fluent pagination, so page numbers (and the cache keys built from them) agree
/// with the reference for the same sizes.
public struct PageLayout: Sendable, Hashable {
    /// Rows in page 0 (at least 1).
    public let firstPageSize: Int
    /// Rows in every later page (at least 1).
    public let pageSize: Int

    /// The reference defaults are 50 rows first, then pages of 25.
    public init(firstPageSize: Int = 50, pageSize: Int = 25) {
        self.firstPageSize = max(1, firstPageSize)
        self.pageSize = max(1, pageSize)
    }

    /// The first row of `page` (pages before 0 are treated as 0; `Int.max` when the row number
    /// would overflow, so a huge page number is simply past every row).
    public func firstRow(ofPage page: Int) -> Int {
        guard page > 0 else { return 0 }
        let (offset, overflowed) = (page - 1).multipliedReportingOverflow(by: pageSize)
        guard !overflowed else { return Int.max }
        let (row, overflowedAgain) = firstPageSize.addingReportingOverflow(offset)
        return overflowedAgain ? Int.max : row
    }

    /// The page that holds `row` (rows before 0 are on page 0).
    public func page(forRow row: Int) -> Int {
        row < firstPageSize ? 0 : (row - firstPageSize) / pageSize + 1
    }

    /// The rows a full `page` holds: `firstRow(ofPage: page)..<firstRow(ofPage: page + 1)`.
    public func rows(ofPage page: Int) -> Range<Int> {
        firstRow(ofPage: page)..<firstRow(ofPage: page == Int.max ? page : max(page, 0) + 1)
    }

    /// The number of rows a full `page` holds.
    public func capacity(ofPage page: Int) -> Int {
        page <= 0 ? firstPageSize : pageSize
    }

    /// The pages that hold any of `rows`, in order (empty for an empty range).
    public func pages(covering rows: Range<Int>) -> ClosedRange<Int>? {
        guard !rows.isEmpty else { return nil }
        return page(forRow: rows.lowerBound)...page(forRow: rows.upperBound - 1)
    }
}
