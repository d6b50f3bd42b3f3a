import DDM
import GRDB

/// `/o/object-admin/v1.0/…` (reference §5.1): object definitions with their fields and
/// relationships, and `/o/headless-admin-list-type/v1.0/…`: the picklists' entries.
enum ObjectAdminResource {
    /// `segments` start after `/o/object-admin/v1.0/`.
    static func handle(_ request: HeadlessRequest, database: PortalDatabase) async throws(HeadlessProblem) -> JSONValue {
        guard request.method == "GET" else { throw .methodNotAllowed(request.method) }
        let segments = request.segments
        guard segments.first == "object-definitions" else { throw .notFound("Not found: /o/object-admin/v1.0/\(segments.joined(separator: "/"))") }
        switch segments.count {
        case 1:
            let pagination = try VulcanPagination(query: request.query)
            let search = request.query["search"]?.lowercased()
            let filter = try request.query["filter"].map { text throws(HeadlessProblem) in
                try ODataFilter.compile(text) { name in
                    switch name {
                    case "id": return QueryColumn(sql: "id", kind: .integer)
                    case "name", "scope", "externalReferenceCode", "pluralName": return QueryColumn(sql: name, kind: .text)
                    case "dateCreated": return QueryColumn(sql: "createDate", kind: .instantMs)
                    case "dateModified": return QueryColumn(sql: "modifiedDate", kind: .instantMs)
                    default: return nil
                    }
                }
            }
            let orderBy = try HeadlessSort.orderBy(request.query["sort"]) { name in
                switch name {
                case "id": return QueryColumn(sql: "id", kind: .integer)
                case "name": return QueryColumn(sql: "name", kind: .text)
                case "dateCreated": return QueryColumn(sql: "createDate", kind: .instantMs)
                case "dateModified": return QueryColumn(sql: "modifiedDate", kind: .instantMs)
                default: return nil
                }
            }
            return try await database.headlessRead { db in
                var conditions = ["1"]
                var arguments = StatementArguments()
                if let filter {
                    conditions.append(filter.sql)
                    arguments += filter.arguments
                }
                if let search {
                    conditions.append("(LOWER(name) LIKE ? OR LOWER(label) LIKE ? OR LOWER(pluralLabel) LIKE ?)")
                    arguments += ["%\(search)%", "%\(search)%", "%\(search)%"]
                }
                let whereClause = conditions.joined(separator: " AND ")
                let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM objectDefinition WHERE \(whereClause)", arguments: arguments) ?? 0
                let rows = try ObjectDefinitionRow.fetchAll(
                    db, sql: "SELECT * FROM objectDefinition WHERE \(whereClause) ORDER BY \(orderBy) \(pagination.sql)", arguments: arguments)
                return pagination.envelope(try rows.map { try definitionJSON(ObjectSchema.load(db, definition: $0), db: db) }, totalCount: total)
            }
        case 2, 3:
            let key = segments[1]
            let byERC = segments.count == 3 && key == "by-external-reference-code"
            let sub = segments.count == 3 && !byERC ? segments[2] : nil
            let lookup = byERC ? segments[2] : key
            if !byERC { _ = try HeadlessRequest.id(key) }
            let pagination = try VulcanPagination(query: request.query)
            return try await database.headlessRead { db in
                let row = byERC
                    ? try ObjectDefinitionRow.fetchOne(db, sql: "SELECT * FROM objectDefinition WHERE externalReferenceCode = ?", arguments: [lookup])
                    : try ObjectDefinitionRow.fetchOne(db, sql: "SELECT * FROM objectDefinition WHERE id = ?", arguments: [Int64(lookup) ?? 0])
                guard let row else { throw HeadlessProblem.notFound("No ObjectDefinition exists with the key \(lookup)") }
                let schema = try ObjectSchema.load(db, definition: row)
                switch sub {
                case nil:
                    return try definitionJSON(schema, db: db)
                case "object-fields":
                    let fields = try fieldsJSON(schema, db: db)
                    return pagination.envelope(Array(fields.dropFirst(pagination.offset).prefix(pagination.pageSize)), totalCount: fields.count)
                case "object-relationships":
                    let relationships = try relationshipsJSON(schema.definition, db: db)
                    return pagination.envelope(Array(relationships.dropFirst(pagination.offset).prefix(pagination.pageSize)),
                                               totalCount: relationships.count)
                default:
                    throw HeadlessProblem.notFound("Not found: \(sub ?? "")")
                }
            }
        default:
            throw .notFound("Not found: /o/object-admin/v1.0/\(segments.joined(separator: "/"))")
        }
    }

