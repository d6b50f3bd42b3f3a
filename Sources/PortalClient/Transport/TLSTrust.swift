import Foundation
import NIOSSL

/// Which certificates an `https://` portal may present, and what a TLS failure is called.
///
/// The system's trust store by default; `SSL_CERT_FILE` (a PEM bundle) or `SSL_CERT_DIR` (a
/// folder of PEM files, e.g. as `openssl rehash` makes) replace it, as they do for OpenSSL and
/// curl, so a private CA can be trusted (both, when both are set). `--insecure` (``PortalSession/Options/allowInsecure``) accepts any
/// certificate.
enum TLSTrust {
    /// The start of every certificate failure's message (see ``PortalError/isUntrustedCertificate``).
    static let untrustedPrefix = "the portal's TLS certificate is not trusted"
    static let advice = "use a trusted certificate, SSL_CERT_FILE for a private CA, or --insecure"

    /// The client TLS configuration for `options`, reading `SSL_CERT_FILE` and `SSL_CERT_DIR`
    /// from `environment`. A variable naming nothing is an `input` error.
    static func configuration(allowInsecure: Bool, environment: [String: String]) throws(PortalError) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if allowInsecure {
            configuration.certificateVerification = .none
            return configuration
        }
        var file: String?
        var folderCertificates: [NIOSSLCertificate]?
        if let path = environment["SSL_CERT_FILE"], !path.isEmpty {
            guard isPath(path, folder: false) else { throw PortalError(kind: .input, message: "SSL_CERT_FILE \(path): no such file") }
            file = path
        }
        if let path = environment["SSL_CERT_DIR"], !path.isEmpty {
            guard isPath(path, folder: true) else { throw PortalError(kind: .input, message: "SSL_CERT_DIR \(path): no such folder") }
            folderCertificates = certificates(in: path)
        }
        switch (file, folderCertificates) {
        case (let file?, let certificates?):
            configuration.trustRoots = .file(file)
            configuration.additionalTrustRoots = [.certificates(certificates)]
        case (let file?, nil):
            configuration.trustRoots = .file(file)
        case (nil, let certificates?):
            configuration.trustRoots = .certificates(certificates)
        case (nil, nil):
            break
        }
        return configuration
    }

    /// Every PEM certificate in the files of `folder` (hashed links and bundles alike; other
    /// files are skipped). Read here rather than by the TLS library's hashed-folder lookup.
    private static func certificates(in folder: String) -> [NIOSSLCertificate] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var seen = Set<[UInt8]>()
        var certificates: [NIOSSLCertificate] = []
        for name in names.sorted() {
            let path = (folder as NSString).appendingPathComponent(name)
            guard isPath(path, folder: false), let found = try? NIOSSLCertificate.fromPEMFile(path) else { continue }
            for certificate in found {
                guard let der = try? certificate.toDERBytes(), seen.insert(der).inserted else { continue }
                certificates.append(certificate)
            }
        }
        return certificates
    }

    private static func isPath(_ path: String, folder: Bool) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue == folder
    }

    /// The worded failure for a TLS error from the HTTP stack, or `nil` when `error` is not one.
    static func failure(_ error: any Error) -> PortalError? {
        let text = String(describing: error)
        if error is NIOSSLExtraError, text.contains("failedToValidateHostname") || text.contains("serverHostnameImpossibleToMatch") {
            return untrusted("wrong host name: the certificate does not name this server")
        }
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            return untrusted("self-signed / unknown issuer / expired / wrong host name")
        }
        guard error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError else { return nil }
        if text.contains("WRONG_VERSION_NUMBER") || text.contains("HTTP_REQUEST") || text.contains("PACKET_LENGTH_TOO_LONG") {
            return PortalError(kind: .network, message: "the portal does not speak TLS on this port (an http:// server?)")
        }
        return PortalError(kind: .network, message: "the TLS handshake with the portal failed: \(tlsReason(text))")
    }

    static func untrusted(_ reason: String) -> PortalError {
        PortalError(kind: .network, message: "\(untrustedPrefix) (\(reason)); \(advice)")
    }

    /// The library's reason words (e.g. `SSLV3_ALERT_HANDSHAKE_FAILURE`), without type names.
    private static func tlsReason(_ text: String) -> String {
        let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            .filter { $0.count > 3 && $0 == $0.uppercased() && $0.contains("_") }
        return words.first.map { $0.lowercased().replacingOccurrences(of: "_", with: " ") } ?? "unknown reason"
    }
}

extension PortalError {
    /// Whether this is a TLS certificate the client does not trust: a portal that answered (not
    /// an offline one), which must not be mistaken for being unreachable.
    public var isUntrustedCertificate: Bool { kind == .network && message.hasPrefix(TLSTrust.untrustedPrefix) }
}
