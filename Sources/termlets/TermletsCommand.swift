import ArgumentParser
import Foundation

/// The `termlets` program: the root command and the place where failures become exit status 1.
/// Started by `TermletsMain` on the main thread's loop.
struct TermletsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "termlets",
        abstract: "Liferay Dynamic Data Lists in the terminal: forms, record lists, galleries.",
        version: TermletsVersion.current,
        subcommands: [
            BookmarksCommand.self,
            FormCommand.self,
            GalleryCommand.self,
            InspectCommand.self,
            ListCommand.self,
            LoginCommand.self,
            OverviewCommand.self,
            PortalCommand.self,
            BenchCommand.self,
            SyncCommand.self,
            PendingCommand.self,
            ResolveCommand.self,
            TerminalCheckCommand.self,
        ],
        defaultSubcommand: OverviewCommand.self
    )

    /// Runs the chosen command; a ``CommandFailure`` becomes `error: <kind>: <message>` and status 1.
    static func main() async {
        do {
            var command = try QuickRootParse.command() ?? parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            Console.err(failure.line + "\n")
            Foundation.exit(1)
        } catch {
            // A command line the parser refuses (a missing or malformed value) is the contract's
            // one-line `input` failure; help and version requests keep the parser's own output.
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            var message = self.message(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
            Console.err(CommandFailure(.input, firstLine).line + "\n")
            Foundation.exit(1)
        }
    }
}