    private static func localized(_ map: [String: String]) -> JSONValue { .object(map.mapValues { .string($0) }) }

    static func definitionJSON(_ schema: ObjectSchema, db: Database) throws -> JSONValue {
        let definition = schema.definition
        return [
            "id": .int(definition.id), "externalReferenceCode": .string(definition.externalReferenceCode),
            "name": .string(definition.name), "label": localized(definition.label), "pluralLabel": localized(definition.pluralLabel),
            "scope": .string(definition.scope), "restContextPath": .string(definition.restContextPath),
            "titleObjectFieldName": .string(definition.titleObjectFieldName),
            "className": .string("com.liferay.object.model.ObjectDefinition#\(definition.id)"),
            "status": ["code": 0, "label": "approved", "label_i18n": "Approved"],
            "active": true, "system": false, "storageType": "default", "defaultLanguageId": "en_US",
            "accountEntryRestricted": false, "enableComments": false, "enableLocalization": false, "portlet": true,
            "dateCreated": .string(HeadlessDate.iso(definition.createDate)),
            "dateModified": .string(HeadlessDate.iso(definition.modifiedDate)),
            "objectFields": .array(try fieldsJSON(schema, db: db)),
            "objectRelationships": .array(try relationshipsJSON(definition, db: db)),
            "objectActions": [], "objectLayouts": [], "objectValidationRules": [], "objectViews": [],
        ]
    }

    /// The system fields every definition has, then the custom ones.
    static func fieldsJSON(_ schema: ObjectSchema, db: Database) throws -> [JSONValue] {
        let system: [(String, String, String, String)] = [
            ("createDate", "DateTime", "Date", "Create Date"), ("creator", "Text", "String", "Author"),
            ("externalReferenceCode", "Text", "String", "External Reference Code"), ("id", "LongInteger", "Long", "ID"),
            ("modifiedDate", "DateTime", "Date", "Modified Date"), ("status", "Integer", "Integer", "Status"),
        ]
        var items: [JSONValue] = system.enumerated().map { index, field in
            [
                "id": .int(schema.definition.id * 100 + Int64(index)), "name": .string(field.0), "businessType": .string(field.1),
                "DBType": .string(field.2), "type": .string(field.2), "label": ["en_US": .string(field.3)], "required": false,
                "system": true, "readOnly": "true", "indexed": true, "indexedAsKeyword": false, "localized": false,
                "state": false, "unique": false, "externalReferenceCode": .string(field.0), "objectFieldSettings": [],
            ]
        }
        for field in schema.fields {
            var item: [String: JSONValue] = [
                "id": .int(field.id), "name": .string(field.name), "businessType": .string(field.businessType),
                "DBType": .string(field.dbType), "type": .string(field.dbType), "label": localized(field.label),
                "required": .bool(field.required), "system": false, "readOnly": "false", "indexed": true,
                "indexedAsKeyword": false, "localized": false, "state": false, "unique": false,
                "externalReferenceCode": .string(field.externalReferenceCode),
                "objectFieldSettings": (try? JSONValue.parse(field.settings)) ?? [],
                "listTypeDefinitionId": .int(field.listTypeDefinitionId),
            ]
            if field.listTypeDefinitionId != 0,
               let erc = try String.fetchOne(db, sql: "SELECT externalReferenceCode FROM listTypeDefinition WHERE id = ?",
                                             arguments: [field.listTypeDefinitionId]) {
                item["listTypeDefinitionExternalReferenceCode"] = .string(erc)
            }
            if field.businessType == "Relationship" { item["relationshipType"] = "oneToMany" }
            items.append(.object(item))
        }
        return items
    }

