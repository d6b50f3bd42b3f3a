import DDM
import Foundation
import Testing

@testable import OfflineStore

@Suite("Load policies")
struct LoadPolicyTests {
    let folder: TemporaryFolder
    let entries: EntryStore
    let loader: CachePolicyLoader
    let address = EntryAddress(collection: "DDLList", key: "page-0")
    let cachedAt = Date(timeIntervalSince1970: 1_700_000_000)

    init() throws {
        folder = try TemporaryFolder()
        entries = EntryStore(database: try folder.openDatabase())
        loader = CachePolicyLoader(entries: entries)
    }

    func seedCache() async throws {
        try await entries.put(address, value: ["cached"], attributes: ["rowCount": 1], storedAt: cachedAt)
    }

    let online: @Sendable () async throws -> JSONValue = { ["fresh"] }
    let offline: @Sendable () async throws -> JSONValue = { throw Unreachable() }
    let refused: @Sendable () async throws -> JSONValue = { throw PortalRefused() }
    let unclassified: @Sendable () async throws -> JSONValue = { throw Unclassified() }

    @Test func policiesParseFromTheirNamesAndRejectOthers() throws {
        for policy in LoadPolicy.allCases { #expect(try LoadPolicy(parsing: policy.rawValue) == policy) }
        #expect(try LoadPolicy(parsing: " Cache-Then-Remote ") == .cacheThenRemote)
        #expect(throws: OfflineStoreError.unknownPolicy("remote-frist", expected: LoadPolicy.allCases.map(\.rawValue))) {
            try LoadPolicy(parsing: "remote-frist")
        }
        #expect(throws: OfflineStoreError.self) { try SubmitPolicy(parsing: "cache-then-remote") }
        #expect(try SubmitPolicy(parsing: "cache-only") == .cacheOnly)
    }

    // MARK: remote-only

    @Test func remoteOnlyOnlineReturnsThePortalAndWritesNothing() async throws {
        let result = try await loader.load(.remoteOnly, at: address, fetch: online)
        #expect(result.value == ["fresh"] && result.source == .portal && result.storedAt == nil && !result.isStale)
        #expect(try await entries.get(address) == nil)
    }

    @Test func remoteOnlyOfflineFailsEvenWithACache() async throws {
        try await seedCache()
        await #expect(throws: Unreachable.self) { try await loader.load(.remoteOnly, at: address, fetch: offline) }
    }

    // MARK: remote-first

    @Test func remoteFirstOnlineStoresThePortalAnswer() async throws {
        try await seedCache()
        let result = try await loader.load(.remoteFirst, at: address, attributes: ["rowCount": 9], fetch: online)
        #expect(result.value == ["fresh"] && result.source == .portal)
        let stored = try #require(try await entries.get(address))
        #expect(stored.value == ["fresh"] && stored.attributes == ["rowCount": 9] && stored.storedAt > cachedAt)
    }

    @Test func remoteFirstOfflineServesTheCacheMarkedStale() async throws {
        try await seedCache()
        let result = try await loader.load(.remoteFirst, at: address, fetch: offline)
        #expect(result.value == ["cached"] && result.source == .cache && result.isStale)
        #expect(result.storedAt == cachedAt && result.attributes == ["rowCount": 1])
    }

    @Test func remoteFirstOfflineWithoutCacheRethrowsTheNetworkError() async throws {
        await #expect(throws: Unreachable.self) { try await loader.load(.remoteFirst, at: address, fetch: offline) }
    }

    @Test func remoteFirstDoesNotHidePortalErrorsBehindTheCache() async throws {
        try await seedCache()
        await #expect(throws: PortalRefused.self) { try await loader.load(.remoteFirst, at: address, fetch: refused) }
        await #expect(throws: Unclassified.self) { try await loader.load(.remoteFirst, at: address, fetch: unclassified) }
    }

    // MARK: cache-first

    @Test func cacheFirstWithACacheNeverAsksThePortal() async throws {
        try await seedCache()
        let log = CallLog()
        let result = try await loader.load(.cacheFirst, at: address) { log.record("fetch"); return ["fresh"] }
        #expect(result.value == ["cached"] && result.source == .cache && !result.isStale && result.storedAt == cachedAt)
        #expect(log.count == 0)
    }

    @Test func cacheFirstWithoutCacheFetchesAndStores() async throws {
        let result = try await loader.load(.cacheFirst, at: address, fetch: online)
        #expect(result.source == .portal && result.value == ["fresh"])
        #expect(try await entries.get(address)?.value == ["fresh"])
    }

    @Test func cacheFirstWithoutCacheOfflineFails() async throws {
        await #expect(throws: Unreachable.self) { try await loader.load(.cacheFirst, at: address, fetch: offline) }
    }

