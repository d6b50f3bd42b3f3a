import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the connection, which fault injection
/// closes and the admin endpoint inspects (loopback only).
struct EmulatorRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// True when the peer is on the loopback interface.
    var isLoopbackPeer: Bool {
        guard let address = channel.remoteAddress else { return false }
        if address.protocol == .unix { return true }
        guard let ip = address.ipAddress else { return false }
        return Self.isLoopback(ip)
    }

    /// 127.0.0.0/8, `::1` and IPv4-mapped loopback addresses.
    static func isLoopback(_ ip: String) -> Bool {
        ip.hasPrefix("127.") || ip == "::1" || ip.lowercased().hasPrefix("::ffff:127.")
    }
}
