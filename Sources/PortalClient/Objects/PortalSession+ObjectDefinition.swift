import DDM
import Foundation

extension PortalSession {
    /// Most fields read of one definition, and most options of one picklist (server data is untrusted).
    static let maxObjectFields = 1_000
    static let maxPicklistEntries = 2_000

    /// The object definition named `nameOrId`: its numeric `id`, or its `name` (exactly, then
    /// ignoring case), with picklist entries and relationship targets. Throws `.notFound` when
    /// there is none, `.notFound` too when the portal has no Objects (its `/o/object-admin` 404).
    public func objectDefinition(_ nameOrId: String) async throws -> ObjectDefinition {
        try Self.parsedDefinition(try await objectDefinitionJSON(nameOrId))
    }

    /// The object definition with this `id`, with picklist entries and relationship targets.
    public func objectDefinition(id: Int64) async throws -> ObjectDefinition {
        try Self.parsedDefinition(try await objectDefinitionJSON(id: id))
    }

    /// The portal's JSON of the definition named `nameOrId` (see ``objectDefinition(_:)``) with
    /// each picklist field's options embedded as `listTypeEntries`: what a cache stores, read back
    /// with ``ObjectDefinition/init(json:)``.
    public func objectDefinitionJSON(_ nameOrId: String) async throws -> JSONValue {
        let key = nameOrId.trimmingCharacters(in: .whitespaces)
        if let id = Int64(key), id > 0 { return try await objectDefinitionJSON(id: id) }
        let summaries = try await objectDefinitionList()
        guard let match = summaries.first(where: { $0.name == key }) ?? summaries.first(where: { $0.name.lowercased() == key.lowercased() })
        else {
            throw PortalError(kind: .notFound, message: "no object definition is named \(Sanitizer.clean(key, limit: 100))")
        }
        return try await objectDefinitionJSON(id: match.id)
    }

    /// The portal's JSON of definition `id`, picklist options embedded (see ``objectDefinitionJSON(_:)``).
    public func objectDefinitionJSON(id: Int64) async throws -> JSONValue {
        var json = try await headlessGetJSON("/o/object-admin/v1.0/object-definitions/\(id)")
        guard case .object(var members) = json, var fields = members["objectFields"]?.arrayValue else { return json }
        var picklists: [Int64: JSONValue] = [:]
        for index in fields.indices.prefix(Self.maxObjectFields) {
            guard let listId = fields[index]["listTypeDefinitionId"]?.int64Value, listId > 0, case .object(var field) = fields[index] else { continue }
            if picklists[listId] == nil {
                let list = try await headlessGetJSON("/o/headless-admin-list-type/v1.0/list-type-definitions/\(listId)")
                picklists[listId] = list["listTypeEntries"] ?? []
            }
            field["listTypeEntries"] = picklists[listId]
            fields[index] = .object(field)
        }
        members["objectFields"] = .array(fields)
        json = .object(members)
        return json
    }

    private static func parsedDefinition(_ json: JSONValue) throws -> ObjectDefinition {
        guard let definition = ObjectDefinition(json: json) else {
            throw PortalError(kind: .server, message: "the portal's object definition cannot be read (no id, no name or no /o/c/ path)")
        }
        return definition
    }

    /// Every definition's id and name (system ones included: a name is looked up among all).
    private func objectDefinitionList() async throws -> [(id: Int64, name: String)] {
        var found: [(id: Int64, name: String)] = []
        var page = 1
        while found.count < Self.maxObjectDefinitions {
            let json = try await headlessGetJSON("/o/object-admin/v1.0/object-definitions?page=\(page)&pageSize=500")
            guard let items = json["items"]?.arrayValue else {
                throw PortalError(kind: .server, message: "the portal's object definitions are not a page of items")
            }
            found += items.compactMap { item in
                guard let id = item["id"]?.int64Value, let name = item["name"]?.stringValue else { return nil }
                return (id, name)
            }
            if items.isEmpty || page >= (json["lastPage"]?.intValue ?? page) { break }
            page += 1
        }
        return found
    }

    // MARK: Decoding (untrusted)

