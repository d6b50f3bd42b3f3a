import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The loopback end of the authorization code flow: listens on `127.0.0.1` on a free port (or
/// the fixed port a portal's registered redirect URI names) and answers exactly one
/// `GET /callback?…` (a small "you can close this tab" page), whose query it returns. Any other
/// request is answered 404 and ignored; nothing but the query is kept.
final class LoopbackRedirectListener: Sendable {
    let port: Int
    private let socketDescriptor: Int32

    /// Binds `127.0.0.1:<port>` (0: a free port the system picks).
    init(port requested: UInt16 = 0) throws(CommandFailure) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw CommandFailure(.input, "cannot listen for the sign-in's redirect: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requested.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, listen(descriptor, 8) == 0, named == 0 else {
            let failure = errno
            let reason = String(cString: strerror(failure))
            close(descriptor)
            if requested != 0, failure == EADDRINUSE {
                throw CommandFailure(.input, "--redirect-port \(requested): another program is listening on 127.0.0.1:\(requested); stop it or register another port")
            }
            throw CommandFailure(.input, "cannot listen for the sign-in's redirect on 127.0.0.1: \(reason)")
        }
        socketDescriptor = descriptor
        port = Int(UInt16(bigEndian: actual.sin_port))
    }

    deinit { close(socketDescriptor) }

    /// The redirect URI to register with the authorization request.
    var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    /// The query parameters of the first `GET /callback` within `timeout`; `nil` when none came.
    /// Runs on a thread of its own, never on the cooperative pool.
    func waitForRedirect(timeout: Duration) async -> [String: String]? {
        let descriptor = socketDescriptor
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: Self.serve(descriptor, until: ContinuousClock.now + timeout))
            }
            thread.start()
        }
    }

    private static func serve(_ listening: Int32, until deadline: ContinuousClock.Instant) -> [String: String]? {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return nil }
            var poller = pollfd(fd: listening, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let connection = accept(listening, nil, nil)
            guard connection >= 0 else { continue }
            defer { close(connection) }
            var limit = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            guard let target = readRequestTarget(connection) else {
                respond(connection, status: "400 Bad Request", page: "Bad request.")
                continue
            }
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.first == "/callback" else {
                respond(connection, status: "404 Not Found", page: "Not found.")
                continue
            }
            let query = parts.count > 1 ? String(parts[1]) : ""
            var fields: [String: String] = [:]
            for pair in query.split(separator: "&") {
                let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in
                    String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
                }
                if let name = halves.first { fields[decode(name)] = halves.count > 1 ? decode(halves[1]) : "" }
            }
            let page = fields["code"] != nil
                ? "Termlets received the sign-in. You can close this tab and go back to the terminal."
                : "The sign-in did not complete. Go back to the terminal for the reason."
            respond(connection, status: "200 OK", page: page)
            return fields
        }
    }

    /// The target of a `GET` request line (the headers are read and dropped); `nil` for anything else.
    private static func readRequestTarget(_ connection: Int32) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 16_384 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
            if received.count >= 4, String(decoding: received.suffix(4), as: UTF8.self) == "\r\n\r\n" { break }
            if String(decoding: received, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        guard let line = String(decoding: received, as: UTF8.self).split(separator: "\r\n", maxSplits: 1).first else { return nil }
        let words = line.split(separator: " ")
        guard words.count == 3, words[0] == "GET", words[2].hasPrefix("HTTP/1.") else { return nil }
        return String(words[1])
    }

    private static func respond(_ connection: Int32, status: String, page: String) {
        let body = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Termlets</title></head><body><p>\(page)</p></body></html>\n"
        let text = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n" + body
        let bytes = Array(text.utf8)
        let total = bytes.count
        var sent = 0
        while sent < total {
            let offset = sent
            let count = bytes.withUnsafeBytes { send(connection, $0.baseAddress! + offset, total - offset, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
