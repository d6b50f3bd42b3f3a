import OfflineStore
import PortalClient

extension DDLListLoader {
    /// The loader a ``DDLListScreenlet`` with `configuration` uses, on its own: for screens that
    /// embed the pagination engine and build a new loader when the sort or the filter changes.
    public init(configuration: DDLListConfiguration, calls: ServiceCalls, database: CacheDatabase?,
                invoke: @escaping PortalPageLoader<DDLListSource>.Invoke) {
        let source = DDLListSource(
            recordSetId: configuration.recordSetId, userId: configuration.userId, locale: configuration.locale,
            obcClassName: configuration.obcClassName, layout: configuration.layout, calls: calls)
        let base = PortalPageLoader(
            source: source, policy: configuration.offlinePolicy, cache: database.map(CachePolicyLoader.init(database:)),
            invoke: invoke)
        self.init(base: base, labelFields: configuration.labelFields, queue: database.map { PendingQueue(database: $0) })
    }
}
