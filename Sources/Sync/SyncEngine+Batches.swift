import DDM
import OfflineStore
import PortalClient

/// Results of sending a group of writes, one per write, in order.
typealias ItemResults = [(item: QueueItem, result: Result<JSONValue, any Error>)]

extension SyncEngine {
    /// Sends one command per item, `batchSize` commands per `/invoke` request. The portal fails a
    /// whole batch when one command fails, so a batch refused for any reason other than
    /// connectivity is sent again one command at a time: the culprit gets its own error, the
    /// others go through. A connectivity failure (or cancellation) is thrown.
    func sendInBatches(_ items: [QueueItem], build: (QueueItem) throws -> ServiceCall) async throws -> ItemResults {
        var results: ItemResults = []
        for start in stride(from: 0, to: items.count, by: configuration.batchSize) {
            let chunk = Array(items[start..<min(items.count, start + configuration.batchSize)])
            var buildable: [(item: QueueItem, call: ServiceCall)] = []
            for item in chunk {
                do { buildable.append((item, try build(item))) } catch { results.append((item, .failure(error))) }
            }
            results += try await invokeWithFallback(buildable)
        }
        return results
    }

    /// One request for all `commands`; one request each when that batch is refused.
    func invokeWithFallback(_ commands: [(item: QueueItem, call: ServiceCall)]) async throws -> ItemResults {
        guard !commands.isEmpty else { return [] }
        do {
            let answers = try await session.invoke(commands.map(\.call))
            return zip(commands, answers).map { ($0.item, .success($1)) }
        } catch {
            try Self.rethrowIfUnreachable(error)
            guard commands.count > 1 else { return [(commands[0].item, .failure(error))] }
        }
        var results: ItemResults = []
        for command in commands {
            do {
                results.append((command.item, .success(try await session.invoke(command.call))))
            } catch {
                try Self.rethrowIfUnreachable(error)
                results.append((command.item, .failure(error)))
            }
        }
        return results
    }

    /// Answers `calls` (look-ups) by position; a refused batch is retried call by call, so one
    /// missing record does not hide the others. Connectivity failures are thrown.
    func lookUp(_ calls: [ServiceCall]) async throws -> [Result<JSONValue, any Error>] {
        var results: [Result<JSONValue, any Error>] = []
        for start in stride(from: 0, to: calls.count, by: configuration.batchSize) {
            let chunk = Array(calls[start..<min(calls.count, start + configuration.batchSize)])
            do {
                results += try await session.invoke(chunk).map { .success($0) }
            } catch {
                try Self.rethrowIfUnreachable(error)
                for call in chunk {
                    do {
                        results.append(.success(try await session.invoke(call)))
                    } catch {
                        try Self.rethrowIfUnreachable(error)
                        results.append(.failure(error))
                    }
                }
            }
        }
        return results
    }

    /// Throws `error` when it means the portal is unreachable or the run was cancelled.
    static func rethrowIfUnreachable(_ error: any Error) throws {
        if error is CancellationError { throw error }
        if let classified = error as? any OfflineClassifiable, classified.isConnectivityFailure { throw error }
    }
}
