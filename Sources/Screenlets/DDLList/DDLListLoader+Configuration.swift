import DDM
import OfflineStore
import PortalClient

extension DDLListLoader {
    /// The loader a ``DDLListScreenlet`` with `configuration` uses, on its own: for screens that
    /// embed the pagination engine and build a new loader when the sort or the filter changes.
    /// `readAhead`, shared by the loaders of one list, fetches the pages after a page read in
    /// sequence in the same rows call.
    public init(configuration: DDLListConfiguration, calls: ServiceCalls, database: CacheDatabase?,
                readAhead: PageReadAhead? = nil, invoke: @escaping PortalPageLoader<DDLListSource>.Invoke) {
        self.init(configuration: configuration, calls: calls, database: database, readAhead: readAhead, invokeSourced: { batch in
            try await invoke(batch).map(SourcedJSON.init)
        })
    }

    /// The same loader on a batch sender that keeps the portal's text (`PortalSession.invokeSourced`):
    /// pages are then cached as that text, not serialised again.
    public init(configuration: DDLListConfiguration, calls: ServiceCalls, database: CacheDatabase?,
                readAhead: PageReadAhead? = nil, invokeSourced: @escaping PortalPageLoader<DDLListSource>.SourcedInvoke) {
        let source = DDLListSource(
            recordSetId: configuration.recordSetId, userId: configuration.userId, locale: configuration.locale,
            obcClassName: configuration.obcClassName, layout: configuration.layout, calls: calls)
        let base = PortalPageLoader(
            source: source, policy: configuration.offlinePolicy, cache: database.map(CachePolicyLoader.init(database:)),
            readAhead: readAhead, invokeSourced: invokeSourced)
        self.init(base: base, labelFields: configuration.labelFields, queue: database.map { PendingQueue(database: $0) })
    }
}
