import DDM

/// Vulcan paging: `page` counts from 1, `pageSize` defaults to 20; the envelope is
/// `{actions, facets, items, lastPage, page, pageSize, totalCount}`.
struct VulcanPagination: Sendable, Equatable {
    let page: Int
    let pageSize: Int

    static let maximumPageSize = 500

    init(page: Int, pageSize: Int) {
        self.page = page
        self.pageSize = pageSize
    }

    /// Reads `page` and `pageSize` from the query; bad values are a 400.
    init(query: HeadlessQuery) throws(HeadlessProblem) {
        let page = try query.int("page") ?? 1
        let pageSize = try query.int("pageSize") ?? 20
        guard page >= 1 else { throw .badRequest("page must be 1 or more") }
        guard (1...Self.maximumPageSize).contains(pageSize) else {
            throw .badRequest("pageSize must be from 1 to \(Self.maximumPageSize)")
        }
        self.init(page: page, pageSize: pageSize)
    }

    var offset: Int { (page - 1) * pageSize }
    var sql: String { "LIMIT \(pageSize) OFFSET \(offset)" }

    /// The page envelope around `items`, out of `totalCount`.
    func envelope(_ items: [JSONValue], totalCount: Int) -> JSONValue {
        let lastPage = max(1, (totalCount + pageSize - 1) / pageSize)
        return [
            "actions": [:], "facets": [], "items": .array(items), "lastPage": .int(Int64(lastPage)),
            "page": .int(Int64(page)), "pageSize": .int(Int64(pageSize)), "totalCount": .int(Int64(totalCount)),
        ]
    }
}
