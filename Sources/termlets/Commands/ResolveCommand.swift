import ArgumentParser
import DDM
import Foundation
import OfflineStore

/// `termlets resolve QUEUE-ID keep-mine|take-portal|later`: the user's choice for a conflict.
/// Works offline; `keep-mine` is sent by the next `termlets sync`.
struct ResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve a conflicting pending write: keep-mine, take-portal or later.",
        discussion: """
            keep-mine: send your version over the portal's at the next sync. take-portal: drop your write \
            and keep the portal's version. later: leave it in conflict (other writes go on).
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: "The queueId shown by termlets pending.")
    var queueId: String

    @Argument(help: "keep-mine, take-portal or later.")
    var choice: ResolutionArgument

    @Option(help: "Output format: json or text.")
    var format: SyncFormat = .json

    func run() async throws {
        let settings = try ResolvedSettings.resolve(connection)
        let queue = PendingQueue(database: try OfflineCache.open(settings))
        do {
            try queue.resolveConflict(queueId, choice.resolution)
        } catch let error as OfflineStoreError {
            switch error {
            case .unknownQueueItem: throw CommandFailure(.notFound, "no pending write \(queueId)")
            default: throw CommandFailure(.input, "\(error)")
            }
        } catch {
            throw CommandFailure(.server, "\(error)")
        }
        let state = try? queue.item(queueId)?.state.rawValue
        switch format {
        case .json:
            Console.printJSON(["queueId": .string(queueId), "resolution": .string(choice.rawValue), "state": JSONValue(state)])
        case .text:
            Console.out("\(queueId): \(choice.rawValue)\(state.map { " (now \($0))" } ?? " (dropped)")\n")
        }
    }
}

/// The three answers to a conflict.
enum ResolutionArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case keepMine = "keep-mine"
    case takePortal = "take-portal"
    case later

    var resolution: ConflictResolution {
        switch self {
        case .keepMine: return .keepMine
        case .takePortal: return .takePortal
        case .later: return .later
        }
    }
}
