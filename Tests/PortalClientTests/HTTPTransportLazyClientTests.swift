import Foundation
import Logging
import Testing

@testable import PortalClient

/// The transport makes its HTTP client at the first request (so a session opened for a screen that
/// draws from the cache starts no event loop before its first frame), and behaves as before around
/// it: requests work from the first one, and a transport shut down before any request fails its
/// requests, and a second shutdown, as one shut down after a request does.
@Suite("HTTP transport: the client made at the first request")
struct HTTPTransportLazyClientTests {
    static func transport() -> HTTPTransport {
        HTTPTransport(options: PortalSession.Options(), logger: Logger(label: "test"), secrets: [])
    }

    @Test func requestsWorkFromTheFirstOne() async throws {
        let server = try await TestServer.start { _ in .json("[1]") }
        let transport = Self.transport()
        for _ in 0..<2 {
            let answer = try await transport.send(method: .GET, url: server.baseURL.absoluteString + "/x", headers: [:])
            #expect(answer.status == 200)
            #expect(answer.body == Array("[1]".utf8))
        }
        try await transport.shutdown()
        try await server.stop()
        #expect(server.requests.count == 2)
    }

    @Test func shutDownBeforeAnyRequestFailsAsAfterOne() async throws {
        let server = try await TestServer.start { _ in .json("[1]") }
        let url = server.baseURL.absoluteString + "/x"
        let used = Self.transport()
        _ = try await used.send(method: .GET, url: url, headers: [:])
        let unused = Self.transport()
        try await used.shutdown()
        try await unused.shutdown()

        let afterUse = await #expect(throws: (any Error).self) { try await used.send(method: .GET, url: url, headers: [:]) }
        let withoutUse = await #expect(throws: (any Error).self) { try await unused.send(method: .GET, url: url, headers: [:]) }
        #expect(withoutUse.map { "\($0)" } == afterUse.map { "\($0)" })
        let secondAfterUse = await #expect(throws: (any Error).self) { try await used.shutdown() }
        let secondWithoutUse = await #expect(throws: (any Error).self) { try await unused.shutdown() }
        #expect(secondWithoutUse.map { "\($0)" } == secondAfterUse.map { "\($0)" })
        try await server.stop()
        #expect(server.requests.count == 1)
    }
}
