import DDM
import Foundation
import Synchronization
import Testing

@testable import OfflineStore

/// The run's one connectivity truth: what reports it, when requests skip the network, the probe
/// bringing it back, and the load and submit policies answering at once while it says offline.
@Suite("Connectivity")
struct ConnectivityTests {
    let folder: TemporaryFolder
    let database: CacheDatabase
    let address = EntryAddress(collection: "DDLList", key: "page-0")

    init() throws {
        folder = try TemporaryFolder()
        database = try folder.openDatabase()
    }

    /// Waits (up to `seconds`) for `condition`; false when the deadline passed first.
    /// Waits for `condition` with a deadline (it returns as soon as the condition holds; the
    /// deadline allows for a cooperative pool saturated by the other in-process suites).
    func eventually(within seconds: Double = 30, _ condition: @Sendable () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    @Test func requestsReportWhatTheySaw() async throws {
        let connectivity = Connectivity()
        #expect(connectivity.state == .unknown)
        await #expect(throws: Unreachable.self) { try await connectivity.guarded { () async throws -> Int in throw Unreachable() } }
        #expect(connectivity.state == .offline)
        // Not probed: nothing would bring it back, so the next request is still tried.
        #expect(!connectivity.skipsNetwork)
        #expect(try await connectivity.guarded { 7 } == 7)
        #expect(connectivity.state == .online)
        // A refusal is an answer: the portal is reachable.
        connectivity.reportUnreachable()
        await #expect(throws: PortalRefused.self) { try await connectivity.guarded { () async throws -> Int in throw PortalRefused() } }
        #expect(connectivity.state == .online)
    }

    @Test func whileProbedOfflineRequestsSkipTheNetworkUntilTheProbeSeesThePortal() async throws {
        let connectivity = Connectivity()
        let portalUp = Mutex(false)
        let probes = Mutex(0)
        connectivity.startProbing(every: 0.05, upTo: 0.2) {
            probes.withLock { $0 += 1 }
            return portalUp.withLock { $0 }
        }
        defer { connectivity.stopProbing() }
        connectivity.reportUnreachable()
        #expect(connectivity.skipsNetwork)
        let sent = Mutex(0)
        await #expect(throws: PortalUnreachable.self) {
            try await connectivity.guarded { () async throws -> Int in sent.withLock { $0 += 1 }; return 1 }
        }
        #expect(sent.withLock { $0 } == 0)
        #expect(await eventually { probes.withLock { $0 } >= 2 })
        #expect(connectivity.isOffline)
        portalUp.withLock { $0 = true }
        #expect(await eventually { connectivity.state == .online })
        #expect(try await connectivity.guarded { 1 } == 1)
    }

    @Test func changesStartWithTheCurrentStateAndFollowIt() async throws {
        let connectivity = Connectivity(.online)
        var changes = connectivity.changes().makeAsyncIterator()
        #expect(await changes.next() == .online)
        connectivity.reportUnreachable()
        connectivity.reportUnreachable()
        connectivity.reportReachable()
        #expect(await changes.next() == .offline)
        #expect(await changes.next() == .online)
    }

    @Test func remoteFirstAnswersFromTheCacheAtOnceWhileKnownOffline() async throws {
        let entries = EntryStore(database: database)
        try await entries.put(address, value: ["cached"])
        let connectivity = database.connectivity
        connectivity.startProbing(every: 60, upTo: 60) { false }
        defer { connectivity.stopProbing() }
        connectivity.reportUnreachable()
        let fetched = Mutex(0)
        let loader = CachePolicyLoader(database: database)
        let started = ContinuousClock.now
        let result = try await loader.load(.remoteFirst, at: address) {
            fetched.withLock { $0 += 1 }
            try await Task.sleep(for: .seconds(30))
            return ["fresh"]
        }
        #expect(result.value == ["cached"] && result.source == .cache && result.isStale)
        #expect(fetched.withLock { $0 } == 0)
        // The fetch would have taken 30 s; a loaded machine may still take a moment to read SQLite.
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func aLoadThatCannotReachThePortalTurnsTheRunOffline() async throws {
        let loader = CachePolicyLoader(database: database)
        try await EntryStore(database: database).put(address, value: ["cached"])
        _ = try await loader.load(.remoteFirst, at: address) { throw Unreachable() }
        #expect(database.connectivity.state == .offline)
        _ = try await loader.load(.remoteFirst, at: address) { ["fresh"] }
        #expect(database.connectivity.state == .online)
    }

    @Test func aWriteIsQueuedAtOnceWhileKnownOffline() async throws {
        let connectivity = database.connectivity
        connectivity.startProbing(every: 60, upTo: 60) { false }
        defer { connectivity.stopProbing() }
        connectivity.reportUnreachable()
        let log = CallLog()
        let outcome = try await SubmitExecutor(queue: PendingQueue(database: database))
            .submit(addRecord(), policy: .remoteFirst, sender: acceptingSender(log))
        guard case .queued = outcome else {
            Issue.record("expected queued, got \(outcome)")
            return
        }
        #expect(log.count == 0)
        #expect(try PendingQueue(database: database).pendingCount() == 1)
    }
}
