import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A loopback TCP port that never answers: it listens and never accepts. Connections complete in
/// the kernel and then hear nothing; with `dropNewConnections`, the accept queue (backlog 0) is
/// filled by one connection of our own first, so the kernel drops every later SYN and a client's
/// connect attempt times out.
public final class SilentListener: @unchecked Sendable {
    private let listener: Int32
    private var filler: Int32 = -1

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(port: UInt16, dropNewConnections: Bool) throws {
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw Failure(description: "socket: \(errno)") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, dropNewConnections ? 0 : 64) == 0 else {
            Glibc.close(listener)
            throw Failure(description: "bind/listen on \(port): \(errno)")
        }
        if dropNewConnections {
            filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw Failure(description: "filling the backlog: \(errno)") }
        }
    }

    static func loopback(_ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    public func close() {
        if filler >= 0 { Glibc.close(filler) }
        Glibc.close(listener)
    }
}
