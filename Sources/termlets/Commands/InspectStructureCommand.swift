import ArgumentParser
import DDM

/// `termlets inspect structure FILE`: the fields of a structure as Termlets reads them.
struct InspectStructureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "structure",
        abstract: "Show the fields of a structure definition (6.2 XSD or 7.x JSON).",
        discussion: """
            FILE holds a 6.2 XSD, a 7.x JSON definition, or the portal's structure object (with an \
            "xsd" or "definition" key); - reads standard input. Predefined values are shown in the \
            server form of --portal-version (7 when none is given).
            """
    )

    @Argument(help: "The structure file, or - for standard input.")
    var file: String

    @Option(help: "The locale to show labels in (ll_CC or ll); the structure's default when none.")
    var locale: String?

    @Option(name: .customLong("portal-version"), help: "6.2 or 7: the server form of predefined values.")
    var portalVersion: String?

    @Option(help: "json or text (text on a terminal, json otherwise).")
    var format: String?

    func run() async throws {
        let version = try InspectSupport.portalVersion(portalVersion)
        let outputFormat = try InspectSupport.format(format)
        let structure = try InspectSupport.readStructure(file)
        let shownLocale = try InspectSupport.locale(locale, default: structure.defaultLocale)
        let report = StructureReport(structure: structure, locale: shownLocale, version: version)
        switch outputFormat {
        case .text: Console.out(report.text())
        default: Console.printJSON(report.json())
        }
    }
}

/// A structure as `inspect structure` shows it, in one locale and for one portal version.
struct StructureReport {
    let structure: DDMStructure
    let locale: PortalLocale
    let version: PortalVersion

    func json() -> JSONValue {
        [
            "format": .string(structure.format.rawValue),
            "defaultLocale": .string(structure.defaultLocale.identifier),
            "locale": .string(locale.identifier),
            "portalVersion": .string(version.rawValue),
            "fields": .array(structure.fields.map(json(of:))),
        ]
    }

    func json(of field: DDMField) -> JSONValue {
        [
            "name": .string(field.name),
            "kind": .string(field.kind.rawValue),
            "editor": .string(field.editor),
            "dataType": .string(field.dataType),
            "label": .string(field.label(in: locale)),
            "tip": .string(field.tip(in: locale)),
            "required": .bool(field.required),
            "readOnly": .bool(!field.isEditable),
            "repeatable": .bool(field.repeatable),
            "showLabel": .bool(field.showLabel),
            "multiple": .bool(field.multiple),
            "predefinedValue": JSONValue(predefinedServerValue(of: field)),
            "options": .array(field.options.map { option in
                [
                    "name": JSONValue(option.name),
                    "value": .string(option.value),
                    "label": .string(option.label(in: locale, defaultLocale: field.defaultLocale)),
                ]
            }),
            "nestedFields": .array(field.nestedFields.map(json(of:))),
        ]
    }

    /// The predefined value in the server form of ``version``; an unsupported field's raw text.
    func predefinedServerValue(of field: DDMField) -> String? {
        field.predefinedValue(in: locale)?.serverString(for: version)
    }

    /// The readable table of `--format text`.
    func text() -> String {
        var table = TextTable(header: ["NAME", "KIND", "EDITOR", "FLAGS", "LABEL", "PREDEFINED"])
        func add(_ field: DDMField, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            var flags: [String] = []
            if field.required { flags.append("required") }
            if !field.isEditable { flags.append("read-only") }
            if field.repeatable { flags.append("repeatable") }
            if field.multiple { flags.append("multiple") }
            if !field.showLabel { flags.append("no-label") }
            table.add([
                indent + field.name, field.kind.rawValue, field.editor, flags.joined(separator: ","),
                field.label(in: locale), predefinedServerValue(of: field) ?? "",
            ])
            for option in field.options {
                table.add([indent + "  - " + option.value, "option", "", "", option.label(in: locale, defaultLocale: field.defaultLocale), ""])
            }
            for nested in field.nestedFields { add(nested, depth: depth + 1) }
        }
        for field in structure.fields { add(field, depth: 0) }
        let title = "\(structure.format == .xsd ? "6.2 XSD" : "7.x JSON") structure, default locale \(structure.defaultLocale), "
            + "shown in \(locale), values for portal \(version)\n\n"
        return title + table.render()
    }
}
