import DDM
import Foundation

/// Runs a read under a ``LoadPolicy``: one generic executor for forms, records, list pages,
/// counts and gallery pages alike.
///
/// - Only connectivity failures (``OfflineClassifiable``) fall back to the cache; an answer from
///   the portal (authentication, permission, not found, server error) is rethrown as it is.
/// - A portal answer is stored clean with `attributes`, except where the cached entry holds
///   local changes, which a read never overwrites. `remote-only` writes nothing.
public struct CachePolicyLoader: Sendable {
    /// The entries read and written by the policies.
    public let entries: EntryStore
    /// Told the outcome of every fetch; while it knows the portal is unreachable (and probes
    /// it), fetches fail at once and the cache answers without waiting.
    public let connectivity: Connectivity?

    /// A loader reading and writing `entries`, its fetches guarded by `connectivity`.
    public init(entries: EntryStore, connectivity: Connectivity? = nil) {
        self.entries = entries
        self.connectivity = connectivity
    }

    /// A loader on the entries of `database`, sharing the database's ``CacheDatabase/connectivity``.
    public init(database: CacheDatabase) {
        self.init(entries: EntryStore(database: database), connectivity: database.connectivity)
    }

    /// The final answer under `policy`: for `cache-then-remote`, the portal's answer (or the
    /// stale cached value when the portal is unreachable). Use ``updates(_:at:attributes:fetch:)``
    /// to show the cached value first.
    public func load(
        _ policy: LoadPolicy, at address: EntryAddress, attributes: JSONValue = [:],
        fetch: @escaping @Sendable () async throws -> JSONValue
    ) async throws -> LoadResult {
        var last: LoadResult?
        for try await result in updates(policy, at: address, attributes: attributes, fetch: fetch) {
            last = result
        }
        guard let last else { throw OfflineStoreError.notCached(collection: address.collection, key: address.key) }
        return last
    }

    /// Every answer under `policy`, in order: one for most policies; for `cache-then-remote`, the
    /// cached value first (when there is one), then the portal's answer, or the cached value again
    /// marked stale when the portal is unreachable. The stream ends with an error when no value
    /// can be given. Cancelling the consuming task, or releasing the stream (leaving a `for try
    /// await` loop over it), cancels the fetch.
    public func updates(
        _ policy: LoadPolicy, at address: EntryAddress, attributes: JSONValue = [:],
        fetch: @escaping @Sendable () async throws -> JSONValue
    ) -> AsyncThrowingStream<LoadResult, any Error> {
        updates(policy, at: address, attributes: attributes, fetchSourced: { SourcedJSON(try await fetch()) })
    }

    /// ``updates(_:at:attributes:fetch:)`` for a fetch that keeps the text of what the portal sent
    /// (``SourcedJSON``): that text is cached as it is, without serialising the value again.
    public func updates(
        _ policy: LoadPolicy, at address: EntryAddress, attributes: JSONValue = [:],
        fetchSourced fetch: @escaping @Sendable () async throws -> SourcedJSON
    ) -> AsyncThrowingStream<LoadResult, any Error> {
        updates(policy, at: address, attributes: attributes, fetchStoring: { FetchedValue(try await fetch()) })
    }

    /// ``updates(_:at:attributes:fetchSourced:)`` for a fetch that may have stored its value
    /// itself, with others in one transaction (``FetchedValue/stored``): such a value is not
    /// stored a second time.
    public func updates(
        _ policy: LoadPolicy, at address: EntryAddress, attributes: JSONValue = [:],
        fetchStoring fetch: @escaping @Sendable () async throws -> FetchedValue
    ) -> AsyncThrowingStream<LoadResult, any Error> {
        let entries = self.entries
        let fetch = Self.guarding(fetch, with: connectivity)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await Self.run(policy, address, attributes, entries, fetch) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The answers ``updates(_:at:attributes:fetchStoring:)`` gives, handed to `each` in order,
    /// in the calling task: no task or stream of its own, so an answer reaches its caller on the
    /// thread that made it (a list page's load: issue 17). Throws what the stream would end with,
    /// or what `each` throws.
    public func forEachAnswer(
        _ policy: LoadPolicy, at address: EntryAddress, attributes: JSONValue = [:],
        fetchStoring fetch: @escaping @Sendable () async throws -> FetchedValue,
        _ each: (LoadResult) async throws -> Void
    ) async throws {
        try await Self.run(policy, address, attributes, entries, Self.guarding(fetch, with: connectivity), deliver: each)
    }

    /// `fetch`, reporting to `connectivity` and skipping the network while it says offline.
    private static func guarding(
        _ fetch: @escaping @Sendable () async throws -> FetchedValue, with connectivity: Connectivity?
    ) -> @Sendable () async throws -> FetchedValue {
        guard let connectivity else { return fetch }
        return { try await connectivity.guarded(fetch) }
    }

    private static func run(
        _ policy: LoadPolicy, _ address: EntryAddress, _ attributes: JSONValue, _ entries: EntryStore,
        _ fetch: @Sendable () async throws -> FetchedValue, deliver: (LoadResult) async throws -> Void
    ) async throws {
        switch policy {
        case .remoteOnly:
            try await deliver(.fromPortal(try await fetch().value, attributes: attributes))

        case .remoteFirst:
            do {
                try await deliver(try await fetchAndStore(address, attributes, entries, fetch))
            } catch where isConnectivityFailure(error) {
                guard let cached = try await entries.get(address) else { throw error }
                try await deliver(.fromCache(cached, stale: true))
            }

        case .cacheFirst:
            if let cached = try await entries.get(address) {
                try await deliver(.fromCache(cached, stale: false))
            } else {
                try await deliver(try await fetchAndStore(address, attributes, entries, fetch))
            }

        case .cacheOnly:
            guard let cached = try await entries.get(address) else {
                throw OfflineStoreError.notCached(collection: address.collection, key: address.key)
            }
            try await deliver(.fromCache(cached, stale: false))

        case .cacheThenRemote:
            let cached = try await entries.get(address)
            if let cached { try await deliver(.fromCache(cached, stale: false)) }
            do {
                try await deliver(try await fetchAndStore(address, attributes, entries, fetch))
            } catch where isConnectivityFailure(error) {
                guard let cached else { throw error }
                try await deliver(.fromCache(cached, stale: true))
            }
        }
    }

    private static func fetchAndStore(
        _ address: EntryAddress, _ attributes: JSONValue, _ entries: EntryStore,
        _ fetch: @Sendable () async throws -> FetchedValue
    ) async throws -> LoadResult {
        let fetched = try await fetch()
        let stored: Bool
        if let storedAlready = fetched.stored {
            stored = storedAlready
        } else {
            stored = try await entries.putFetched(address, fetched: fetched.value, attributes: attributes)
        }
        return LoadResult(
            sourced: fetched.value, attributes: attributes, source: .portal, storedAt: nil, isStale: false,
            hasLocalChanges: !stored)
    }
}

/// What a fetch under a ``LoadPolicy`` brought: the portal's value, and whether the fetch has
/// already offered it to the cache (with others fetched together, in one transaction).
public struct FetchedValue: Sendable {
    /// The value, with the portal's text when kept.
    public let value: SourcedJSON
    /// nil: not stored yet (the policy stores it); true: stored; false: not stored because the
    /// cached entry holds local changes.
    public let stored: Bool?

    public init(_ value: SourcedJSON, stored: Bool? = nil) {
        self.value = value
        self.stored = stored
    }
}
