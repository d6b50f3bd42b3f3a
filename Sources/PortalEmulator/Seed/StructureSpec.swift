import Foundation
import DDM

/// A structure option: its value and localised labels.
struct OptionSpec: Sendable, Equatable {
    var value: String
    var labels: [String: String]
}

/// One field of a structure as the emulator authors it, independent of the storage format.
struct FieldSpec: Sendable, Equatable {
    var name: String
    var dataType: String
    var type: String
    var labels: [String: String]
    var tips: [String: String] = [:]
    /// Localised predefined values (a string, a boolean or an array of option values).
    var predefined: [String: JSONValue] = [:]
    var required = false
    var repeatable = false
    var multiple = false
    var readOnly = false
    var showLabel = true
    var options: [OptionSpec] = []
    var nested: [FieldSpec] = []

    /// This field and its nested fields, depth first.
    var flattened: [FieldSpec] { [self] + nested.flatMap(\.flattened) }
}

/// A structure's fields and locales; writes the 7.x JSON definition and the 6.2 XSD.
struct StructureSpec: Sendable, Equatable {
    var defaultLocale = "en_US"
    var availableLocales: [String]
    var fields: [FieldSpec]

    var allFields: [FieldSpec] { fields.flatMap(\.flattened) }

    /// Field name → dataType, nested fields included.
    var fieldTypes: [String: String] {
        var types: [String: String] = [:]
        for field in allFields { types[field.name] = field.dataType }
        return types
    }

    var requiredFieldNames: [String] { allFields.filter(\.required).map(\.name) }

    // MARK: 7.x JSON definition

    /// The 7.x `definition`: `availableLanguageIds`, `defaultLanguageId` and `fields`, with
    /// localised maps for `label`, `tip`, `predefinedValue` and option labels.
    func jsonDefinition(pretty: Bool = false) -> String {
        let document: JSONValue = [
            "availableLanguageIds": .array(availableLocales.map(JSONValue.string)),
            "defaultLanguageId": .string(defaultLocale),
            "fields": .array(fields.map(jsonField)),
        ]
        return document.serialized(pretty: pretty)
    }

    private func jsonField(_ field: FieldSpec) -> JSONValue {
        var members: [String: JSONValue] = [
            "name": .string(field.name),
            "dataType": .string(field.dataType),
            "type": .string(field.type),
            "label": .object(field.labels.mapValues(JSONValue.string)),
            "tip": .object(field.tips.mapValues(JSONValue.string)),
            "required": .bool(field.required),
            "repeatable": .bool(field.repeatable),
            "readOnly": .bool(field.readOnly),
            "showLabel": .bool(field.showLabel),
            "localizable": true,
            "indexType": "keyword",
        ]
        // Like the portal's own definitions, every field has a predefinedValue map ("" when none).
        members["predefinedValue"] = .object(field.predefined.isEmpty ? [defaultLocale: ""] : field.predefined)
        if field.type == "select" || field.type == "radio" { members["multiple"] = .bool(field.multiple) }
        if !field.options.isEmpty {
            members["options"] = .array(field.options.map { option in
                ["value": .string(option.value), "label": .object(option.labels.mapValues(JSONValue.string))]
            })
        }
        if !field.nested.isEmpty { members["nestedFields"] = .array(field.nested.map(jsonField)) }
        return .object(members)
    }

    // MARK: 6.2 XSD

    /// The 6.2 `xsd`: a `root` of `dynamic-element`s with per-locale `meta-data` entries,
    /// option children and nested elements.
    func xsd() -> String {
        var xml = "<?xml version=\"1.0\"?>\n"
        xml += "<root available-locales=\"\(availableLocales.joined(separator: ","))\" default-locale=\"\(defaultLocale)\">\n"
        for field in fields { xml += xsdElement(field, indent: "\t") }
        return xml + "</root>"
    }

