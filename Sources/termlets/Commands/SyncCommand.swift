import ArgumentParser
import DDM
import Foundation
import OfflineStore
import PortalClient
import Sync

/// `termlets sync`: sends every queued write to the portal.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send the writes queued while offline to the portal.",
        discussion: """
            Prints {"synced", "failed", "conflicts", "pending"}. Exits 0 when nothing failed (conflicts held \
            for you are not failures: see termlets pending and termlets resolve). When the portal cannot be \
            reached, fails with a network error and keeps every write queued.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "Output format: json or text.")
    var format: SyncFormat = .json

    @Option(name: .customLong("batch-size"), help: "Commands per request (1 to 200).")
    var batchSize = 50

    func run() async throws {
        guard (1...200).contains(batchSize) else { throw CommandFailure(.input, "--batch-size must be from 1 to 200") }
        let settings = try ResolvedSettings.resolve(connection)
        let database = try OfflineCache.open(settings)
        let queue = PendingQueue(database: database)
        let summary: SyncSummary = try await connection.withConnection { portal in
            let engine = SyncEngine(
                queue: queue, session: portal.session,
                configuration: SyncConfiguration(batchSize: batchSize, groupId: portal.groupId, locale: settings.locale))
            let showsProgress = isatty(STDERR_FILENO) == 1
            let summary = try await engine.run { progress in
                if showsProgress, progress.uploadBytes == nil { Console.err("\r\(progress.text)") }
            }
            if showsProgress { Console.err("\n") }
            return summary
        }
        switch format {
        case .json: Console.printJSON(summary.json)
        case .text:
            Console.out(
                "synced \(summary.synced), failed \(summary.failed), conflicts \(summary.conflicts), pending \(summary.pending)\n")
        }
        if summary.failed > 0 {
            let kind = summary.firstRefusal.flatMap { FailureKind(rawValue: $0.kind.rawValue) } ?? .server
            let reason = summary.firstRefusal.map { ": \($0.message)" } ?? ""
            throw CommandFailure(
                kind, "\(summary.failed) pending write(s) were refused by the portal\(reason) (see termlets pending)")
        }
    }
}

/// `--format` of `sync`, `pending` and `resolve`.
enum SyncFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case json, text
}
