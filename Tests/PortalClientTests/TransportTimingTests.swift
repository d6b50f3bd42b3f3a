import DDM
import Foundation
import PortalEmulator
import Testing
import TermletsTestSupport

@testable import PortalClient

/// How long a dead or slow portal may keep a call waiting: a refused connection is known at once,
/// an unanswered connect within the connect timeout, and an answer that trickles in ends at the
/// request's total deadline. All with the default options (15 s idle timeouts).
@Suite("Transport timing: fast failures and total deadlines", .serialized)
struct TransportTimingTests {
    static func session(_ url: URL, options: PortalSession.Options = PortalSession.Options()) throws -> PortalSession {
        try PortalSession(
            context: ServerContext(serverURL: url, companyId: 20099, groupId: 20143, version: nil),
            credentials: Credentials(username: "test@liferay.com", password: "test"), options: options)
    }

    /// Runs `body` and returns the error it threw and how long it took.
    static func timed(_ body: () async throws -> Void) async -> (PortalError?, Duration) {
        let clock = ContinuousClock()
        let started = clock.now
        let error = await expectPortalError(body)
        return (error, clock.now - started)
    }

    @Test func aRefusedConnectionIsUnreachableAtOnce() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        // Long timeouts, so that retrying the refused connect until one of them ends (what
        // AsyncHTTPClient does by default: 15 s, 30 s to detect) would take a minute.
        var options = PortalSession.Options()
        options.timeout = .seconds(60)
        options.connectTimeout = .seconds(60)
        let session = try Self.session(refusing.url, options: options)
        // Version detection (a HEAD, then the build-number call) and a service call.
        let (detect, detectTime) = await Self.timed { _ = try await session.version() }
        let (invoke, invokeTime) = await Self.timed { _ = try await session.invoke(ServiceCall(path: "/portal/get-build-number")) }
        try await session.shutdown()
        for (error, time) in [(detect, detectTime), (invoke, invokeTime)] {
            #expect(error?.kind == .network)
            #expect(error?.isUnreachable == true, "\(String(describing: error))")
            #expect(error?.message == "the portal refused the connection")
            // About 10 ms when run alone; the bound leaves room for a 2-core machine whose
            // cooperative threads are busy with every other suite (resuming this task can take
            // seconds then), far below the minute that retrying would take.
            #expect(time < .seconds(30), "a refused connection took \(time) to report")
        }
    }

    @Test func anUnansweredConnectIsUnreachableWithinTheConnectTimeout() async throws {
        let blackhole = try SilentListener(port: 0, dropNewConnections: true)
        defer { blackhole.close() }
        let session = try Self.session(URL(string: "http://127.0.0.1:\(blackhole.port)")!)
        let (error, time) = await Self.timed { _ = try await session.version() }
        try await session.shutdown()
        #expect(error?.kind == .network)
        #expect(error?.isUnreachable == true, "\(String(describing: error))")
        let limit = PortalSession.Options.defaultConnectTimeout
        #expect(time >= limit - .milliseconds(200), "gave up after \(time), before the connect timeout")
        #expect(time < limit + .seconds(3), "an unanswered connect took \(time) to report")
    }

    @Test func anAnswerThatNeverEndsIsNotUnreachable() async throws {
        let server = try await TestServer.start { _ in .hang }
        let session = try Self.session(server.baseURL, options: PortalSession.Options(timeout: .seconds(1), requestDeadline: .seconds(5)))
        let (error, _) = await Self.timed { _ = try await session.invoke(ServiceCall(path: "/portal/get-build-number")) }
        try await session.shutdown()
        try await server.stop()
        #expect(error?.kind == .network)
        #expect(error?.isUnreachable == false, "connected, so the request may have been seen: \(String(describing: error))")
    }

    @Test func aSlowDripAnswerEndsAtTheTotalDeadline() async throws {
        let emulator = try await PortalEmulator.start(EmulatorOptions(version: .v7))
        await emulator.setFaults(FaultSettings(pathPrefix: "/api/jsonws", dripBytesPerSecond: 1))
        let deadline = Duration.seconds(3)
        let session = try Self.session(emulator.baseURL, options: PortalSession.Options(requestDeadline: deadline))
        session.setVersion(.v7)
        let (error, time) = await Self.timed { _ = try await session.login() }
        try await session.shutdown()
        await emulator.stop()
        #expect(error?.kind == .network)
        #expect(error?.isUnreachable == false)
        #expect(error?.message == "the portal did not answer completely within 3 s")
        #expect(time >= deadline - .milliseconds(100), "ended after \(time), before the deadline")
        #expect(time < deadline + .seconds(4), "a 1 byte/s answer took \(time) to end; the deadline is \(deadline)")
    }

    @Test func aSlowDripAnswerToAnUploadEndsAtTheDeadline() async throws {
        let emulator = try await PortalEmulator.start(EmulatorOptions(version: .v7))
        await emulator.setFaults(FaultSettings(pathPrefix: "/api/jsonws", dripBytesPerSecond: 1))
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("drip-\(UUID().uuidString).png")
        try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try Self.session(emulator.baseURL, options: PortalSession.Options(requestDeadline: .seconds(3)))
        session.setVersion(.v7)
        let (error, time) = await Self.timed {
            _ = try await session.addFileEntry(
                repositoryId: 20143, folderId: 50001, file: FileUpload(fileURL: file, fileName: "drip.png", mimeType: "image/png"),
                title: "drip", serviceContext: ServiceContext(addGuestPermissions: true)) { _, _ in }
        }
        try await session.shutdown()
        await emulator.stop()
        #expect(error?.kind == .network)
        #expect(error?.message == "the portal did not answer the upload completely within 3 s")
        #expect(time < .seconds(8), "a 1 byte/s answer to an upload took \(time) to end")
    }

    @Test func aModeratelySlowAnswerWithinTheDeadlineArrivesWhole() async throws {
        let emulator = try await PortalEmulator.start(EmulatorOptions(version: .v7))
        await emulator.setFaults(FaultSettings(pathPrefix: "/api/jsonws", dripBytesPerSecond: 4000))
        let session = try Self.session(emulator.baseURL, options: PortalSession.Options(requestDeadline: .seconds(20)))
        session.setVersion(.v7)
        let user = try await session.login()
        try await session.shutdown()
        await emulator.stop()
        #expect(user.userId == 20139)
    }
}
