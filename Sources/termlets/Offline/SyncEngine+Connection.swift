import OfflineStore
import Screens
import Sync

extension SyncEngine {
    /// The sync engine of `connection`'s offline cache, configured as `termlets sync` runs it (the
    /// command's site and locale). `form --submit` sends "now" through its ``SyncEngine/sender``,
    /// so a record sent at once and one sent by a later sync are the same portal calls.
    init(database: CacheDatabase, connection: PortalConnection, batchSize: Int = 50) {
        self.init(
            queue: PendingQueue(database: database), session: connection.session,
            configuration: SyncConfiguration(
                batchSize: batchSize, groupId: connection.groupId, locale: connection.settings.locale))
    }
}

extension SyncRunSummary {
    /// The screens' view of an engine run; `pending` overrides the run's own count (e.g. the
    /// queue read afterwards, when other writers may have added to it).
    init(_ summary: SyncSummary, pending: Int? = nil) {
        self.init(
            synced: summary.synced, failed: summary.failed, conflicts: summary.conflicts, pending: pending ?? summary.pending)
    }
}
