import AsyncHTTPClient
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOSSL

/// A complete HTTP answer.
struct HTTPAnswer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
}

/// The HTTP layer: one `HTTPClient` per session, redirects never followed, a short connect
/// timeout without retries, idle timeouts on read/write, a total deadline per request that covers
/// the whole answer, and a cap on the size of any answer.
final class HTTPTransport: Sendable {
    /// The HTTP client: made at the first request (``client()``), shut down by ``shutdown()``.
    private let clientState: NIOLockedValueBox<ClientState>
    let options: PortalSession.Options
    let logger: Logger
    /// Removed from every error this layer produces (the forms of the session's credentials and
    /// tokens, asked each time: OAuth 2 tokens change during a session).
    let secretSource: @Sendable () -> [String]
    var secrets: [String] { secretSource() }

    /// `tls`: the configuration of an `https://` portal (``TLSTrust``), whose failed connection
    /// attempts fail the request at once: a certificate that is not trusted stays so, and
    /// retrying it until the connect timeout only hides the reason.
    convenience init(options: PortalSession.Options, logger: Logger, secrets: [String], tls: TLSConfiguration? = nil) {
        self.init(options: options, logger: logger, secretSource: { secrets }, tls: tls)
    }

    init(options: PortalSession.Options, logger: Logger, secretSource: @escaping @Sendable () -> [String], tls: TLSConfiguration? = nil) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: options.effectiveConnectTimeout.timeAmount, read: options.timeout.timeAmount, write: options.timeout.timeAmount),
            decompression: .disabled
        )
        configuration.httpVersion = .automatic
        if let tls { configuration.tlsConfiguration = tls }
        // AsyncHTTPClient's default retries a failed connect with back-off until the connect
        // timeout has passed, so a refused connection took the whole timeout (15 s, twice with
        // version detection) to report, and an untrusted certificate stays untrusted. A failed
        // connect fails the request at once instead.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.clientState = NIOLockedValueBox(.unmade(configuration))
        self.options = options
        self.logger = logger
        self.secretSource = secretSource
    }

    private enum ClientState: Sendable {
        case unmade(HTTPClient.Configuration)
        case made(HTTPClient)
        case shutDownUnmade
    }

    /// The session's HTTP client, made at its first use: making one starts NIO's event loop
    /// threads and the connection pool, which a screen drawing from the cache has no use for before
    /// its first frame (docs/benchmarks.md). After ``shutdown()``, a client that was never made
    /// fails as a shut-down one does (`HTTPClientError.alreadyShutdown`).
    func client() throws -> HTTPClient {
        try clientState.withLockedValue { state in
            switch state {
            case .made(let client):
                return client
            case .unmade(let configuration):
                let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
                state = .made(client)
                return client
            case .shutDownUnmade:
                throw HTTPClientError.alreadyShutdown
            }
        }
    }

    func shutdown() async throws {
        let made = try clientState.withLockedValue { state -> HTTPClient? in
            switch state {
            case .made(let client):
                return client
            case .unmade:
                state = .shutDownUnmade
                return nil
            case .shutDownUnmade:
                throw HTTPClientError.alreadyShutdown
            }
        }
        try await made?.shutdown()
    }

    /// Sends one request and reads the whole answer (at most `options.maxResponseBytes`).
    /// `label` (e.g. the service paths of a batch) goes into the debug log beside the URL.
    func send(method: HTTPMethod, url: String, headers: HTTPHeaders, body: [UInt8]? = nil, label: String? = nil) async throws -> HTTPAnswer {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers = headers
        if let body { request.body = .bytes(body) }
        let started = ContinuousClock.now
        let prepared = request
        let deadline = options.requestDeadline
        let maxBytes = options.maxResponseBytes
        do {
            // AsyncHTTPClient's own deadline ends when the response head arrives; the body is
            // read under this one, so an answer that trickles in slowly still ends on time.
            let http = try client()
            let answer = try await Self.withinDeadline(deadline) {
                let response = try await http.execute(prepared, timeout: deadline.timeAmount, logger: nil)
                let status = Int(response.status.code)
                if let length = response.headers.first(name: "content-length").flatMap(Int64.init), length > Int64(maxBytes) {
                    throw Self.tooLarge(maxBytes, status: status)
                }
                var buffer = try await response.body.collect(upTo: maxBytes)
                return HTTPAnswer(status: status, headers: response.headers, body: buffer.readBytes(length: buffer.readableBytes) ?? [])
            }
            logger.debug("\(method.rawValue) \(Self.loggable(url))\(label.map { " " + $0 } ?? "") -> \(answer.status) (\(answer.body.count) bytes, \(ContinuousClock.now - started))")
            return answer
        } catch {
            var mapped = redact(Self.map(error, maxBytes: options.maxResponseBytes))
            if let failure = mapped as? PortalError, failure.isUntrustedCertificate {
                mapped = await TLSDiagnosis.explained(failure, url: url)
            }
            logger.debug("\(method.rawValue) \(Self.loggable(url))\(label.map { " " + $0 } ?? "") failed: \(String(describing: mapped))")
            throw mapped
        }
    }

    /// `error` with the secret removed, when it is a ``PortalError``.
    func redact(_ error: any Error) -> any Error {
        (error as? PortalError)?.redacting(secrets) ?? error
    }

    static func tooLarge(_ limit: Int, status: Int?) -> PortalError {
        PortalError(kind: .server, message: "the portal's answer is larger than the limit of \(limit / (1 << 20)) MiB", httpStatus: status)
    }

    /// The URL without query, for logs.
    static func loggable(_ url: String) -> String {
        Sanitizer.clean(String(url.split(separator: "?", maxSplits: 1).first ?? ""), limit: 300)
    }

    /// Maps anything the HTTP stack throws to a ``PortalError`` (or `CancellationError`).
    static func map(_ error: any Error, maxBytes: Int) -> any Error {
        if let error = error as? PortalError { return error }
        if error is CancellationError { return error }
        if error is NIOTooManyBytesError { return tooLarge(maxBytes, status: nil) }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled, .requestStreamCancelled:
                return CancellationError()
            case .connectTimeout:
                return unreachable("timed out connecting to the portal")
            case .readTimeout, .deadlineExceeded:
                return PortalError(kind: .network, message: "the portal did not answer in time")
            case .writeTimeout:
                return PortalError(kind: .network, message: "timed out sending the request to the portal")
            case .remoteConnectionClosed:
                return PortalError(kind: .network, message: "the portal closed the connection before answering completely")
            default:
                break
            }
        }
        if let error = error as? HTTPParserError {
            if error == .invalidEOFState {
                return PortalError(kind: .network, message: "the connection closed before the whole answer arrived")
            }
            return PortalError(kind: .server, message: "the portal's HTTP answer is malformed (\(error))")
        }
        if Task.isCancelled { return CancellationError() }
        if let failure = TLSTrust.failure(error) { return failure }
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") || text.contains("ECONNREFUSED") {
            return unreachable("the portal refused the connection")
        }
        if let error = error as? IOError, [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, EADDRNOTAVAIL].contains(error.errnoCode) {
            return unreachable("cannot reach the portal: \(text)")
        }
        // NIOPosix's NIOConnectionError: every address of the host failed to connect, or its
        // name did not resolve. Nothing was sent.
        if String(reflecting: type(of: error)).hasSuffix("NIOConnectionError") {
            return unreachable("cannot reach the portal: \(text)")
        }
        return PortalError(kind: .network, message: "cannot reach the portal: \(text)")
    }

    /// A `network` error for a connection that was never made.
    static func unreachable(_ message: String) -> PortalError {
        var error = PortalError(kind: .network, message: message)
        error.isUnreachable = true
        return error
    }

    /// Runs `operation`, failing with a `network` error when it has not finished within `deadline`
    /// (the operation is cancelled). Cancelling the caller cancels the operation.
    static func withinDeadline<T: Sendable>(
        _ deadline: Duration, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw PortalError(kind: .network, message: "the portal did not answer completely within \(describe(deadline))")
            }
            return value
        }
    }

    /// "60 s", "1.5 s", "500 ms".
    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(Double(milliseconds) / 1000) s"
    }
}

extension Duration {
    /// The duration as a NIO `TimeAmount`.
    var timeAmount: TimeAmount {
        let (seconds, attoseconds) = components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
