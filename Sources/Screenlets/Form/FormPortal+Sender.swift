import OfflineStore
import PortalClient
import Sync

extension FormPortal {
    /// The sync engine's sender for `queue`'s writes on this session: the one way a queued record
    /// or document becomes portal calls, whether the form sends it "now" or `termlets sync`
    /// sends it later (uuid on adds, the write's own workflow action, conflict check on updates).
    public func syncSender(queue: PendingQueue) -> QueueSender {
        SyncEngine(queue: queue, session: session, configuration: SyncConfiguration(locale: session.context.locale)).sender
    }
}
