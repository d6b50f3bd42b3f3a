/// Reads Liferay 6.2 XSD structure definitions (reference §1.2), nested fields included.
enum XSDStructureParser {
    /// Attributes read into ``DDMField`` properties rather than kept in its `attributes`.
    static let consumedAttributes: Set<String> = [
        "name", "dataType", "type", "required", "readOnly", "repeatable", "showLabel", "multiple",
    ]

    /// Parses the XSD `text`; `context` names the key it came from, for messages.
    static func parse(
        _ text: String, context: String?, attributes: [String: JSONValue] = [:]
    ) throws(StructureParseError) -> DDMStructure {
        let root: XMLElementNode
        do {
            root = try XMLReader.parse(text)
        } catch {
            let prefix = context.map { "invalid XML in \"\($0)\"" } ?? "invalid XML"
            throw StructureParseError("\(prefix): \(error.message)", at: .text(line: error.line, column: error.column))
        }
        guard root.name == "root" else {
            throw StructureParseError(
                "expected the root element <root>, found <\(root.name)>", at: .text(line: root.line, column: root.column))
        }
        var defaultLocale = PortalLocale.enUS
        if let declared = root[attribute: "default-locale"] {
            guard let locale = PortalLocale(declared) else {
                throw StructureParseError(
                    "invalid default-locale \"\(declared)\"", at: .text(line: root.line, column: root.column))
            }
            defaultLocale = locale
        }
        let available = (root[attribute: "available-locales"] ?? "")
            .split(separator: ",").map { $0.trimmingASCIIWhitespace() }.filter { !$0.isEmpty }
        var count = 0
        let fields = try root.children(named: "dynamic-element").map { (element) throws(StructureParseError) in
            try field(element, defaultLocale: defaultLocale, count: &count)
        }
        return DDMStructure(
            format: .xsd, defaultLocale: defaultLocale, availableLocales: available, fields: fields,
            attributes: attributes)
    }

    static func field(
        _ element: XMLElementNode, defaultLocale: PortalLocale, count: inout Int
    ) throws(StructureParseError) -> DDMField {
        let at = StructureParseError.Location.text(line: element.line, column: element.column)
        count += 1
        guard count <= DDMStructure.maximumFieldCount else {
            throw StructureParseError("more than \(DDMStructure.maximumFieldCount) fields", at: at)
        }
        guard let name = element[attribute: "name"], !name.isEmpty else {
            throw StructureParseError("<dynamic-element> without a name", at: at)
        }
        let metadata = localisedMetadata(of: element)
        let dataType = element[attribute: "dataType"]
        let type = element[attribute: "type"]
        let (kind, editor) = FieldTypeResolver.resolve(dataType: dataType, type: type)

        /// An attribute, or failing that the first meta-data entry of that name (older portals).
        func flag(_ key: String, default value: Bool) -> Bool {
            if let text = element[attribute: key] { return FlagParsing.flag(text: text) }
            if let text = metadata.lazy.compactMap({ $0.entries[key] }).first { return FlagParsing.flag(text: text) }
            return value
        }

        var options: [DDMOption] = []
        var nested: [DDMField] = []
        for child in element.children {
            if child[attribute: "type"] == "option" {
                guard let value = child[attribute: "value"] else {
                    throw StructureParseError(
                        "option of \"\(name)\" has no value", at: .text(line: child.line, column: child.column))
                }
                let labels = localisedMetadata(of: child).map {
                    Localized<String>.Translation(locale: $0.locale, value: displayText($0.entries["label"]))
                }
                options.append(DDMOption(name: child[attribute: "name"], value: value, labels: Localized(labels, fallsBackToFirst: false)))
            } else if child.name == "dynamic-element" {
                nested.append(try field(child, defaultLocale: defaultLocale, count: &count))
            }
        }

        var attributes: [String: JSONValue] = [:]
        for attribute in element.attributes where !consumedAttributes.contains(attribute.name) {
            attributes[attribute.name] = .string(attribute.value)
        }
        return DDMField(
            name: name, kind: kind, editor: editor, dataType: dataType ?? "", rawType: type ?? "",
            required: flag("required", default: false), readOnly: flag("readOnly", default: false),
            repeatable: flag("repeatable", default: false), showLabel: flag("showLabel", default: true),
            multiple: flag("multiple", default: false),
            labels: Localized(metadata.map { .init(locale: $0.locale, value: displayText($0.entries["label"])) }, fallsBackToFirst: false),
            tips: Localized(metadata.map { .init(locale: $0.locale, value: displayText($0.entries["tip"])) }, fallsBackToFirst: false),
            predefinedValues: Localized(
                metadata.map { .init(locale: $0.locale, value: $0.entries["predefinedValue"].map(JSONValue.string) ?? .null) },
                fallsBackToFirst: false),
            options: options, nestedFields: nested, attributes: attributes, defaultLocale: defaultLocale)
    }

    /// Label and tip text without the indentation that surrounds a CDATA section on its own line.
    static func displayText(_ entry: String?) -> String {
        entry?.trimmingASCIIWhitespace() ?? ""
    }

    /// The `meta-data` children with a `locale`, in document order, each with its entries (the
    /// text of the first child carrying each `name` attribute).
    static func localisedMetadata(of element: XMLElementNode) -> [(locale: String, entries: [String: String])] {
        element.children(named: "meta-data").compactMap { metadata in
            guard let locale = metadata[attribute: "locale"] else { return nil }
            var entries: [String: String] = [:]
            for entry in metadata.children {
                if let name = entry[attribute: "name"], entries[name] == nil { entries[name] = entry.text }
            }
            return (locale, entries)
        }
    }
}
