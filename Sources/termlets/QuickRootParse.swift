import ArgumentParser

/// The root command line parsed without ArgumentParser's completion-script probe, which otherwise
/// builds and tries two extra parsers (`--generate-completion-script <shell>` and the bare flag) on
/// every run: about a tenth of the time before a cached form's first frame (docs/benchmarks.md).
///
/// ArgumentParser skips the probe for a root that names a super command (`_superCommandName`), a
/// name it uses nowhere else than in help and `--experimental-dump-help` text. ``ProbelessRoot`` is
/// ``TermletsCommand`` with that name set and without a default subcommand (the root's parse
/// otherwise builds the default command's whole argument set, by reflection, only to learn that it
/// takes no pass-through arguments); its parse is used only when it cannot differ from the real
/// root's:
/// - the first argument names a command: the root, which has no options of its own, hands over to
///   it at once and never falls back to its default subcommand;
/// - no argument mentions `generate-completion-script` (without it the probe finds nothing and
///   leaves the arguments as they were);
/// - the parse succeeded and gave one of Termlets' own commands: an error, a help or version
///   request or `termlets help …` gives `nil`, and the caller parses again with the real root,
///   whose messages and exit codes are then the only ones the user sees.
enum QuickRootParse {
    /// The command the arguments ask for, or `nil` when only the real root's parse can say.
    static func command(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> ParsableCommand? {
        guard let first = arguments.first, commandNames.contains(first),
            !arguments.contains(where: { $0.contains("generate-completion-script") })
        else { return nil }
        guard let command = try? ProbelessRoot.parseAsRoot(arguments) else { return nil }
        return ownCommands.contains(ObjectIdentifier(type(of: command))) ? command : nil
    }

    /// The names of the root's commands.
    static let commandNames = Set(TermletsCommand.configuration.subcommands.map { $0._commandName })

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
        configuration.defaultSubcommand = nil
        return configuration
    }()
}
