import DDM

/// What the form output needs besides the values: the record set and the locale of the run.
struct FormContext: Sendable {
    let recordSetId: Int64
    let recordSetName: String
    let structure: DDMStructure
    let locale: PortalLocale

    /// The record set's name in the run's locale.
    var name: String {
        let name = LocalizedXMLText.resolve(recordSetName, locale: locale)
        return name.isEmpty ? "record set \(recordSetId)" : name
    }
}

/// A form model printed for a person (a table) or a script (JSON): each field with its value,
/// nested fields after their parent, and the problem validation finds with it.
enum FormPresentation {
    static func json(_ model: DDLFormModel, context: FormContext) -> JSONValue {
        let problems = problemsByField(model, locale: context.locale)
        let fields: [JSONValue] = model.structure.allFields.map { field in
            let values = model.instances(of: field.name).map { $0.map { JSONValue.string($0.canonicalString) } ?? .null }
            return [
                "name": .string(field.name),
                "label": .string(field.label(in: context.locale)),
                "kind": .string(field.kind.rawValue),
                "required": .bool(field.required),
                "values": .array(values),
                "error": JSONValue(problems[field.name]),
            ]
        }
        return [
            "recordSetId": .int(context.recordSetId),
            "recordId": JSONValue(model.recordId),
            "valid": .bool(problems.isEmpty),
            "fields": .array(fields),
        ]
    }

    static func table(_ model: DDLFormModel, context: FormContext) -> String {
        let problems = problemsByField(model, locale: context.locale)
        var table = TextTable(header: ["FIELD", "LABEL", "VALUE", ""])
        for field in model.structure.allFields {
            let values = model.instances(of: field.name).map { $0.map { field.label(of: $0, in: context.locale) } ?? "" }
            let marker = field.required ? " *" : ""
            table.add([field.name, field.label(in: context.locale) + marker, values.joined(separator: " | "), problems[field.name] ?? ""])
        }
        let title = model.recordId.map { "Record \($0)" } ?? "New record"
        return "\(title) in \(context.name.inertForTerminal())\n\n"
            + table.render()
    }

    private static func problemsByField(_ model: DDLFormModel, locale: PortalLocale) -> [String: String] {
        var problems: [String: String] = [:]
        for failure in model.validate() where problems[failure.field.name] == nil {
            problems[failure.field.name] = failure.message(in: locale)
        }
        return problems
    }
}
