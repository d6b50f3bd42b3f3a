/// Reads Liferay 7.x JSON structure definitions (reference §1.3), nested fields included.
enum JSONStructureParser {
    /// Keys read into ``DDMField`` properties rather than kept in its `attributes`.
    static let consumedKeys: Set<String> = [
        "name", "dataType", "type", "required", "readOnly", "repeatable", "showLabel", "multiple",
        "label", "tip", "predefinedValue", "options", "nestedFields",
    ]

    static func parse(
        _ definition: OrderedJSON, pathPrefix: String, attributes: [String: JSONValue]
    ) throws(StructureParseError) -> DDMStructure {
        guard definition.members != nil else {
            throw StructureParseError("expected the definition to be a JSON object", at: .path(pathPrefix.isEmpty ? "$" : String(pathPrefix.dropLast())))
        }
        var defaultLocale = PortalLocale.enUS
        if let declared = definition["defaultLanguageId"] {
            guard case .string(let text) = declared, let locale = PortalLocale(text) else {
                throw StructureParseError("invalid locale id", at: .path(pathPrefix + "defaultLanguageId"))
            }
            defaultLocale = locale
        }
        let available: [String] = definition["availableLanguageIds"]?.elements?.compactMap {
            if case .string(let s) = $0 { return s }
            return nil
        } ?? []
        var fields: [DDMField] = []
        if let list = definition["fields"] {
            guard let elements = list.elements else {
                throw StructureParseError("expected an array of fields", at: .path(pathPrefix + "fields"))
            }
            var count = 0
            for (index, element) in elements.enumerated() {
                fields.append(
                    try field(element, path: "\(pathPrefix)fields[\(index)]", defaultLocale: defaultLocale, count: &count))
            }
        }
        return DDMStructure(
            format: .json, defaultLocale: defaultLocale, availableLocales: available, fields: fields,
            attributes: attributes)
    }

    static func field(
        _ json: OrderedJSON, path: String, defaultLocale: PortalLocale, count: inout Int
    ) throws(StructureParseError) -> DDMField {
        guard let members = json.members else { throw StructureParseError("expected a field object", at: .path(path)) }
        count += 1
        guard count <= DDMStructure.maximumFieldCount else {
            throw StructureParseError("more than \(DDMStructure.maximumFieldCount) fields", at: .path(path))
        }
        guard case .string(let name)? = json["name"], !name.isEmpty else {
            let problem = json["name"] == nil ? "missing field name" : "expected the field name as a non-empty string"
            throw StructureParseError(problem, at: .path(path + ".name"))
        }
        let dataType = try optionalString(json["dataType"], path: path + ".dataType")
        let type = try optionalString(json["type"], path: path + ".type")
        let (kind, editor) = FieldTypeResolver.resolve(dataType: dataType, type: type)

        var options: [DDMOption] = []
        if let list = json["options"] {
            guard let elements = list.elements else {
                throw StructureParseError("expected an array of options", at: .path(path + ".options"))
            }
            for (index, element) in elements.enumerated() {
                options.append(try option(element, path: "\(path).options[\(index)]", defaultLocale: defaultLocale))
            }
        }
        var nested: [DDMField] = []
        if let list = json["nestedFields"] {
            guard let elements = list.elements else {
                throw StructureParseError("expected an array of fields", at: .path(path + ".nestedFields"))
            }
            for (index, element) in elements.enumerated() {
                nested.append(
                    try field(element, path: "\(path).nestedFields[\(index)]", defaultLocale: defaultLocale, count: &count))
            }
        }
        var attributes: [String: JSONValue] = [:]
        for member in members where !consumedKeys.contains(member.key) {
            attributes[member.key] = member.value.jsonValue
        }
        return DDMField(
            name: name, kind: kind, editor: editor, dataType: dataType ?? "", rawType: type ?? "",
            required: FlagParsing.flag(json["required"]?.jsonValue) ?? false,
            readOnly: FlagParsing.flag(json["readOnly"]?.jsonValue) ?? false,
            repeatable: FlagParsing.flag(json["repeatable"]?.jsonValue) ?? false,
            showLabel: FlagParsing.flag(json["showLabel"]?.jsonValue) ?? true,
            multiple: FlagParsing.flag(json["multiple"]?.jsonValue) ?? false,
            labels: localisedText(json["label"], defaultLocale: defaultLocale),
            tips: localisedText(json["tip"], defaultLocale: defaultLocale),
            predefinedValues: localisedValue(json["predefinedValue"], defaultLocale: defaultLocale),
            options: options, nestedFields: nested, attributes: attributes, defaultLocale: defaultLocale)
    }

    static func option(_ json: OrderedJSON, path: String, defaultLocale: PortalLocale) throws(StructureParseError) -> DDMOption {
        guard json.members != nil else { throw StructureParseError("expected an option object", at: .path(path)) }
        let value: String
        switch json["value"] {
        case .string(let s)?: value = s
        case .int(let i)?: value = String(i)
        case .double(let d)?: value = JSONValue.format(d)
        case .bool(let b)?: value = b ? "true" : "false"
        case nil: throw StructureParseError("missing option value", at: .path(path + ".value"))
        default: throw StructureParseError("expected the option value as a string", at: .path(path + ".value"))
        }
        let name: String?
        if case .string(let s)? = json["name"] { name = s } else { name = nil }
        return DDMOption(name: name, value: value, labels: localisedText(json["label"], defaultLocale: defaultLocale))
    }

    static func optionalString(_ json: OrderedJSON?, path: String) throws(StructureParseError) -> String? {
        switch json {
        case nil, .null?: return nil
        case .string(let s)?: return s
        default: throw StructureParseError("expected a string", at: .path(path))
        }
    }

    /// A localised map `{"en_US": "…", …}` in document order. A plain value counts as given in
    /// the default locale, and is always chosen.
    static func localisedValue(_ json: OrderedJSON?, defaultLocale: PortalLocale) -> Localized<JSONValue> {
        switch json {
        case nil: return .none
        case .object(let members)?:
            return Localized(members.map { .init(locale: $0.key, value: $0.value.jsonValue) }, fallsBackToFirst: true)
        case let value?:
            return Localized([.init(locale: defaultLocale.identifier, value: value.jsonValue)], fallsBackToFirst: true)
        }
    }

    /// ``localisedValue(_:defaultLocale:)`` for text: strings as they are, other scalars as JSON text.
    static func localisedText(_ json: OrderedJSON?, defaultLocale: PortalLocale) -> Localized<String> {
        localisedValue(json, defaultLocale: defaultLocale).map { $0.textValue ?? "" }
    }
}
