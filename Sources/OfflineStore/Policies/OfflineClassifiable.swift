/// An error that knows whether it means "the portal could not be reached" (no route, refused,
/// reset, timed out, DNS failure, TLS handshake cut) as opposed to an answer from the portal
/// (authentication, permission, not found, validation, server error).
///
/// Only connectivity failures make the policies fall back to the cache or queue a write; an error
/// type that does not conform counts as an answer from the portal. The portal client's error type
/// conforms to this.
public protocol OfflineClassifiable: Error {
    var isConnectivityFailure: Bool { get }
}

/// The one rule for every policy and the sync engine.
func isConnectivityFailure(_ error: any Error) -> Bool {
    (error as? any OfflineClassifiable)?.isConnectivityFailure ?? false
}
