import Foundation
import OfflineStore

/// The interactive screens' side of the run's ``Connectivity`` (the one on the cache database):
/// its first state from the connection (offline when the start-up probe found no portal), and a
/// quiet probe (``ReachabilityProbe``, its own short-timeout session) asking while the portal is
/// unreachable: 1 s after the failure, then doubling to at most every 5 s.
enum RunConnectivity {
    /// The first wait before probing an unreachable portal, in seconds.
    static let probeInterval: TimeInterval = 1
    /// The longest wait between two probes, in seconds.
    static let probeCap: TimeInterval = 5

    /// Sets the first state of `database`'s connectivity from `connection` and starts its probe
    /// (once per run; later calls only return it).
    @discardableResult
    static func start(_ database: CacheDatabase, connection: PortalConnection) -> Connectivity {
        let connectivity = database.connectivity
        if connection.isOffline {
            connectivity.reportUnreachable()
        } else if connectivity.state == .unknown {
            connectivity.reportReachable()
        }
        let context = connection.session.context
        let allowInsecure = connection.settings.allowInsecure
        connectivity.startProbing(every: probeInterval, upTo: probeCap) {
            await ReachabilityProbe.answers(context, allowInsecure: allowInsecure)
        }
        return connectivity
    }
}
