import DDM
import Foundation
import Synchronization
import Testing

@testable import PortalClient

/// ``PortalSession/probeCapabilities(groupId:probeDeadline:)`` against portals that answer in every
/// way a probe meets: present, 404, 401, HTML, no answer at all, nobody listening.
@Suite("Capability probes")
struct CapabilityProbeTests {
    /// For probes that must find something: a saturated machine (a parallel test run beside a
    /// build) can take longer than the default 3 s deadline, which would read as "absent".
    static let unhurried: Duration = .seconds(60)
    static let page = #"{"actions": {}, "facets": [], "items": [], "lastPage": 1, "page": 1, "pageSize": 1, "totalCount": 0}"#

    @Test func everythingPresent() async throws {
        try await withServer({ request in
            switch request.uri {
            case "/api/jsonws/invoke": return .json("[0]")
            case "/o/headless-delivery/v1.0/sites/20143/documents?pageSize=1", "/o/object-admin/v1.0/object-definitions?pageSize=1":
                return .json(Self.page)
            case "/o/oauth2/authorize": return .text("<html>invalid request</html>", status: 400)
            default: return .text("", status: 404)
            }
        }) { session, server in
            let found = await session.probeCapabilities(probeDeadline: Self.unhurried)
            #expect(found == PortalCapabilities(screensPlugin: true, headlessDelivery: true, objects: true, oauth2: true))
            #expect(server.requests.first { $0.uri == "/o/oauth2/authorize" }?.header("Authorization") == nil, "no credentials to the browser endpoint")
        }
    }

    @Test func screensActionFailingOnItsOwnStillCounts() async throws {
        try await withServer({ request in
            request.uri == "/api/jsonws/invoke"
                ? .json(#"{"error": {"message": "No DDLRecordSet exists with the primary key 0", "type": "com.liferay.dynamic.data.lists.exception.NoSuchRecordSetException"}}"#, status: 404)
                : .text("", status: 404)
        }) { session, _ in
            #expect(await session.probeCapabilities(probeDeadline: Self.unhurried) == PortalCapabilities(screensPlugin: true, headlessDelivery: false, objects: false, oauth2: false))
        }
    }

    @Test(arguments: [
        TestServer.Reply.json(#"{"error": {"message": "No JSON web service action with path /screens.screensddlrecord/get-ddl-records-count and method POST for /", "type": "com.liferay.portal.kernel.jsonwebservice.NoSuchJSONWebServiceException"}}"#, status: 404),
        .json("{}", status: 404),
        .text("<html><body>Not Found</body></html>", status: 404, headers: [("Content-Type", "text/html")]),
        .text("<html><body>Sign in</body></html>", status: 200, headers: [("Content-Type", "text/html")]),
        .json(#"{"status": "UNAUTHORIZED", "title": "Access denied"}"#, status: 401),
        .text("", status: 500),
    ])
    func absentWhateverTheRefusalLooksLike(reply: TestServer.Reply) async throws {
        try await withServer({ request in request.uri == "/o/oauth2/authorize" ? .text("", status: 404) : reply }) { session, _ in
            #expect(await session.probeCapabilities() == PortalCapabilities(screensPlugin: false, headlessDelivery: false, objects: false, oauth2: false))
        }
    }

    @Test func aPortalThatNeverAnswersCostsOneShortDeadline() async throws {
        // When the four probes arrive tells parallel from sequential without timing the whole
        // run (a saturated machine stretches wall time and delays the first send): one after the
        // other, each probe would be sent only once the one before was cut at the deadline, so
        // they would arrive at least a deadline apart.
        final class Arrivals: Sendable {
            let times = Mutex<[ContinuousClock.Instant]>([])
        }
        let arrivals = Arrivals()
        try await withServer({ _ in
            arrivals.times.withLock { $0.append(.now) }
            return .hang
        }) { session, _ in
            let deadline = Duration.seconds(10)
            let started = ContinuousClock.now
            let found = await session.probeCapabilities(probeDeadline: deadline)
            #expect(found == PortalCapabilities(screensPlugin: false, headlessDelivery: false, objects: false, oauth2: false))
            let seen = arrivals.times.withLock { $0 }
            #expect(seen.count == 4, "every probe reaches the portal")
            if let first = seen.min(), let last = seen.max() {
                #expect(last - first < deadline, "the four probes are sent together, not one after another is cut")
            }
            #expect(ContinuousClock.now - started < .seconds(3 * 10), "each probe is cut at the deadline")
        }
    }

    @Test func nobodyListeningIsAnsweredAtOnce() async throws {
        let server = try await TestServer.start { _ in .hang }
        let url = server.baseURL
        try await server.stop()
        let session = try PortalSession(
            context: ServerContext(serverURL: url, companyId: 20099, groupId: 20143, version: .v7),
            credentials: Credentials(username: "test@liferay.com", password: "pw"))
        // A very long deadline, so that waiting on the refused connection would show (a minute),
        // while the bound leaves room for a cooperative pool saturated by the other in-process
        // suites (15 s was seen on a 2-core machine building at the same time).
        let started = ContinuousClock.now
        let found = await session.probeCapabilities(probeDeadline: .seconds(60))
        try await session.shutdown()
        #expect(found == PortalCapabilities(screensPlugin: false, headlessDelivery: false, objects: false, oauth2: false))
        #expect(ContinuousClock.now - started < .seconds(30), "a refused connection is not waited for")
    }
}
