import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOSSL

/// A complete HTTP answer.
struct HTTPAnswer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
}

/// The HTTP layer: one `HTTPClient` per session, redirects never followed, idle timeouts on
/// connect/read/write, an overall deadline per request, and a cap on the size of any answer.
final class HTTPTransport: Sendable {
    let client: HTTPClient
    let options: PortalSession.Options
    let logger: Logger
    /// Removed from every error this layer produces (the forms of the session's credentials).
    let secrets: [String]

    /// `tls`: the configuration of an `https://` portal (``TLSTrust``), whose failed connection
    /// attempts fail the request at once: a certificate that is not trusted stays so, and
    /// retrying it until the connect timeout only hides the reason.
    init(options: PortalSession.Options, logger: Logger, secrets: [String], tls: TLSConfiguration? = nil) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: (options.connectTimeout ?? options.timeout).timeAmount, read: options.timeout.timeAmount, write: options.timeout.timeAmount),
            decompression: .disabled
        )
        configuration.httpVersion = .automatic
        if let tls {
            configuration.tlsConfiguration = tls
            configuration.connectionPool.retryConnectionEstablishment = false
        }
        if !options.retriesRefusedConnections { configuration.connectionPool.retryConnectionEstablishment = false }
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.options = options
        self.logger = logger
        self.secrets = secrets
    }

    func shutdown() async throws {
        try await client.shutdown()
    }

    /// Sends one request and reads the whole answer (at most `options.maxResponseBytes`).
    /// `label` (e.g. the service paths of a batch) goes into the debug log beside the URL.
    func send(method: HTTPMethod, url: String, headers: HTTPHeaders, body: [UInt8]? = nil, label: String? = nil) async throws -> HTTPAnswer {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers = headers
        if let body { request.body = .bytes(body) }
        let started = ContinuousClock.now
        do {
            let response = try await client.execute(request, timeout: options.requestDeadline.timeAmount, logger: nil)
            let status = Int(response.status.code)
            if let length = response.headers.first(name: "content-length").flatMap(Int64.init), length > Int64(options.maxResponseBytes) {
                throw Self.tooLarge(options.maxResponseBytes, status: status)
            }
            var buffer = try await response.body.collect(upTo: options.maxResponseBytes)
            let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
            logger.debug("\(method.rawValue) \(Self.loggable(url))\(label.map { " " + $0 } ?? "") -> \(status) (\(bytes.count) bytes, \(ContinuousClock.now - started))")
            return HTTPAnswer(status: status, headers: response.headers, body: bytes)
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
                return PortalError(kind: .network, message: "timed out connecting to the portal")
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
            return PortalError(kind: .network, message: "the portal refused the connection")
        }
        return PortalError(kind: .network, message: "cannot reach the portal: \(text)")
    }
}

extension Duration {
    /// The duration as a NIO `TimeAmount`.
    var timeAmount: TimeAmount {
        let (seconds, attoseconds) = components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
