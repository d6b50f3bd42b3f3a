import OfflineStore
import PortalClient

/// The portal client's errors classify themselves for the offline policies: only a `network`
/// error (refused, reset, dropped, timed out) means "unreachable". (Shared piece: the sync engine
/// needs the same conformance; keep exactly one when both branches are merged.)
extension PortalError: OfflineClassifiable {
    public var isConnectivityFailure: Bool { kind == .network }
}
