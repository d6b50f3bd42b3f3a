import GRDB

extension CacheDatabase {
    /// Reads in one transaction (one consistent snapshot) on GRDB's own threads, without holding a
    /// task's thread while SQLite works. The reader connection goes back to the pool on GRDB's
    /// thread as soon as `value` returns, before the calling task runs again. A cancelled task's
    /// read throws `CancellationError` without reading, as GRDB's own async read does.
    ///
    /// Use this, never `pool.read` in its `async` form: that one frees its reader only once the
    /// awaiting task is running again, which needs a cooperative thread. The pending queue reads
    /// synchronously on those threads, waiting for a free reader; with every reader kept by async
    /// reads and every cooperative thread (two on a two-core machine) waiting for one, nothing
    /// runs again: the process stops for good.
    public func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { continuation in
            pool.asyncRead { database in
                continuation.resume(with: Result { try value(database.get()) })
            }
        }
    }
}
