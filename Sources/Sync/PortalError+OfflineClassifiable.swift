import OfflineStore
import PortalClient

/// The portal client's errors classify themselves for the offline policies and the sync engine:
/// only a `network` error (refused, reset, dropped, timed out, truncated) means "unreachable".
/// (Same package, so no `@retroactive` is needed.)
extension PortalError: OfflineClassifiable {
    public var isConnectivityFailure: Bool { kind == .network }
    public var certainlyNotSent: Bool { kind == .network && isUnreachable }
}
