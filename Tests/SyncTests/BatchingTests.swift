import DDM
import Foundation
import OfflineStore
import PortalEmulator
import Sync
import Testing

@Suite("sync engine: batching", .serialized)
struct BatchingTests {
    /// Seconds to sync `count` queued adds with `batchSize` commands per request, and the
    /// `/invoke` requests that carried them.
    func measure(count: Int, batchSize: Int, latencyMs: Int) async throws -> (seconds: Double, requests: Int) {
        try await withFixture(faults: FaultSettings(latencyMs: latencyMs)) { f in
            let items = try (1...count).map { try f.queueAdd("batched \($0)") }
            f.emulator.clearJournal()
            let clock = ContinuousClock()
            let started = clock.now
            let summary = try await f.engine(batchSize: batchSize).run()
            let elapsed = clock.now - started
            #expect(summary.synced == count)
            #expect(summary.pending == 0)
            let counts = try await f.uuidCounts()
            #expect(items.allSatisfy { counts[$0.uuid] == 1 })
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return (seconds, f.httpRequests(carrying: "add-record"))
        }
    }

    @Test func aThousandRecordsGoInFewRequestsAndFarFasterThanOneByOne() async throws {
        // The batched run is CPU-bound (bookkeeping, the emulator's inserts) while one request
        // per record is latency-bound, so a machine busy with other suites narrows the gap. Up to
        // three attempts; the best one must show the speed-up (each attempt's figures are printed).
        var best = 0.0
        for attempt in 1...3 {
            let batched = try await measure(count: 1000, batchSize: 50, latencyMs: 20)
            #expect(batched.requests == 20)
            // One request per record, measured on 250 records and scaled to 1,000 (it is linear:
            // one round trip and one claim/settle per record), to keep the suite short.
            let single = try await measure(count: 250, batchSize: 1, latencyMs: 20)
            #expect(single.requests == 250)
            let singlePerThousand = single.seconds * 4
            let speedUp = singlePerThousand / batched.seconds
            print(
                "sync batching (attempt \(attempt)): 1000 records batched in \(String(format: "%.2f", batched.seconds)) s "
                    + "with \(batched.requests) requests; one request per record: \(String(format: "%.2f", single.seconds)) s "
                    + "for 250 (≈ \(String(format: "%.2f", singlePerThousand)) s per 1000); speed-up \(String(format: "%.1f", speedUp))×")
            best = max(best, speedUp)
            if best >= 5 { break }
        }
        #expect(best >= 5)
    }
}
