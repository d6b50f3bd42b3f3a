import Foundation

/// One bare HTTP/1.1 request over a fresh loopback TCP connection, with blocking POSIX sockets:
/// the floor a client cannot beat, for the first-paint comparison. Loopback only (`127.0.0.1`).
enum RawHTTPRequest {
    /// Sends `POST path` with `body` and Basic credentials to `127.0.0.1:port`, reads the whole
    /// answer (by Content-Length) and returns its status code.
    static func post(port: Int, path: String, body: [UInt8], user: String, password: String) throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BenchFailure("socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw BenchFailure("connect: \(String(cString: strerror(errno)))") }
        let credentials = Data("\(user):\(password)".utf8).base64EncodedString()
        let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Basic \(credentials)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        try send(Array(head.utf8) + body, on: socket)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            answer += buffer[0..<count]
            if let expected = completeLength(of: answer), answer.count >= expected { break }
        }
        guard let line = String(decoding: answer.prefix(32), as: UTF8.self).split(separator: " ").dropFirst().first,
              let status = Int(line)
        else { throw BenchFailure("no HTTP answer") }
        return status
    }

    private static func send(_ bytes: [UInt8], on socket: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw BenchFailure("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Head plus Content-Length, once the head has arrived and carries one.
    private static func completeLength(of answer: [UInt8]) -> Int? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, answer.count - 3)).first(where: { Array(answer[$0..<$0 + 4]) == separator }) else { return nil }
        let head = String(decoding: answer[0..<end], as: UTF8.self).lowercased()
        for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)).map { end + 4 + $0 }
        }
        return nil
    }
}
