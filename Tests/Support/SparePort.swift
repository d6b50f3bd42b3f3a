import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A free loopback port below the kernel's ephemeral range, for a portal (spawned or in-process)
/// a test may stop and then expect to be unreachable. A port the kernel chose (`--port 0`) is handed out again to the next
/// process binding port 0: in CI another test's portal took a stopped portal's port within
/// seconds, and the "unreachable" portal answered. Ports below the range are never chosen that
/// way, only by a test picking one the same way at random (one in twelve thousand).
public enum SparePort {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A random port in the 12,000 below the ephemeral range that binds now on 127.0.0.1, and
    /// that this process has not handed out before: two tests running side by side once drew
    /// the same port between its probe and the portal's bind ("Address already in use").
    public static func belowEphemeralRange() throws -> UInt16 {
        let low = ephemeralRangeStart()
        let candidates = max(1_024, low - 12_000)..<low
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let port = UInt16(Int.random(in: candidates, using: &random))
            guard handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            if isFree(port) { return port }
        }
        throw Failure(description: "no free port in \(candidates)")
    }

    /// The ports handed out so far in this process.
    private static let handedOut = Mutex<Set<UInt16>>([])

    /// The first port of `/proc/sys/net/ipv4/ip_local_port_range` (32768 when it cannot be read).
    static func ephemeralRangeStart() -> Int {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let first = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.flatMap { Int($0) }
        return first.map { max(2_048, $0) } ?? 32_768
    }

    /// Whether a socket can bind `port` on loopback now (the socket is closed again at once).
    static func isFree(_ port: UInt16) -> Bool {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { Glibc.close(probe) }
        var address = SilentListener.loopback(port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}
