import ArgumentParser
import DDM
import Foundation
import OfflineStore

/// `termlets pending`: the writes waiting for the portal. Works offline: it reads the local
/// cache only.
struct PendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "List the writes waiting for the portal (works offline).",
        discussion: """
            JSON: [{"queueId", "operation", "state", "recordSetId", "recordId", "values", "error"}], in queue \
            order; keys that do not apply are null.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "Output format: json or text.")
    var format: SyncFormat = .json

    func run() async throws {
        let settings = try ResolvedSettings.resolve(connection)
        let queue = PendingQueue(database: try OfflineCache.open(settings))
        do {
            switch format {
            case .json:
                Console.printJSON(try queue.listingJSON())
            case .text:
                let entries = try queue.listing()
                if entries.isEmpty { Console.out("nothing pending\n") }
                for entry in entries {
                    var line = "\(entry.queueId)  \(entry.summary ?? entry.operation.rawValue)  \(entry.state.rawValue)"
                    if let set = entry.recordSetId.int64Value { line += "  record set \(set)" }
                    if let record = entry.recordId.int64Value { line += "  record \(record)" }
                    if let error = entry.error { line += "  error: \(error)" }
                    Console.out(line.inertForTerminal() + "\n")
                }
            }
        } catch {
            throw CommandFailure(.server, "cannot read the offline cache: \(error)")
        }
    }
}
