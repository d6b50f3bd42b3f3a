import Foundation

/// Where a read comes from (the screenlets' `offlinePolicy` for loads).
public enum LoadPolicy: String, Sendable, CaseIterable {
    /// The portal only; the cache is neither read nor written.
    case remoteOnly = "remote-only"
    /// The portal, stored in the cache; when the portal is unreachable, the cache, marked stale.
    case remoteFirst = "remote-first"
    /// The cache when it has the entry (no refresh); otherwise the portal, stored in the cache.
    case cacheFirst = "cache-first"
    /// The cache only; an error when it has nothing.
    case cacheOnly = "cache-only"
    /// The cache at once (when it has the entry), then the portal's answer, stored in the cache;
    /// when the portal is unreachable, the cached value again, marked stale.
    case cacheThenRemote = "cache-then-remote"

    /// The policy named `text` (`remote-first`…). An unknown name is an error, never a fallback.
    public init(parsing text: String) throws(OfflineStoreError) {
        guard let policy = LoadPolicy(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw .unknownPolicy(text, expected: Self.allCases.map(\.rawValue))
        }
        self = policy
    }
}

/// Where a write goes (the screenlets' `offlinePolicy` for submits, uploads and deletes).
public enum SubmitPolicy: String, Sendable, CaseIterable {
    /// Send now; any failure is an error and nothing is queued.
    case remoteOnly = "remote-only"
    /// Send now; when the portal is unreachable, queue it and say so.
    case remoteFirst = "remote-first"
    /// Queue it, then try to send it at once; say whether it was sent or stays queued.
    case cacheFirst = "cache-first"
    /// Queue it for the next sync.
    case cacheOnly = "cache-only"

    /// The policy named `text`. An unknown name is an error, never a fallback.
    public init(parsing text: String) throws(OfflineStoreError) {
        guard let policy = SubmitPolicy(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw .unknownPolicy(text, expected: Self.allCases.map(\.rawValue))
        }
        self = policy
    }
}
