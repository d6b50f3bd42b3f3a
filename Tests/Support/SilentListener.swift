import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A loopback TCP port that never answers: it listens and never accepts. Connections complete in
/// the kernel and then hear nothing; with `dropNewConnections`, the accept queue (backlog 0) is
/// filled by one connection of our own first, so the kernel drops every later SYN and a client's
/// connect attempt times out.
public final class SilentListener: Sendable {
    private let listener: Int32
    /// Our own connection filling the backlog, or -1.
    private let filler: Int32
    /// The port listened on (the kernel's choice when created with port 0).
    public let port: UInt16

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public init(port: UInt16, dropNewConnections: Bool) throws {
        // Close-on-exec: a child spawned meanwhile (a tmux server) must not keep the port bound after close().
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
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
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        address.sin_port = actual.sin_port
        var filler: Int32 = -1
        if dropNewConnections {
            filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                Glibc.close(filler)
                Glibc.close(listener)
                throw Failure(description: "filling the backlog: \(errno)")
            }
        }
        self.listener = listener
        self.filler = filler
        self.port = UInt16(bigEndian: actual.sin_port)
    }

    public static func loopback(_ port: UInt16) -> sockaddr_in {
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

/// A loopback TCP port that refuses every connection, held for as long as this lives: the socket
/// is bound and never listens, so the kernel answers each connect with a reset and no other
/// server (another test running at the same time) can take the port meanwhile.
public final class RefusingPort: Sendable {
    private let socketDescriptor: Int32
    /// The port held.
    public let port: UInt16

    /// Holds `port`, or a free port chosen by the kernel when 0.
    public init(port: UInt16 = 0) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SilentListener.Failure(description: "socket: \(errno)") }
        var address = SilentListener.loopback(port)
        let bindIt = {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        var bound = bindIt()
        if bound != 0, errno == EADDRINUSE {
            // Connections of a server that just stopped linger on the port (TIME_WAIT).
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            bound = bindIt()
        }
        guard bound == 0 else {
            Glibc.close(descriptor)
            throw SilentListener.Failure(description: "bind on \(port): \(errno)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        socketDescriptor = descriptor
        self.port = UInt16(bigEndian: actual.sin_port)
    }

    /// `http://127.0.0.1:PORT`.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    public func close() { Glibc.close(socketDescriptor) }
}