    /// A definition from its JSON (options from embedded `listTypeEntries`); `nil` without an
    /// `id`, a `name` or a `/o/c/<plural>` path.
    static func definition(of json: JSONValue) -> ObjectDefinition? {
        guard let id = json["id"]?.int64Value, let name = json["name"]?.stringValue, !name.isEmpty,
            let path = json["restContextPath"]?.stringValue.flatMap(entriesPath)
        else { return nil }
        var relationships: [String: ObjectRelationshipTarget] = [:]
        for item in (json["objectRelationships"]?.arrayValue ?? []).prefix(maxObjectFields) {
            // The field lives on the "many" side (definition 2) and points at definition 1.
            guard let field = item["objectFieldName2"]?.stringValue, !field.isEmpty,
                item["objectDefinitionId2"]?.int64Value == id, let target = item["objectDefinitionId1"]?.int64Value
            else { continue }
            relationships[field] = ObjectRelationshipTarget(
                relationshipName: clean(item["name"]?.stringValue ?? ""), definitionId: target,
                definitionExternalReferenceCode: item["objectDefinitionExternalReferenceCode1"]?.stringValue.map { clean($0) })
        }
        let fields = (json["objectFields"]?.arrayValue ?? []).prefix(maxObjectFields).compactMap { item -> ObjectField? in
            guard let fieldName = item["name"]?.stringValue, isFieldName(fieldName), item["system"]?.boolValue != true else { return nil }
            let readOnly: Bool
            switch item["readOnly"] {
            case .bool(let flag)?: readOnly = flag
            case .string(let text)?: readOnly = text == "true"
            default: readOnly = false
            }
            var settings: [String: JSONValue] = [:]
            for setting in (item["objectFieldSettings"]?.arrayValue ?? []).prefix(100) {
                if let key = setting["name"]?.stringValue, let value = setting["value"] { settings[clean(key)] = value }
            }
            let type = ObjectBusinessType(rawValue: clean(item["businessType"]?.stringValue ?? ""))
            return ObjectField(
                id: item["id"]?.int64Value ?? 0, name: fieldName, businessType: type, labels: localizedMap(item["label"]),
                required: item["required"]?.boolValue ?? false, readOnly: readOnly, picklist: [],
                listTypeDefinitionId: max(0, item["listTypeDefinitionId"]?.int64Value ?? 0),
                relationship: type == .relationship ? relationships[fieldName] : nil, settings: settings)
                .with(picklist: picklistEntries(of: item["listTypeEntries"]))
        }
        let scope: ObjectDefinitionSummary.Scope = json["scope"]?.stringValue == "site" ? .site : .company
        let title = json["titleObjectFieldName"]?.stringValue.flatMap { isFieldName($0) ? $0 : nil }
        return ObjectDefinition(
            id: id, name: clean(name), externalReferenceCode: clean(json["externalReferenceCode"]?.stringValue ?? ""),
            labels: localizedMap(json["label"]), pluralLabels: localizedMap(json["pluralLabel"]), scope: scope,
            restContextPath: path, titleFieldName: title, fields: Array(fields))
    }

    static func picklistEntries(of json: JSONValue?) -> [PicklistEntry] {
        (json?.arrayValue ?? []).prefix(maxPicklistEntries).compactMap { item in
            guard let key = item["key"]?.stringValue, !key.isEmpty, key.count <= 200 else { return nil }
            var names = localizedMap(item["name_i18n"])
            if names.isEmpty, let name = item["name"]?.stringValue { names["en_US"] = clean(name) }
            return PicklistEntry(key: clean(key), names: names)
        }
    }

    /// A field name is used as a JSON key and in query strings: letters, digits and `_` only.
    static func isFieldName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 200 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    private static func clean(_ text: String) -> String { Sanitizer.clean(text, limit: 200) }

    /// A localized map (`{"en_US": "…"}`) or a plain string (kept as `en_US`), sanitized.
    static func localizedMap(_ value: JSONValue?) -> [String: String] {
        if let text = value?.stringValue { return ["en_US": clean(text)] }
        guard case .object(let members)? = value else { return [:] }
        var map: [String: String] = [:]
        for (locale, text) in members.prefix(100) {
            if let text = text.stringValue, PortalLocale(locale) != nil { map[locale] = clean(text) }
        }
        return map
    }
}

extension ObjectDefinition {
    /// Reads ``PortalSession/objectDefinitionJSON(_:)``'s JSON (untrusted: sanitized and bounded);
    /// `nil` without an `id`, a `name` or a `/o/c/<plural>` path.
    public init?(json: JSONValue) {
        guard let definition = PortalSession.definition(of: json) else { return nil }
        self = definition
    }
}

extension ObjectField {
    fileprivate func with(picklist: [PicklistEntry]) -> ObjectField {
        var copy = self
        copy.picklist = picklist
        return copy
    }
}
