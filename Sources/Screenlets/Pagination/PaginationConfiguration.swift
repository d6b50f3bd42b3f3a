/// Everything that tunes a list's pagination; the defaults suit a terminal over SSH.
public struct PaginationConfiguration: Sendable, Hashable {
    /// Page sizes (reference defaults 50 / 25).
    public var layout: PageLayout
    /// Which pages to load besides the visible ones.
    public var strategy: PrefetchStrategy
    /// The most pages kept in memory; pages farthest from the viewport are evicted first.
    /// 20 pages is 500–525 rows: a few screens either way, a bounded footprint on a million rows.
    /// Never less than what the viewport and the prefetch need, or pages would thrash.
    public var retainedPages: Int
    /// The most page loads in flight at once (a polite load on the portal, and enough to keep up
    /// with Page Down held on a 50 ms link: three 25-row pages per round trip is 1,500 rows/s).
    public var maximumConcurrentLoads: Int
    /// Backoff for failed pages.
    public var retry: PageRetryPolicy
    /// Whether a load's answer usually brings the pages after it (a loader reading ahead:
    /// ``PageResponse/followingPages``). Moving down, the engine then does not prefetch a page
    /// while the page before it is on its way: that answer brings it, or, when it does not, the
    /// plan after it asks for it. Pages on screen are always asked for at once.
    public var loadsBringFollowingPages = false

    public init(layout: PageLayout = PageLayout(), strategy: PrefetchStrategy = .termlets,
                retainedPages: Int = 20, maximumConcurrentLoads: Int = 3, retry: PageRetryPolicy = PageRetryPolicy()) {
        self.layout = layout
        self.strategy = strategy
        self.retainedPages = max(1, retainedPages)
        self.maximumConcurrentLoads = max(1, maximumConcurrentLoads)
        self.retry = retry
    }
}
