import ArgumentParser
import DDM

/// `termlets inspect value FILE --field NAME (--server-value S | --label S | --canonical S)`.
struct InspectValueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "value",
        abstract: "Show how a field's value reads: its server form, its label and whether it is valid.",
        discussion: """
            Give the value in one form: --server-value (as the portal stores it), --label (as a user \
            types it in --locale) or --canonical (as `termlets form --set` takes it). Prints \
            {"field", "kind", "serverValue", "label", "valid", "error"}; serverValue is in the \
            server form of --portal-version (7 when none is given).
            """
    )

    @Argument(help: "The structure file, or - for standard input.")
    var file: String

    @Option(help: "The field's name (case is ignored).")
    var field: String

    @Option(help: "The locale of labels and messages (ll_CC or ll); the structure's default when none.")
    var locale: String?

    @Option(name: .customLong("portal-version"), help: "6.2 or 7: the server form to print.")
    var portalVersion: String?

    @Option(name: .customLong("server-value"), help: "The value in the server string form.")
    var serverValue: String?

    @Option(help: "The value as a user types it in --locale.")
    var label: String?

    @Option(help: "The value in the canonical command-line form.")
    var canonical: String?

    func run() async throws {
        let version = try InspectSupport.portalVersion(portalVersion)
        let given = [serverValue, label, canonical].compactMap { $0 }
        guard given.count == 1 else {
            throw CommandFailure(.input, "give exactly one of --server-value, --label or --canonical")
        }
        let structure = try InspectSupport.readStructure(file)
        let shownLocale = try InspectSupport.locale(locale, default: structure.defaultLocale)
        guard let field = structure.field(named: field) else {
            throw CommandFailure(.input, "no field named \"\(field)\" in \(file == "-" ? "standard input" : file)")
        }
        Console.printJSON(ValueReport(field: field, locale: shownLocale, version: version).json(
            serverValue: serverValue, label: label, canonical: canonical))
    }
}

/// One value of one field as `inspect value` shows it.
struct ValueReport {
    let field: DDMField
    let locale: PortalLocale
    let version: PortalVersion

    func json(serverValue: String?, label: String?, canonical: String?) -> JSONValue {
        let value: FieldValue?
        do {
            if let serverValue {
                value = try field.value(fromServerString: serverValue)
            } else if let label {
                value = try field.value(fromLabel: label, in: locale)
            } else {
                value = try field.value(fromCanonical: canonical ?? "")
            }
        } catch {
            return report(serverValue: nil, label: nil, issue: error)
        }
        return report(
            serverValue: value?.serverString(for: version), label: value.map { field.label(of: $0, in: locale) },
            issue: field.validate(value))
    }

    func report(serverValue: String?, label: String?, issue: FieldIssue?) -> JSONValue {
        [
            "field": .string(field.name),
            "kind": .string(field.kind.rawValue),
            "serverValue": JSONValue(serverValue),
            "label": JSONValue(label),
            "valid": .bool(issue == nil),
            "error": JSONValue(issue?.message(in: locale)),
        ]
    }
}
