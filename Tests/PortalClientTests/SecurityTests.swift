import DDM
import Foundation
import Testing

@testable import PortalClient

@Suite("Security rules")
struct SecurityTests {
    let credentials = Credentials(username: "test@liferay.com", password: "hunter2-pässword")

    @Test func insecureHTTPToRemoteHostIsRefused() {
        for url in ["http://portal.example.com", "http://10.0.0.5:8080", "http://[2001:db8::1]/", "http://127.example.com"] {
            do {
                _ = try PortalSession(context: ServerContext(serverURL: URL(string: url)!), credentials: credentials)
                Issue.record("\(url) was accepted")
            } catch let error as PortalError {
                #expect(error.kind == .input)
                #expect(error.message.contains("--insecure"))
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func allowedCases() async throws {
        let cases: [(String, Credentials?, Bool)] = [
            ("http://127.0.0.1:8080", credentials, false), ("http://127.1.2.3", credentials, false), ("http://localhost:8080/", credentials, false),
            ("http://[::1]:8080", credentials, false), ("https://portal.example.com", credentials, false),
            ("http://portal.example.com", credentials, true), ("http://portal.example.com", nil, false),
        ]
        for (url, creds, insecure) in cases {
            let session = try PortalSession(
                context: ServerContext(serverURL: URL(string: url)!), credentials: creds, options: .init(allowInsecure: insecure))
            #expect(!session.context.serverURL.absoluteString.hasSuffix("/"))
            try await session.shutdown()
        }
    }

    @Test func malformedServerURLs() {
        for url in [
            "ftp://x", "https://user:pw@portal.example.com", "https://portal.example.com/?a=b", "file:///tmp",
            "http://127.0.0.1:65536", "http://127.0.0.1:99999", "http://127.0.0.1:0",
        ] {
            #expect(throws: PortalError.self) { try PortalSession(context: ServerContext(serverURL: URL(string: url)!), credentials: nil) }
        }
    }

    @Test func loopbackDetection() {
        for host in ["localhost", "LOCALHOST", "127.0.0.1", "127.255.0.9", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"] {
            #expect(TransportSecurity.isLoopback(host: host), "\(host)")
        }
        for host in ["128.0.0.1", "10.0.0.1", "example.com", "127.0.0.1.example.com", "::2", "localhost.example.com", "1270.0.0.1",
            // Resolved through DNS, which may answer any address: not loopback (issue 12, item 2).
            "localhost.", "LOCALHOST.", "127.0.0.1.", "[::1].", "127.1"] {
            #expect(!TransportSecurity.isLoopback(host: host), "\(host)")
        }
    }

    @Test func credentialsNeverShowThePassword() {
        let secret = "hunter2-pässword"
        var dumped = ""
        dump(credentials, to: &dumped)
        let texts = [String(describing: credentials), String(reflecting: credentials), "\(credentials)", dumped, "\([credentials])"]
        for text in texts {
            #expect(!text.contains(secret), "\(text)")
            #expect(text.contains("test@liferay.com"))
        }
        #expect(credentials.authorizationHeader == "Basic " + Data("test@liferay.com:\(secret)".utf8).base64EncodedString())
    }

    @Test func sessionDescriptionAndDumpHideThePassword() async throws {
        let session = try PortalSession(context: ServerContext(serverURL: URL(string: "http://127.0.0.1:1")!), credentials: credentials)
        var dumped = ""
        dump(session, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(!String(describing: session).contains("hunter2"))
        #expect(!String(reflecting: session).contains("hunter2"))
        #expect(String(describing: session).contains("test@liferay.com"))
        try await session.shutdown()
    }

    @Test func errorsAreRedacted() {
        let e = PortalError(kind: .authentication, message: "bad password hunter2-pässword for test", exceptionClass: "x.hunter2-pässword")
            .redacting(["hunter2-pässword"])
        #expect(!e.message.contains("hunter2"))
        #expect(!(e.exceptionClass ?? "").contains("hunter2"))
        var dumped = ""
        dump(e, to: &dumped)
        #expect(!dumped.contains("hunter2"))
    }

    /// Issue 12, item 3: the base64 `Basic` value a portal echoes is redacted like the password,
    /// and a short password is redacted only as a word of its own, never inside other words.
    @Test func everyFormOfTheCredentialsIsRedactedAndOrdinaryWordsAreKept() {
        let short = Credentials(username: "test@liferay.com", password: "liferay")
        let encoded = Data("test@liferay.com:liferay".utf8).base64EncodedString()
        let message = "denied Authorization: Basic \(encoded) (header \(encoded), pair test@liferay.com:liferay, password 'liferay', "
            + "liferay.) in com.liferay.dynamic.data.lists liferay-portal /o/liferay/x"
        let redacted = PortalError(kind: .authentication, message: message).redacting(short.formsForRedaction).message
        #expect(!redacted.contains(encoded), "\(redacted)")
        #expect(!redacted.contains("test@liferay.com:liferay"), "\(redacted)")
        #expect(!redacted.contains("'liferay'") && !redacted.contains(" liferay.)"), "\(redacted)")
        #expect(redacted.contains("com.liferay.dynamic.data.lists liferay-portal /o/liferay/x"), "\(redacted)")
        #expect(redacted.contains("password '***', ***.)"), "\(redacted)")
        let unpadded = String(encoded.prefix { $0 != "=" })
        #expect(!PortalError(kind: .server, message: "token=\(unpadded)&x").redacting(short.formsForRedaction).message.contains(unpadded))
    }

    @Test func loginKinds() {
        #expect(Credentials(username: "a@b.c", password: "").loginKind == .emailAddress)
        #expect(Credentials(username: "20139", password: "").loginKind == .userId)
        #expect(Credentials(username: "test", password: "").loginKind == .screenName)
        #expect(Credentials(username: "٣٤", password: "").loginKind == .screenName)
    }
}
