import DDM
import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing
import TermletsTestSupport

@testable import PortalClient

/// Collects log lines in memory.
private struct CapturingLogHandler: LogHandler {
    let lines: NIOLockedValueBox<[String]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.withLockedValue { $0.append("\(event.level) \(event.message) \(event.metadata ?? [:])") }
    }
}

@Suite("Robustness")
struct RobustnessTests {
    @Test func responseParserSurvivesHostileBodies() {
        var random = SeededGenerator(seed: 42)
        let fragments = [
            "{", "}", "[", "]", "\"exception\"", "\"error\"", ":", ",", "null", "\"", "\\u001b[2J", "{\"type\":", "\"message\"", "1e999",
            "-", "0", "\u{202E}", "\"throwable\"", "true", " ", "\n",
        ]
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<(random.next() % 12) { text += fragments[Int(random.next() % UInt64(fragments.count))] }
            var bytes = Array(text.utf8)
            if random.next() % 4 == 0 { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
            let status = [200, 200, 301, 401, 403, 404, 500, 502][Int(random.next() % 8)]
            do {
                _ = try ResponseParser.parse(status: status, location: "/x\u{1b}[31m", body: bytes)
                #expect((200..<300).contains(status))
            } catch {
                #expect(error.message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) })
            }
        }
    }

    @Test func deeplyNestedErrorBodyIsHandled() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: PortalError.self) { try ResponseParser.parse(status: 200, location: nil, body: Array(deep.utf8)) }
    }

    @Test func logsNeverContainSecrets() async throws {
        let lines = NIOLockedValueBox<[String]>([])
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let server = try await TestServer.start { request in
            request.uri.contains("fail") ? .json(#"{"exception":"x.AuthException","message":"bad pw hunter2-secret"}"#) : .json("[1]")
        }
        let credentials = Credentials(username: "test@liferay.com", password: "hunter2-secret")
        let session = try PortalSession(
            context: ServerContext(serverURL: server.baseURL, version: .v7), credentials: credentials, logger: logger)
        _ = try await session.invoke(ServiceCall(path: "/a/b"))
        let failing = try PortalSession(
            context: ServerContext(serverURL: server.baseURL.appendingPathComponent("fail"), version: .v7), credentials: credentials,
            logger: logger)
        let e = await expectPortalError { _ = try await failing.invoke(ServiceCall(path: "/a/b")) }
        #expect(e?.kind == .authentication)
        #expect(e?.message.contains("hunter2") == false)
        try await session.shutdown()
        try await failing.shutdown()
        try await server.stop()

        let captured = lines.withLockedValue { $0 }
        #expect(captured.contains { $0.contains("/api/jsonws/invoke /a/b -> 200") })
        let basic = Data("test@liferay.com:hunter2-secret".utf8).base64EncodedString()
        for line in captured {
            #expect(!line.contains("hunter2"))
            #expect(!line.contains(basic))
        }
    }
}
