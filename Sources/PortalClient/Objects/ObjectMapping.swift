import DDM
import Foundation

/// A value that cannot go into an entry's JSON body.
public struct ObjectValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field's name.
    public let field: String
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

/// Liferay Objects seen as DDL (reference §5.3): a definition becomes a ``DDMStructure`` whose
/// fields use the existing field kinds, an entry becomes record values, and values become an
/// entry's JSON body. The table is in docs/objects.md. Every ``DDMField`` made here carries the
/// attribute `objectBusinessType` (the Objects business type it came from).
public enum ObjectMapping {
    /// The attribute naming a field's Objects business type.
    public static let businessTypeAttribute = "objectBusinessType"
    /// The attribute of a relationship field naming the related definition's ID.
    public static let relatedDefinitionAttribute = "relatedObjectDefinitionId"

    // MARK: Definition → structure

    /// The structure of a definition's custom fields, in the portal's order. Its attributes carry
    /// `objectDefinitionId` and `name`.
    public static func structure(of definition: ObjectDefinition) -> DDMStructure {
        let locales = Set(definition.fields.flatMap { $0.labels.keys }).union(definition.labels.keys).sorted()
        return DDMStructure(
            format: .json, defaultLocale: .enUS, availableLocales: locales.isEmpty ? ["en_US"] : locales,
            fields: definition.fields.map(field(of:)),
            attributes: ["objectDefinitionId": .int(definition.id), "name": .string(definition.name)])
    }

    /// The DDM field of one object field: kind, editor and data type by business type.
    public static func field(of field: ObjectField) -> DDMField {
        var kind: FieldKind
        var editor: String
        var dataType: String
        var readOnly = field.readOnly
        var multiple = false
        var options: [DDMOption] = []
        var attributes: [String: JSONValue] = [businessTypeAttribute: .string(field.businessType.rawValue)]
        var tips: Localized<String> = .none
        switch field.businessType {
        case .text, .emailAddress, .phoneNumber: (kind, editor, dataType) = (.string, "text", "string")
        case .longText, .richText: (kind, editor, dataType) = (.string, "textarea", "string")
        case .integer, .longInteger: (kind, editor, dataType) = (.integer, "number", "integer")
        case .autoIncrement:
            (kind, editor, dataType) = (.integer, "number", "integer")
            readOnly = true
        case .decimal, .precisionDecimal: (kind, editor, dataType) = (.decimal, "number", "double")
        case .boolean: (kind, editor, dataType) = (.boolean, "checkbox", "boolean")
        case .date: (kind, editor, dataType) = (.date, "date", "date")
        case .dateTime:
            // No date-time kind: a text field whose value is checked as ISO-8601 (`DDMField.textIssue`).
            (kind, editor, dataType) = (.string, "text", "string")
            attributes[DDMField.dateTimeTextAttribute] = .bool(true)
            tips = Localized([.init(locale: "en_US", value: "ISO-8601, e.g. 2024-01-15T09:00:00Z")], fallsBackToFirst: true)
        case .picklist, .multiselectPicklist:
            (kind, editor, dataType) = (.options, "select", "string")
            multiple = field.businessType == .multiselectPicklist
            options = field.picklist.map { entry in
                DDMOption(name: entry.key, value: entry.key, labels: localized(entry.names, fallback: entry.key))
            }
        case .attachment, .largeFile: (kind, editor, dataType) = (.document, "documentlibrary", "document-library")
        case .relationship:
            (kind, editor, dataType) = (.integer, "number", "integer")
            if let target = field.relationship { attributes[relatedDefinitionAttribute] = .int(target.definitionId) }
            attributes[DDMField.identifierAttribute] = .bool(true)
        default:
            // Aggregation, Formula, Encrypted, Assignee and any unknown type: shown, never sent.
            (kind, editor, dataType) = (.unsupported, field.businessType.rawValue, field.businessType.rawValue)
            readOnly = true
        }
        return DDMField(
            name: field.name, kind: kind, editor: editor, dataType: dataType, rawType: field.businessType.rawValue,
            required: field.required && !readOnly, readOnly: readOnly, multiple: multiple,
            labels: localized(field.labels, fallback: field.name), tips: tips, options: options, attributes: attributes)
    }

    private static func localized(_ map: [String: String], fallback: String) -> Localized<String> {
        let translations = map.keys.sorted().map { Localized<String>.Translation(locale: $0, value: map[$0]!) }
        return Localized(translations.isEmpty ? [.init(locale: "en_US", value: fallback)] : translations, fallsBackToFirst: true)
    }

