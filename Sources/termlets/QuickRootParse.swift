import ArgumentParser

/// The root command line parsed without ArgumentParser's completion-script probe, which otherwise
/// builds and tries two extra parsers (`--generate-completion-script <shell>` and the bare flag) on
/// every run: about a tenth of the time before a cached form's first frame (docs/benchmarks.md).
///
/// ArgumentParser skips the probe for a root that names a super command (`_superCommandName`), a
/// name it uses nowhere else than in help and `--experimental-dump-help` text. ``ProbelessRoot`` is
/// ``TermletsCommand`` with that name set; its parse is used only when it cannot differ from the
/// real root's:
/// - no argument mentions `generate-completion-script` (without it the probe finds nothing and
///   leaves the arguments as they were) and none asks for custom completions (`---completion`);
/// - the parse succeeded and gave one of Termlets' own commands: an error, a help or version
///   request or `termlets help …` gives `nil`, and the caller parses again with the real root,
///   whose messages and exit codes are then the only ones the user sees.
enum QuickRootParse {
    /// The command the arguments ask for, or `nil` when only the real root's parse can say.
    static func command(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> ParsableCommand? {
        guard arguments.first != "---completion", !arguments.contains(where: { $0.contains("generate-completion-script") }) else {
            return nil
        }
        guard let command = try? ProbelessRoot.parseAsRoot(arguments) else { return nil }
        return ownCommands.contains(ObjectIdentifier(type(of: command))) ? command : nil
    }

    /// Every command type under the root, subcommands of subcommands included.
    static let ownCommands: Set<ObjectIdentifier> = {
        var found: Set<ObjectIdentifier> = []
        var next: [ParsableCommand.Type] = TermletsCommand.configuration.subcommands
        while let type = next.popLast() {
            guard found.insert(ObjectIdentifier(type)).inserted else { continue }
            next += type.configuration.subcommands
        }
        return found
    }()
}

/// ``TermletsCommand``'s configuration with a super command name, which turns the completion probe
/// off. Only ever parsed by ``QuickRootParse``, never run, and never asked for help.
struct ProbelessRoot: AsyncParsableCommand {
    static let configuration: CommandConfiguration = {
        var configuration = TermletsCommand.configuration
        configuration._superCommandName = "termlets"
        return configuration
    }()
}
