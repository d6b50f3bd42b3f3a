import DDM
import PortalClient

/// "Does the portal answer at all?", asked before logging in by a command that may work from the
/// offline cache: one anonymous `/portal/get-build-number` with short timeouts, so a dead server
/// is known in seconds instead of after the session's 15 s connect timeout: refused or
/// blackholed in about a second and a half, accepting connections and never answering in four.
/// A slow portal (answers within four seconds) is online. Real work keeps the normal timeouts.
enum ReachabilityProbe {
    /// How long the probe tries to connect.
    static let connectTimeout: Duration = .milliseconds(1500)
    /// How long a connected probe waits for the answer: longer than the connect, so latency
    /// spikes of a few seconds do not make a slow portal look offline.
    static let answerTimeout: Duration = .milliseconds(4000)
    /// Upper bound for the whole probe.
    static let deadline: Duration = .milliseconds(4500)

    /// The probe's transport options.
    static func options(allowInsecure: Bool) -> PortalSession.Options {
        PortalSession.Options(
            timeout: answerTimeout, requestDeadline: deadline, allowInsecure: allowInsecure, connectTimeout: connectTimeout)
    }

    /// Transport options for the rest of a run whose probe found the portal unreachable: each
    /// later attempt (a load's "portal first", a submit's "try now") is expected to fail and gives
    /// up within half a second, so the cache or the queue answers at once. The writes it queues
    /// are sent later by `termlets sync`, with the normal timeouts.
    static func offlineOptions(allowInsecure: Bool) -> PortalSession.Options {
        PortalSession.Options(timeout: .milliseconds(250), requestDeadline: .milliseconds(500), allowInsecure: allowInsecure)
    }

    /// False only when the portal could not be reached (a `network` error: refused, reset,
    /// timed out). Any answer counts as reachable, an error or a refusal of anonymous access too.
    static func answers(_ context: ServerContext, allowInsecure: Bool) async -> Bool {
        guard let session = try? PortalSession(context: context, credentials: nil, options: options(allowInsecure: allowInsecure))
        else { return true }
        let reachable: Bool
        do {
            _ = try await session.invoke(ServiceCall(path: "/portal/get-build-number"))
            reachable = true
        } catch let error as PortalError {
            // A certificate that is not trusted came from a portal that answered.
            reachable = error.kind != .network || error.isUntrustedCertificate
        } catch {
            reachable = true
        }
        try? await session.shutdown()
        return reachable
    }
}