    /// The business type a field of ``structure(of:)`` came from.
    public static func businessType(of field: DDMField) -> ObjectBusinessType? {
        field.attributes[businessTypeAttribute]?.stringValue.map(ObjectBusinessType.init(rawValue:))
    }

    // MARK: Entry → values

    /// The typed values of an entry's fields (fields without a value are absent). A value that
    /// cannot be read for its kind is kept as `.raw` with the portal's text.
    public static func values(of entry: ObjectEntry, in structure: DDMStructure) -> [String: FieldValue] {
        var values: [String: FieldValue] = [:]
        for field in structure.allFields {
            if let json = entry.json[field.name], let value = value(of: json, for: field) { values[field.name] = value }
        }
        return values
    }

    /// One member of an entry's JSON as `field`'s typed value; `nil` for no value, `.raw` with
    /// the portal's text when it cannot be read for the field's kind.
    public static func value(of json: JSONValue, for field: DDMField) -> FieldValue? {
        if json.isNull { return nil }
        let server = serverForm(json, field: field)
        do {
            return try field.value(fromServer: server)
        } catch {
            return .raw(Sanitizer.clean(server.textValue ?? server.serialized(), limit: 100_000))
        }
    }

    /// The values in the canonical command-line forms (what `--set` takes): dates `yyyy-MM-dd`,
    /// date-times ISO-8601, numbers with a dot, booleans, picklists by key (comma-separated when
    /// multiple), attachments as the file's title, relationships as the related entry's ID.
    public static func canonicalValues(of entry: ObjectEntry, in structure: DDMStructure) -> [String: String] {
        values(of: entry, in: structure).mapValues(canonicalString)
    }

    /// One value in its canonical command-line form (an attachment: the file's title).
    public static func canonicalString(_ value: FieldValue) -> String {
        if case .document(.uploaded(let reference)) = value, let title = reference.title { return title }
        return value.canonicalString
    }

    /// The entry's own properties for a record's `attributes`: `externalReferenceCode`,
    /// `dateModified`, `dateCreated`, `status` (the code), `userId` and `userName` (the creator).
    public static func attributes(of entry: ObjectEntry) -> [String: JSONValue] {
        var attributes: [String: JSONValue] = [
            "externalReferenceCode": .string(entry.externalReferenceCode), "status": .int(Int64(entry.statusCode)),
        ]
        if let date = entry.dateModified { attributes["dateModified"] = .string(date) }
        if let date = entry.dateCreated { attributes["dateCreated"] = .string(date) }
        if let id = entry.creatorId { attributes["userId"] = .int(id) }
        if let name = entry.creatorName { attributes["userName"] = .string(name) }
        return attributes
    }

    /// An entry's JSON value in the form ``DDMField/value(fromServer:)`` reads for the field's kind.
    static func serverForm(_ json: JSONValue, field: DDMField) -> JSONValue {
        switch businessType(of: field) {
        case .picklist?, .multiselectPicklist?:
            let items = json.arrayValue ?? [json]
            return .array(items.compactMap { $0["key"] ?? ($0.stringValue.map(JSONValue.string)) })
        case .date?:
            // `yyyy-MM-dd`, or a midnight instant some versions write.
            guard let text = json.stringValue, text.count > 10 else { return json }
            return .string(String(text.prefix(10)))
        case .attachment?, .largeFile?:
            return attachmentReference(json)
        case .relationship?:
            return json.int64Value == 0 ? .null : json
        default:
            if field.kind == .unsupported, json.stringValue == nil { return .string(json.serialized()) }
            return json
        }
    }

    /// `{"id", "name", "link": {"href": "/documents/{groupId}/{folderId}/{title}/{uuid}?version=…"}}`
    /// → a document reference (`groupId`, `uuid`, `version`, `title`, `fileEntryId`).
    static func attachmentReference(_ json: JSONValue) -> JSONValue {
        guard let id = json["id"]?.int64Value ?? json.int64Value, id > 0 else { return .null }
        var reference: [String: JSONValue] = ["fileEntryId": .int(id), "groupId": 0, "uuid": "", "version": ""]
        if let name = json["name"]?.stringValue ?? json["link"]?["label"]?.stringValue {
            reference["title"] = .string(Sanitizer.clean(name, limit: 255))
        }
        if let href = json["link"]?["href"]?.stringValue, let components = URLComponents(string: href) {
            let segments = components.path.split(separator: "/").map(String.init)
            if segments.count >= 5, segments[0] == "documents", let groupId = Int64(segments[1]) {
                reference["groupId"] = .int(groupId)
                reference["uuid"] = .string(Sanitizer.clean(segments[4], limit: 100))
            }
            if let version = components.queryItems?.first(where: { $0.name == "version" })?.value {
                reference["version"] = .string(Sanitizer.clean(version, limit: 20))
            }
        }
        return .object(reference)
    }

