import Foundation
import OfflineStore
import PortalClient
import Screenlets
import TermUI

/// `firstPaint`: how long a cold list takes to put its first page into the grid.
///
/// Decision: measured in-process, from a cold list controller — a new portal session (its own
/// HTTP client, no connection open yet), a new screenlet and, for the warm case, the offline
/// database opened afresh — to the first frame drawn with page 0. Spawning the binary would add
/// the process start and the argument parsing, which do not depend on where the page comes from
/// and which the CLI tests already exercise; the figure here is the part Termlets controls.
///
/// - `portalMs`: page 0 (with the row count, in one batch) from the portal, remote-first.
/// - `warmCacheMs`: page 0 from the offline cache, cache-first, the portal not asked.
/// - `rawHttpMs`: the same batch request as bare HTTP over a fresh loopback socket.
/// Each is the median of several runs, with the emulator's latency set for the run.
struct FirstPaintScenario {
    struct Settings: Sendable {
        var latencyMs: Int
        var runs: Int
        static let full = Settings(latencyMs: 50, runs: 7)
        static let quick = Settings(latencyMs: 10, runs: 3)
        var description: String { "record set 40002, \(latencyMs) ms latency, median of \(runs) runs" }
    }

    struct Figures: Sendable {
        var warmCacheMs = 0.0
        var portalMs = 0.0
        var rawHttpMs = 0.0
        var latencyMs = 0

        var json: [String: Double] {
            [
                "warmCacheMs": warmCacheMs.rounded(to: 2), "portalMs": portalMs.rounded(to: 2),
                "rawHttpMs": rawHttpMs.rounded(to: 2), "latencyMs": Double(latencyMs),
            ]
        }
    }

    let settings: Settings

    func run(in environment: BenchEnvironment) async throws -> Figures {
        await environment.setLatency(milliseconds: settings.latencyMs)
        let cacheFolder = try environment.subfolder("first-paint-cache")
        var figures = Figures()
        figures.latencyMs = settings.latencyMs
        var portal: [Double] = []
        var warm: [Double] = []
        var raw: [Double] = []
        for _ in 0..<settings.runs {
            environment.emulator.clearJournal()
            portal.append(try await paint(environment, cacheFolder: cacheFolder, policy: .remoteFirst))
            guard let body = environment.emulator.journal.first(where: { $0.path.hasSuffix("/invoke") })?.body else {
                throw BenchFailure("the first page's request was not seen by the emulator")
            }
            environment.emulator.clearJournal()
            warm.append(try await paint(environment, cacheFolder: cacheFolder, policy: .cacheFirst))
            let port = environment.emulator.baseURL.port ?? 80
            let started = ContinuousClock.now
            let status = try await Task.detached {
                try RawHTTPRequest.post(
                    port: port, path: "/api/jsonws/invoke", body: body, user: BenchEnvironment.user, password: BenchEnvironment.password)
            }.value
            raw.append(BenchClock.milliseconds(started.duration(to: .now)))
            guard status == 200 else { throw BenchFailure("the bare request was answered \(status)") }
        }
        figures.portalMs = Self.median(portal)
        figures.warmCacheMs = Self.median(warm)
        figures.rawHttpMs = Self.median(raw)
        return figures
    }

    /// Milliseconds from a cold list controller to page 0 drawn in a 100×30 grid.
    private func paint(_ environment: BenchEnvironment, cacheFolder: URL, policy: LoadPolicy) async throws -> Double {
        let started = ContinuousClock.now
        let session = try PortalSession(
            context: ServerContext(serverURL: environment.emulator.baseURL, groupId: BenchEnvironment.groupId, version: .v7),
            credentials: Credentials(username: BenchEnvironment.user, password: BenchEnvironment.password))
        let database = try CacheDatabase(
            cacheDirectory: cacheFolder, server: environment.emulator.baseURL.absoluteString, userId: BenchEnvironment.user)
        let screenlet = try DDLListScreenlet(
            configuration: DDLListConfiguration(recordSetId: BenchEnvironment.issuesRecordSet, labelFields: ScrollScenario.labelFields, offlinePolicy: policy),
            session: session, calls: try await session.calls(), database: database)
        var renderer = BenchListRenderer(columns: [("Title", 52), ("Priority", 8), ("Due date", 10), ("Severity", 10)])
        let viewport = Screenlets.ListWindow(firstRow: 0, visibleCount: renderer.visibleCount, cursor: 0)
        await screenlet.list.send(.viewport(viewport))
        await screenlet.load()
        var painted = false
        for await event in screenlet.events {
            if case .listError(_, let error) = event { throw BenchFailure("first page: \(error)") }
            if case .pageLoaded(0, _, _, let provenance) = event, provenance.source != (policy == .cacheFirst ? .cache : .portal) {
                throw BenchFailure("page 0 came from the \(provenance.source.rawValue) with \(policy.rawValue)")
            }
            let frame = await screenlet.list.engine
            if frame.row(at: 0).row != nil {
                _ = renderer.render(frame, viewport: viewport) { $0.labels }
                painted = true
                break
            }
        }
        let elapsed = BenchClock.milliseconds(started.duration(to: .now))
        await screenlet.close()
        try? await session.shutdown()
        guard painted else { throw BenchFailure("the list closed before its first page") }
        return elapsed
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
