/// The pages a ``LoggingPageLoader`` was asked for, in order: what scroll simulations and
/// benchmarks count requests and duplicates from.
public actor PageRequestLog {
    public private(set) var pages: [Int] = []
    public init() {}
    func record(_ page: Int) { pages.append(page) }
}

/// Passes page loads through to another loader, logging each request's page first.
public struct LoggingPageLoader<Base: PageLoader>: PageLoader {
    public let base: Base
    public let log: PageRequestLog

    public init(base: Base, log: PageRequestLog) {
        self.base = base
        self.log = log
    }

    public func loadPage(_ request: PageRequest) async throws -> PageResponse<Base.Row> {
        await log.record(request.page)
        return try await base.loadPage(request)
    }
}
