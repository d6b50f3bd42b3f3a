import PortalClient

/// The rows `start..<end` of a list as Liferay's `page`/`pageSize` requests (pages counted
/// from 1), and which part of their items are the rows: the seam between fluent pagination
/// (row ranges under a ``PageLayout``) and a REST collection.
///
/// One request whenever a page size at most 500 holds the whole range in one page (under the
/// default layout, 50 then 25, every range is exactly one page); else pages of 500.
public struct ObjectPageWindow: Sendable, Hashable {
    /// The requests, in order; their items concatenated start at row `(pages[0].page - 1) * pageSize`.
    public let pages: [ObjectEntryQuery]
    /// Items to skip at the front of the concatenated items.
    public let dropFirst: Int
    /// Rows wanted.
    public let count: Int

    public init(start: Int, end: Int, maxPageSize: Int = PortalSession.maxObjectPageSize) {
        let start = max(0, start)
        let count = max(1, end - start)
        let last = start + count - 1
        var size = count
        while size <= maxPageSize, start / size != last / size { size += 1 }
        if size > maxPageSize { size = maxPageSize }
        let first = start / size
        let final = last / size
        pages = (first...final).map { ObjectEntryQuery(page: $0 + 1, pageSize: size) }
        dropFirst = start - first * size
        self.count = count
    }

    /// The window's rows from the pages' items, in order.
    public func rows<Item>(of items: [[Item]]) -> [Item] {
        Array(items.joined().dropFirst(dropFirst).prefix(count))
    }
}
