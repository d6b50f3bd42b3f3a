import OfflineStore
import PortalClient

/// The portal client's network failures (refused, dropped, timed out) are the ones the offline
/// policies fall back to the cache for, or queue a write on; every other kind is the portal's answer.
extension PortalError: OfflineClassifiable {
    public var isConnectivityFailure: Bool { kind == .network }
}
