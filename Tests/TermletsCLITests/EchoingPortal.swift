import Foundation
import TermletsTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A hostile portal on a loopback port: it reads each HTTP request and answers with whatever
/// `answer` makes of the request's head and body (e.g. an error that echoes the `Authorization`
/// header), then closes the connection. Plain sockets on a thread of its own; ``stop()`` ends it.
final class EchoingPortal: @unchecked Sendable {
    private let listener: Int32
    let port: UInt16
    private let answer: @Sendable (_ head: String, _ body: String) -> (status: Int, body: String)

    var url: String { "http://127.0.0.1:\(port)" }

    init(answer: @escaping @Sendable (_ head: String, _ body: String) -> (status: Int, body: String)) throws {
        self.answer = answer
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw SilentListener.Failure(description: "socket: \(errno)") }
        var address = SilentListener.loopback(0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            Glibc.close(listener)
            throw SilentListener.Failure(description: "bind/listen: \(errno)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = UInt16(bigEndian: actual.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            handle(connection)
            Glibc.close(connection)
        }
    }

    /// Reads the head and the body (by Content-Length, so closing does not reset the connection),
    /// then answers.
    private func handle(_ connection: Int32) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?
        var bodyLength = 0
        while true {
            if let end = headEnd, received.count >= end + bodyLength { break }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            received += buffer[0..<count]
            if headEnd == nil, let range = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                headEnd = range.upperBound
                let head = String(decoding: received[0..<range.upperBound], as: UTF8.self).lowercased()
                if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }) {
                    bodyLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
        }
        let head = String(decoding: received[0..<(headEnd ?? received.count)], as: UTF8.self)
        let requestBody = String(decoding: received[(headEnd ?? received.count)...], as: UTF8.self)
        let (status, body) = answer(head, requestBody)
        let bytes = Array(body.utf8)
        let response = "HTTP/1.1 \(status) Answer\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\n"
            + "Connection: close\r\n\r\n"
        let all = Array(response.utf8) + bytes
        var offset = 0
        while offset < all.count {
            let sent = all[offset...].withUnsafeBytes { write(connection, $0.baseAddress!, $0.count) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// The value of header `name` in a request head.
    static func header(_ name: String, in head: String) -> String? {
        for line in head.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
