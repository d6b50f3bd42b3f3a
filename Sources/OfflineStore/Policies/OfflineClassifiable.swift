import DDM

/// An error that knows whether it means "the portal could not be reached" (no route, refused,
/// reset, timed out, DNS failure, TLS handshake cut) as opposed to an answer from the portal
/// (authentication, permission, not found, validation, server error).
///
/// Only connectivity failures make the policies fall back to the cache or queue a write; an error
/// type that does not conform counts as an answer from the portal. The portal client's error type
/// conforms to this.
public protocol OfflineClassifiable: Error {
    var isConnectivityFailure: Bool { get }
    /// A connectivity failure before anything was sent (refused, no route, connect timeout,
    /// skipped while offline): the portal certainly did not see the request. False by default.
    var certainlyNotSent: Bool { get }
}

extension OfflineClassifiable {
    public var certainlyNotSent: Bool { false }
}

/// Whether a send that ended with `result` certainly did not reach the portal.
func certainlyNotSent(_ result: Result<JSONValue, any Error>) -> Bool {
    guard case .failure(let error) = result else { return false }
    return (error as? any OfflineClassifiable)?.certainlyNotSent ?? false
}

/// The one rule for every policy and the sync engine.
func isConnectivityFailure(_ error: any Error) -> Bool {
    (error as? any OfflineClassifiable)?.isConnectivityFailure ?? false
}
