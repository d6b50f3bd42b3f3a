import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 answer as it came off the socket.
struct RawResponse: Sendable {
    let status: Int
    let headers: [String: String]
    let body: [UInt8]
    /// The `Content-Length` announced more bytes than arrived before the connection closed.
    let isTruncated: Bool

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

enum RawHTTPError: Error, Equatable {
    case connectFailed(Int32)
    case closedWithoutResponse
    case malformedResponse
    case timedOut
}

/// A deliberately small HTTP client over a blocking socket, run on its own thread: tests see
/// exactly what the server sent, including half-written bodies and connections closed without
/// an answer. Every request says `Connection: close`.
enum RawHTTPClient {
    static func send(
        port: Int, method: String, path: String, headers: [(String, String)] = [], body: [UInt8] = [], timeout: TimeInterval = 20
    ) async throws -> RawResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let request = Array(head.utf8) + body
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try exchange(port: port, request: request, timeout: timeout, isHead: method == "HEAD") })
            }
            thread.start()
        }
    }

    /// Sends a POST announcing `announced` body bytes, only `partialBody` of them, and closes the
    /// connection at once: a client that gave up (a cancelled request) in the middle of its body.
    static func abandon(port: Int, path: String, announced: Int, partialBody: [UInt8]) async throws {
        let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\nContent-Length: \(announced)\r\n\r\n"
        let request = Array(head.utf8) + partialBody
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread {
                continuation.resume(with: Result {
                    let fd = try connectedSocket(port: port, timeout: 5)
                    defer { close(fd) }
                    _ = request.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                })
            }.start()
        }
    }

    /// A blocking socket connected to the loopback `port`, reads timing out after `timeout`.
    private static func connectedSocket(port: Int, timeout: TimeInterval) throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw RawHTTPError.connectFailed(errno) }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let failure = errno
            close(fd)
            throw RawHTTPError.connectFailed(failure)
        }
        return fd
    }

    private static func exchange(port: Int, request: [UInt8], timeout: TimeInterval, isHead: Bool) throws -> RawResponse {
        let fd = try connectedSocket(port: port, timeout: timeout)
        defer { close(fd) }
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }  // the server may close early (dropped connection); read what it said
            sent += n
        }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                received += buffer[0..<n]
            } else if n == 0 {
                break
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw RawHTTPError.timedOut
            } else {
                break  // reset by peer: whatever arrived is the answer
            }
        }
        return try parse(received, isHead: isHead)
    }

    static func parse(_ bytes: [UInt8], isHead: Bool) throws -> RawResponse {
        guard !bytes.isEmpty else { throw RawHTTPError.closedWithoutResponse }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0...(max(0, bytes.count - 4))).first(where: { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator }) else {
            throw RawHTTPError.malformedResponse
        }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw RawHTTPError.malformedResponse }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        let expected = isHead ? nil : headers["content-length"].flatMap(Int.init)
        return RawResponse(status: status, headers: headers, body: body, isTruncated: expected.map { body.count < $0 } ?? false)
    }

    private static func dechunk(_ data: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        var index = 0
        while index < data.count {
            guard let lineEnd = (index..<data.count - 1).first(where: { data[$0] == 13 && data[$0 + 1] == 10 }),
                  let size = Int(String(decoding: data[index..<lineEnd], as: UTF8.self), radix: 16), size > 0,
                  lineEnd + 2 + size <= data.count
            else { break }
            out += data[(lineEnd + 2)..<(lineEnd + 2 + size)]
            index = lineEnd + 2 + size + 2
        }
        return out
    }
}