    static func relationshipsJSON(_ definition: ObjectDefinitionRow, db: Database) throws -> [JSONValue] {
        let rows = try ObjectRelationshipRow.fetchAll(
            db, sql: "SELECT * FROM objectRelationship WHERE objectDefinitionId1 = ? OR objectDefinitionId2 = ? ORDER BY id",
            arguments: [definition.id, definition.id])
        return try rows.map { row in
            let names = try Row.fetchAll(db, sql: "SELECT id, name, externalReferenceCode FROM objectDefinition WHERE id IN (?, ?)",
                                         arguments: [row.objectDefinitionId1, row.objectDefinitionId2])
            func name(_ id: Int64) -> String { names.first { $0["id"] == id }?["name"] ?? "" }
            func erc(_ id: Int64) -> String { names.first { $0["id"] == id }?["externalReferenceCode"] ?? "" }
            return [
                "id": .int(row.id), "name": .string(row.name), "label": localized(row.label), "type": .string(row.type),
                "externalReferenceCode": .string(row.externalReferenceCode),
                "objectDefinitionId1": .int(row.objectDefinitionId1), "objectDefinitionId2": .int(row.objectDefinitionId2),
                "objectDefinitionName2": .string(name(row.objectDefinitionId2)),
                "objectDefinitionExternalReferenceCode1": .string(erc(row.objectDefinitionId1)),
                "objectDefinitionExternalReferenceCode2": .string(erc(row.objectDefinitionId2)),
                "objectFieldName2": .string(row.objectFieldName2), "parameterObjectFieldName": "",
                "deletionType": "prevent", "reverse": .bool(row.objectDefinitionId2 == definition.id && row.objectDefinitionId1 != definition.id),
            ]
        }
    }
}

/// `/o/headless-admin-list-type/v1.0/list-type-definitions[/{id}|/by-external-reference-code/{erc}][/list-type-entries]`.
enum ListTypeResource {
    static func handle(_ request: HeadlessRequest, database: PortalDatabase) async throws(HeadlessProblem) -> JSONValue {
        guard request.method == "GET" else { throw .methodNotAllowed(request.method) }
        var segments = request.segments
        guard segments.first == "list-type-definitions" else { throw .notFound("Not found") }
        segments.removeFirst()
        let pagination = try VulcanPagination(query: request.query)
        if segments.isEmpty {
            return try await database.headlessRead { db in
                let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM listTypeDefinition") ?? 0
                let rows = try ListTypeDefinitionRow.fetchAll(db, sql: "SELECT * FROM listTypeDefinition ORDER BY id \(pagination.sql)")
                return pagination.envelope(try rows.map { try definitionJSON($0, db: db) }, totalCount: total)
            }
        }
        var lookup: (sql: String, key: String)
        if segments.first == "by-external-reference-code", segments.count >= 2 {
            lookup = ("externalReferenceCode = ?", segments[1])
            segments.removeFirst(2)
        } else {
            _ = try HeadlessRequest.id(segments[0])
            lookup = ("CAST(id AS TEXT) = ?", segments[0])
            segments.removeFirst()
        }
        let wantsEntries = segments == ["list-type-entries"]
        guard segments.isEmpty || wantsEntries else { throw .notFound("Not found") }
        let key = lookup
        return try await database.headlessRead { db in
            guard let row = try ListTypeDefinitionRow.fetchOne(db, sql: "SELECT * FROM listTypeDefinition WHERE \(key.sql)", arguments: [key.key])
            else { throw HeadlessProblem.notFound("No ListTypeDefinition exists with the key \(key.key)") }
            if !wantsEntries { return try definitionJSON(row, db: db) }
            let entries = try entriesJSON(row, db: db)
            return pagination.envelope(Array(entries.dropFirst(pagination.offset).prefix(pagination.pageSize)), totalCount: entries.count)
        }
    }

    static func definitionJSON(_ row: ListTypeDefinitionRow, db: Database) throws -> JSONValue {
        [
            "id": .int(row.id), "externalReferenceCode": .string(row.externalReferenceCode),
            "name": .string(row.name["en_US"] ?? ""), "name_i18n": .object(row.name.mapValues { .string($0) }),
            "dateCreated": .string(HeadlessDate.iso(row.createDate)), "dateModified": .string(HeadlessDate.iso(row.modifiedDate)),
            "listTypeEntries": .array(try entriesJSON(row, db: db)),
        ]
    }

    static func entriesJSON(_ row: ListTypeDefinitionRow, db: Database) throws -> [JSONValue] {
        try ListTypeEntryRow.fetchAll(db, sql: "SELECT * FROM listTypeEntry WHERE listTypeDefinitionId = ? ORDER BY position, id",
                                      arguments: [row.id]).map { entry in
            [
                "id": .int(entry.id), "key": .string(entry.key), "externalReferenceCode": .string(entry.externalReferenceCode),
                "name": .string(entry.name["en_US"] ?? entry.key), "name_i18n": .object(entry.name.mapValues { .string($0) }),
                "type": "",
            ]
        }
    }
}
