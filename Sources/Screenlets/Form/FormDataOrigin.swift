import Foundation
import OfflineStore

/// Where the data shown by the form came from.
public struct FormDataOrigin: Sendable, Equatable {
    /// The portal or the cache.
    public let source: DataSource
    /// Served from the cache because the portal could not be reached.
    public let isStale: Bool
    /// When the cached copy was stored (cache answers only).
    public let storedAt: Date?

    public init(source: DataSource, isStale: Bool, storedAt: Date?) {
        self.source = source
        self.isStale = isStale
        self.storedAt = storedAt
    }

    init(_ result: LoadResult) {
        self.init(source: result.source, isStale: result.isStale, storedAt: result.storedAt)
    }
}
