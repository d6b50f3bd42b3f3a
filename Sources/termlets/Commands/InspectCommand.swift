import ArgumentParser

/// `termlets inspect`: structures and values, as Termlets understands them.
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show how Termlets reads a structure definition or a field value.",
        subcommands: [InspectStructureCommand.self, InspectValueCommand.self]
    )
}