    // MARK: cache-only

    @Test func cacheOnlyServesTheCacheOrFailsClearly() async throws {
        let log = CallLog()
        await #expect(throws: OfflineStoreError.notCached(collection: "DDLList", key: "page-0")) {
            try await loader.load(.cacheOnly, at: address) { log.record("fetch"); return ["fresh"] }
        }
        try await seedCache()
        let result = try await loader.load(.cacheOnly, at: address) { log.record("fetch"); return ["fresh"] }
        #expect(result.value == ["cached"] && result.source == .cache && !result.isStale)
        #expect(log.count == 0)
    }

    // MARK: cache-then-remote

    @Test func cacheThenRemoteDeliversTheCacheThenThePortal() async throws {
        try await seedCache()
        var results: [LoadResult] = []
        for try await result in loader.updates(.cacheThenRemote, at: address, fetch: online) { results.append(result) }
        #expect(results.map(\.source) == [.cache, .portal])
        #expect(results.map(\.value) == [["cached"], ["fresh"]])
        #expect(results[0].storedAt == cachedAt && !results[0].isStale)
        #expect(try await entries.get(address)?.value == ["fresh"])
    }

    @Test func cacheThenRemoteShowsTheCacheBeforeThePortalAnswers() async throws {
        try await seedCache()
        let gate = AsyncStream<Void>.makeStream()
        let stream = loader.updates(.cacheThenRemote, at: address) {
            for await _ in gate.stream { break }  // the portal answers only once released
            return ["fresh"]
        }
        var iterator = stream.makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.source == .cache)  // delivered while the fetch is still waiting
        gate.continuation.yield()
        let second = try await iterator.next()
        #expect(second?.source == .portal)
        #expect(try await iterator.next() == nil)
    }

    @Test func cacheThenRemoteOfflineRepeatsTheCacheMarkedStale() async throws {
        try await seedCache()
        var results: [LoadResult] = []
        for try await result in loader.updates(.cacheThenRemote, at: address, fetch: offline) { results.append(result) }
        #expect(results.map(\.isStale) == [false, true])
        #expect(results.allSatisfy { $0.source == .cache && $0.value == ["cached"] })
        let final = try await loader.load(.cacheThenRemote, at: address, fetch: offline)
        #expect(final.isStale)
    }

    @Test func cacheThenRemoteWithoutCacheIsJustThePortal() async throws {
        var results: [LoadResult] = []
        for try await result in loader.updates(.cacheThenRemote, at: address, fetch: online) { results.append(result) }
        #expect(results.map(\.source) == [.portal])
        await #expect(throws: Unreachable.self) {
            try await loader.load(.cacheThenRemote, at: EntryAddress(collection: "x", key: "y"), fetch: offline)
        }
    }

    @Test func cacheThenRemoteEndsWithThePortalErrorAfterTheCache() async throws {
        try await seedCache()
        var delivered: [DataSource] = []
        await #expect(throws: PortalRefused.self) {
            for try await result in loader.updates(.cacheThenRemote, at: address, fetch: refused) {
                delivered.append(result.source)
            }
        }
        #expect(delivered == [.cache])
    }

    @Test(.timeLimit(.minutes(1)))
    func stoppingTheConsumerCancelsThePortalRequest() async throws {
        try await seedCache()
        let cancelled = AsyncStream<Void>.makeStream()
        let never = AsyncStream<Void>.makeStream()
        let fetch: @Sendable () async throws -> JSONValue = {
            try await withTaskCancellationHandler {
                for await _ in never.stream {}  // nothing is ever sent: ends only when cancelled
                _ = never.continuation  // kept alive, so the stream does not finish by itself
                try Task.checkCancellation()
                return ["fresh"]
            } onCancel: {
                cancelled.continuation.yield()
            }
        }
        // The stream is not kept: leaving the loop releases it, which ends it.
        for try await result in loader.updates(.cacheThenRemote, at: address, fetch: fetch) {
            #expect(result.source == .cache)
            break  // the consumer leaves after the cached answer
        }
        var signals = cancelled.stream.makeAsyncIterator()
        #expect(await signals.next() != nil)  // the fetch was told to stop
    }

    @Test func aPortalAnswerDoesNotReplaceUnsyncedLocalChanges() async throws {
        try await entries.put(address, value: ["mine"], state: .dirty)
        let result = try await loader.load(.remoteFirst, at: address, fetch: online)
        #expect(result.value == ["fresh"] && result.hasLocalChanges)
        #expect(try await entries.get(address)?.value == ["mine"])
        let cached = try await loader.load(.cacheOnly, at: address, fetch: online)
        #expect(cached.hasLocalChanges && cached.value == ["mine"])
    }
}