    // MARK: Values → entry body

    /// What is wrong with `value` for `field` beyond its kind's own checks, or `nil`: a date-time
    /// that is not ISO-8601, an Integer outside 32 bits, an attachment not uploaded yet.
    public static func issue(of value: FieldValue, for field: DDMField) -> String? {
        switch (businessType(of: field), value) {
        case (.dateTime?, .string(let text)), (.dateTime?, .raw(let text)):
            return ObjectEntry.epochMilliseconds(text.trimmingCharacters(in: .whitespaces)) == nil
                ? "“\(Sanitizer.clean(text, limit: 100))” is not a date and time (ISO-8601, e.g. 2024-01-15T09:00:00Z)." : nil
        case (.integer?, .integer(let number)):
            return Int64(Int32.min)...Int64(Int32.max) ~= number ? nil : "“\(number)” is too large a number."
        case (.attachment?, .document(let document)), (.largeFile?, .document(let document)):
            return attachmentId(document) == nil ? "the file must be uploaded to Documents and Media first." : nil
        case (.relationship?, .integer(let id)):
            return id > 0 ? nil : "“\(id)” is not the ID of an entry."
        default:
            return nil
        }
    }

    /// The JSON body of an entry with `values` (field name → value; a field of `structure`
    /// missing from it is sent as `null`, i.e. cleared). Read-only and computed fields are never
    /// sent; `draft` adds `"status": {"code": 2}`. Throws the first value that cannot be sent.
    public static func entryBody(values: [String: FieldValue], structure: DDMStructure, draft: Bool = false) throws(ObjectValueError) -> JSONValue {
        var body: [String: JSONValue] = [:]
        for field in structure.allFields where field.isEditable {
            guard let value = values[field.name] else {
                body[field.name] = .null
                continue
            }
            if let issue = issue(of: value, for: field) { throw ObjectValueError(field: field.name, message: issue) }
            body[field.name] = try json(of: value, field: field)
        }
        if draft { body["status"] = ["code": 2] }
        return .object(body)
    }

    /// One value as the entry API takes it (reference §5.2).
    public static func json(of value: FieldValue, field: DDMField) throws(ObjectValueError) -> JSONValue {
        let type = businessType(of: field)
        func wrong() -> ObjectValueError {
            ObjectValueError(field: field.name, message: "“\(Sanitizer.clean(value.canonicalString, limit: 100))” is not a value of a \(type?.rawValue ?? "field") field.")
        }
        switch value {
        case .string(let text), .raw(let text):
            if type == .dateTime { return .string(text.trimmingCharacters(in: .whitespaces)) }
            guard field.kind == .string else { throw wrong() }
            return .string(text)
        case .boolean(let flag): return .bool(flag)
        case .integer(let number): return .int(number)
        case .decimal(let number):
            // PrecisionDecimal is a BigDecimal: sent as text so that no digit is lost.
            if type == .precisionDecimal { return .string(NSDecimalNumber(decimal: number).description(withLocale: Locale(identifier: "en_US_POSIX"))) }
            return .double(NSDecimalNumber(decimal: number).doubleValue)
        case .date(let date): return .string(date.isoString)
        case .options(let keys):
            if type == .multiselectPicklist { return .array(keys.map { ["key": .string($0)] }) }
            guard let key = keys.first else { return .null }
            return ["key": .string(key)]
        case .document(let document):
            guard let id = attachmentId(document) else { throw wrong() }
            return .int(id)
        case .geolocation:
            throw wrong()
        }
    }

    /// The Documents and Media file ID of an attachment value, when it has one.
    static func attachmentId(_ document: DocumentValue) -> Int64? {
        switch document {
        case .uploaded(let reference): return reference.raw["fileEntryId"]?.int64Value
        case .other(let text): return Int64(text.trimmingCharacters(in: .whitespaces)).flatMap { $0 > 0 ? $0 : nil }
        case .localFile, .uploadFailed: return nil
        }
    }
}
