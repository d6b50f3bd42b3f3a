import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import Synchronization

/// What is wrong with a certificate the TLS library refused, in words: the library only says
/// "CERTIFICATE_VERIFY_FAILED", so after such a failure one more handshake, verifying nothing and
/// sending nothing, fetches the portal's certificate to look at it.
enum TLSDiagnosis {
    /// `failure` with its reason made precise (self-signed, unknown issuer, expired, not yet
    /// valid, wrong host name), or unchanged when the certificate cannot be fetched.
    static func explained(_ failure: PortalError, url: String) async -> PortalError {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty,
            let certificate = await peerCertificate(host: host, port: components.port ?? 443)
        else { return failure }
        return TLSTrust.untrusted(reasons(certificate, host: host, now: Date()).joined(separator: ", "))
    }

    /// The facts that make `certificate` fail for `host` at `now`.
    static func reasons(_ certificate: NIOSSLCertificate, host: String, now: Date) -> [String] {
        var reasons: [String] = []
        let selfSigned = certificate.subjectName == certificate.issuerName
        if selfSigned { reasons.append("self-signed") }
        let seconds = time_t(now.timeIntervalSince1970)
        if certificate.notValidAfter < seconds {
            reasons.append("expired on \(day(certificate.notValidAfter))")
        } else if certificate.notValidBefore > seconds {
            reasons.append("not valid before \(day(certificate.notValidBefore))")
        }
        let names = names(of: certificate)
        if !names.contains(where: { matches($0, host: host) }) {
            let shown = names.prefix(3).map { Sanitizer.clean($0, limit: 100) }.joined(separator: ", ")
            reasons.append("wrong host name: issued for \(shown.isEmpty ? "no host name" : shown)")
        }
        if reasons.isEmpty {
            let issuer = certificate.issuerName.first { $0.type == .commonName }?.value ?? "an issuer"
            reasons.append("unknown issuer: \(Sanitizer.clean(issuer, limit: 100)) is not a certificate authority this system trusts")
        }
        return reasons
    }

    /// The host names and addresses the certificate is for: its subject alternative names, else
    /// its common name.
    static func names(of certificate: NIOSSLCertificate) -> [String] {
        var names: [String] = []
        for name in certificate._subjectAlternativeNames() {
            let bytes = name.contents.withUnsafeBufferPointer { Array($0) }
            if name.nameType == .dnsName {
                names.append(String(decoding: bytes, as: UTF8.self).lowercased())
            } else if name.nameType == .ipAddress {
                names.append(address(bytes))
            }
        }
        if names.isEmpty, let commonName = certificate.subjectName.first(where: { $0.type == .commonName }) {
            names.append(commonName.value.lowercased())
        }
        return names
    }

    /// Whether a certificate name covers `host` (`*.example.com` covers one label).
    static func matches(_ name: String, host rawHost: String) -> Bool {
        var host = rawHost.lowercased()
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if name == host { return true }
        if let addressBytes = ipBytes(host), let nameBytes = ipBytes(name) { return addressBytes == nameBytes }
        guard name.hasPrefix("*."), let dot = host.firstIndex(of: ".") else { return false }
        return host[host.index(after: dot)...] == name.dropFirst(2) && ipBytes(host) == nil
    }

    // MARK: Plumbing

    private static func day(_ time: time_t) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time)))
    }

    private static func address(_ bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        var raw = in6_addr()
        guard bytes.count == 16 else { return "?" }
        withUnsafeMutableBytes(of: &raw) { $0.copyBytes(from: bytes) }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func ipBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// The portal's certificate, from a handshake that verifies nothing (no request is sent);
    /// `nil` after 3 seconds or on any failure.
    private static func peerCertificate(host: String, port: Int) async -> NIOSSLCertificate? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        guard let context = try? NIOSSLContext(configuration: configuration) else { return nil }
        let serverName = ipBytes(host) == nil ? host : nil
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(3))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName))
                    try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(eventLoop: channel.eventLoop))
                }
            }
        guard let channel = try? await bootstrap.connect(host: host, port: port).get() else { return nil }
        defer { channel.close(promise: nil) }
        guard let waiter = try? await channel.pipeline.handler(type: HandshakeWaiter.self).get() else { return nil }
        let timeout = channel.eventLoop.scheduleTask(in: .seconds(3)) { waiter.finish(.failure(ChannelError.connectTimeout(.seconds(3)))) }
        defer { timeout.cancel() }
        guard (try? await waiter.result.get()) != nil else { return nil }
        return try? await channel.nioSSL_peerCertificate().get()
    }

    /// Completes its promise once, when the TLS handshake does (fails it on an error, when the
    /// channel goes, or at the timeout). Its one piece of state sits behind a lock, since the
    /// timeout and the awaiting task reach it from outside the channel's event loop.
    private final class HandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler, Sendable {
        typealias InboundIn = ByteBuffer
        /// The handshake's promise; `nil` once completed.
        private let pending: Mutex<EventLoopPromise<Void>?>
        /// Completes with the handshake.
        let result: EventLoopFuture<Void>

        init(eventLoop: any EventLoop) {
            let promise = eventLoop.makePromise(of: Void.self)
            pending = Mutex(promise)
            result = promise.futureResult
        }

        func finish(_ outcome: Result<Void, any Error>) {
            let promise = pending.withLock { pending in
                defer { pending = nil }
                return pending
            }
            promise?.completeWith(outcome)
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case TLSUserEvent.handshakeCompleted = event { finish(.success(())) }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            finish(.failure(error))
        }

        func channelInactive(context: ChannelHandlerContext) {
            finish(.failure(ChannelError.ioOnClosedChannel))
            context.fireChannelInactive()
        }
    }
}