    private func xsdElement(_ field: FieldSpec, indent: String) -> String {
        var attributes: [(String, String)] = [
            ("dataType", field.dataType), ("fieldNamespace", "ddm"), ("indexType", "keyword"),
            ("localizable", "true"), ("name", field.name), ("readOnly", String(field.readOnly)),
            ("repeatable", String(field.repeatable)), ("required", String(field.required)),
            ("showLabel", String(field.showLabel)), ("type", field.type), ("width", "small"),
        ]
        if field.type == "select" || field.type == "radio" { attributes.append(("multiple", String(field.multiple))) }
        var xml = indent + "<dynamic-element " + attributes.map { "\($0.0)=\"\(XMLText.escape($0.1))\"" }.joined(separator: " ") + ">\n"
        for (index, option) in field.options.enumerated() {
            xml += indent + "\t<dynamic-element name=\"option\(index + 1)\" type=\"option\" value=\"\(XMLText.escape(option.value))\">\n"
            for locale in locales(of: option.labels) {
                xml += indent + "\t\t<meta-data locale=\"\(locale)\">\n"
                xml += indent + "\t\t\t<entry name=\"label\">\(cdata(option.labels[locale] ?? ""))</entry>\n"
                xml += indent + "\t\t</meta-data>\n"
            }
            xml += indent + "\t</dynamic-element>\n"
        }
        for nested in field.nested { xml += xsdElement(nested, indent: indent + "\t") }
        for locale in locales(of: field.labels) {
            xml += indent + "\t<meta-data locale=\"\(locale)\">\n"
            xml += indent + "\t\t<entry name=\"label\">\(cdata(field.labels[locale] ?? ""))</entry>\n"
            let predefined = field.predefined[locale] ?? field.predefined[defaultLocale]
            xml += indent + "\t\t<entry name=\"predefinedValue\">\(cdata(Self.xsdText(predefined)))</entry>\n"
            xml += indent + "\t\t<entry name=\"tip\">\(cdata(field.tips[locale] ?? ""))</entry>\n"
            xml += indent + "\t</meta-data>\n"
        }
        return xml + indent + "</dynamic-element>\n"
    }

    /// The default locale first, then the others in order.
    private func locales(of map: [String: String]) -> [String] {
        map.keys.sorted { lhs, rhs in lhs == defaultLocale ? true : (rhs == defaultLocale ? false : lhs < rhs) }
    }

    /// A predefined value as 6.2 writes it: strings as they are, option lists as `["a","b"]`.
    static func xsdText(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .array(let items)?: return "[" + items.map { "\"\($0.textValue ?? "")\"" }.joined(separator: ",") + "]"
        case let other?: return other.textValue ?? ""
        }
    }

    private func cdata(_ text: String) -> String {
        "<![CDATA[" + text.replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") + "]]>"
    }
}

extension StructureSpec {
    /// The spec of a structure read by the DDM parser, so that a seed structure given in one
    /// format can be served in the other.
    init(_ structure: DDMStructure) {
        let defaultLocale = structure.defaultLocale.identifier
        func map<V>(_ localized: Localized<V>) -> [String: V] {
            var values: [String: V] = [:]
            for translation in localized.translations where values[translation.locale] == nil {
                values[translation.locale] = translation.value
            }
            return values
        }
        func spec(_ field: DDMField) -> FieldSpec {
            FieldSpec(
                name: field.name, dataType: field.dataType, type: field.rawType, labels: map(field.labels), tips: map(field.tips),
                predefined: map(field.predefinedValues).filter { !$0.value.isNull }, required: field.required,
                repeatable: field.repeatable, multiple: field.multiple, readOnly: field.readOnly, showLabel: field.showLabel,
                options: field.options.map { OptionSpec(value: $0.value, labels: map($0.labels)) },
                nested: field.nestedFields.map(spec))
        }
        var locales = structure.availableLocales
        if locales.isEmpty { locales = [defaultLocale] }
        self.init(defaultLocale: defaultLocale, availableLocales: locales, fields: structure.fields.map(spec))
    }
}
