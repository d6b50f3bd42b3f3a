import Foundation
import NIOSSL
import TermletsTestSupport
import Testing

@testable import PortalClient

/// Issue 12, item 7: what is wrong with a refused certificate, in words, from the certificate
/// itself (made at test time with `openssl`).
@Suite("TLS certificate diagnosis")
struct TLSDiagnosisTests {
    static func certificate(subjectAltName: String) async throws -> NIOSSLCertificate {
        let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
        try #require(FileManager.default.isExecutableFile(atPath: openssl.path), "openssl is needed to make test certificates")
        let folder = try TemporaryDirectory(prefix: "tls-diagnosis")
        let made = try await ProcessRunner.run(openssl, [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=termlets-test",
            "-keyout", folder.path("key.pem").path, "-out", folder.path("cert.pem").path, "-addext", "subjectAltName=\(subjectAltName)",
        ])
        try #require(made.status == 0, "\(made.stderr)")
        return try #require(try NIOSSLCertificate.fromPEMFile(folder.path("cert.pem").path).first)
    }

    @Test func selfSignedExpiredNotYetValidAndWrongHost() async throws {
        let certificate = try await Self.certificate(subjectAltName: "IP:127.0.0.1,DNS:*.portal.test")
        let now = Date()
        #expect(TLSDiagnosis.reasons(certificate, host: "127.0.0.1", now: now) == ["self-signed"])
        #expect(TLSDiagnosis.reasons(certificate, host: "a.portal.test", now: now) == ["self-signed"])
        let later = TLSDiagnosis.reasons(certificate, host: "127.0.0.1", now: now.addingTimeInterval(10 * 86_400))
        #expect(later.count == 2 && later[1].hasPrefix("expired on "), "\(later)")
        let earlier = TLSDiagnosis.reasons(certificate, host: "127.0.0.1", now: now.addingTimeInterval(-10 * 86_400))
        #expect(earlier.count == 2 && earlier[1].hasPrefix("not valid before "), "\(earlier)")
        let elsewhere = TLSDiagnosis.reasons(certificate, host: "portal.test", now: now)
        #expect(elsewhere == ["self-signed", "wrong host name: issued for 127.0.0.1, *.portal.test"], "\(elsewhere)")
    }

    @Test func anIPv6AddressIsNamedAndMatched() async throws {
        let certificate = try await Self.certificate(subjectAltName: "IP:::1")
        #expect(TLSDiagnosis.names(of: certificate) == ["::1"])
        #expect(TLSDiagnosis.reasons(certificate, host: "[::1]", now: Date()) == ["self-signed"])
    }

    @Test func hostNameMatching() {
        #expect(TLSDiagnosis.matches("*.example.com", host: "a.example.com"))
        #expect(!TLSDiagnosis.matches("*.example.com", host: "a.b.example.com"))
        #expect(!TLSDiagnosis.matches("*.example.com", host: "example.com"))
        #expect(TLSDiagnosis.matches("::1", host: "[::1]"))
        #expect(TLSDiagnosis.matches("127.0.0.1", host: "127.0.0.1"))
        #expect(!TLSDiagnosis.matches("127.0.0.1", host: "127.0.0.2"))
    }
}
