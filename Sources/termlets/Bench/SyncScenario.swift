import DDM
import Foundation
import OfflineStore
import PortalClient
import Sync

/// `sync`: records queued offline sent to the portal by the sync engine, batched (Termlets) and
/// one request per record (the reference), each from its own fresh offline database, with the
/// emulator's latency set for the run. Every record is checked to exist exactly once afterwards.
struct SyncScenario {
    struct Settings: Sendable {
        var records: Int
        var latencyMs: Int
        var batchSize: Int

        /// What the SPEC asks: 1,000 records with 20 ms latency.
        static let full = Settings(records: 1_000, latencyMs: 20, batchSize: 50)
        /// CI: 200 records, same latency and batch size.
        static let quick = Settings(records: 200, latencyMs: 20, batchSize: 50)

        var description: String { "\(records) queued records, \(latencyMs) ms latency, batches of \(batchSize)" }
    }

    struct Figures: Sendable {
        var wallMs = 0.0
        /// HTTP requests that carried an add.
        var requests = 0
        var synced = 0

        var json: [String: Double] {
            ["wallMs": wallMs.rounded(to: 1), "requests": Double(requests), "synced": Double(synced)]
        }
    }

    let settings: Settings

    func run(in environment: BenchEnvironment) async throws -> (termlets: Figures, reference: Figures) {
        await environment.setLatency(milliseconds: settings.latencyMs)
        let termlets = try await measure(environment, batchSize: settings.batchSize, name: "batched")
        let reference = try await measure(environment, batchSize: 1, name: "one-by-one")
        return (termlets, reference)
    }

    private func measure(_ environment: BenchEnvironment, batchSize: Int, name: String) async throws -> Figures {
        let database = try CacheDatabase(
            cacheDirectory: try environment.subfolder("sync-\(name)"), server: environment.emulator.baseURL.absoluteString,
            userId: BenchEnvironment.user)
        let queue = PendingQueue(database: database)
        let tag = "bench-\(name)-\(UInt32.random(in: 0...UInt32.max))"
        for index in 1...settings.records {
            _ = try queue.enqueue(.addRecord(
                recordSetId: BenchEnvironment.openRecordSet, groupId: BenchEnvironment.groupId,
                values: .object(["Title": .string("\(tag) \(index)")])))
        }
        let session = try await environment.session()
        do {
            environment.emulator.clearJournal()
            let engine = SyncEngine(
                queue: queue, session: session,
                configuration: SyncConfiguration(batchSize: batchSize, groupId: BenchEnvironment.groupId))
            let clock = ContinuousClock()
            let started = clock.now
            let summary = try await engine.run()
            var figures = Figures()
            figures.wallMs = BenchClock.milliseconds(started.duration(to: clock.now))
            figures.requests = addRequests(environment)
            figures.synced = summary.synced
            guard summary.synced == settings.records, summary.pending == 0 else {
                throw BenchFailure("sync (\(name)) sent \(summary.synced) of \(settings.records) records, \(summary.pending) pending")
            }
            try? await session.shutdown()
            return figures
        } catch {
            try? await session.shutdown()
            throw error
        }
    }

    /// HTTP requests received since the journal was cleared that carried at least one add-record call.
    private func addRequests(_ environment: BenchEnvironment) -> Int {
        environment.emulator.journal.filter { $0.services.contains { $0.hasSuffix("add-record") } }.count
    }
}
