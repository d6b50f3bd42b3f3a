import DDM
import Foundation
import GRDB

/// The generated entry API of each object definition, `/o/c/<plural>/…` (reference §5.2):
/// paged, searched, sorted and filtered collections (per site under `/scopes/{scopeKey}` for
/// site-scoped definitions), items by ID and by `externalReferenceCode` (a PUT there upserts).
enum ObjectEntryResource {
    /// `segments` start after `/o/c/`.
    static func handle(_ request: HeadlessRequest, database: PortalDatabase) async throws(HeadlessProblem) -> JSONValue? {
        guard let plural = request.segments.first else { throw .notFound("Not found") }
        let schema = try await database.headlessRead { db -> ObjectSchema in
            guard let definition = try ObjectDefinitionRow.fetchOne(db, sql: "SELECT * FROM objectDefinition WHERE pluralName = ?", arguments: [plural])
            else { throw HeadlessProblem.notFound("Not found: /o/c/\(plural)") }
            return try ObjectSchema.load(db, definition: definition)
        }
        let rest = Array(request.segments.dropFirst())
        switch rest.count {
        case 0:
            let groupId = try companyScope(schema)
            return try await collection(request, schema: schema, groupId: groupId, database: database)
        case 1:
            let id = try HeadlessRequest.id(rest[0])
            return try await item(request, schema: schema, database: database) { db in
                try ObjectEntryRow.fetchOne(db, sql: "SELECT * FROM objectEntry WHERE id = ? AND objectDefinitionId = ?",
                                            arguments: [id, schema.definition.id])
            } missing: { String(id) } upsert: { nil }
        case 2 where rest[0] == "scopes":
            let groupId = try await siteScope(rest[1], schema: schema, database: database)
            return try await collection(request, schema: schema, groupId: groupId, database: database)
        case 2 where rest[0] == "by-external-reference-code":
            let groupId = try companyScope(schema)
            return try await byExternalReferenceCode(request, erc: rest[1], groupId: groupId, schema: schema, database: database)
        case 4 where rest[0] == "scopes" && rest[2] == "by-external-reference-code":
            let groupId = try await siteScope(rest[1], schema: schema, database: database)
            return try await byExternalReferenceCode(request, erc: rest[3], groupId: groupId, schema: schema, database: database)
        default:
            throw .notFound("Not found: /o/c/\(request.segments.joined(separator: "/"))")
        }
    }

    // MARK: Scopes

    private static func companyScope(_ schema: ObjectSchema) throws(HeadlessProblem) -> Int64 {
        guard !schema.definition.isSiteScoped else {
            throw .badRequest("Object definition \(schema.definition.name) is scoped by site: use \(schema.definition.restContextPath)/scopes/{scopeKey}")
        }
        return 0
    }

    /// A site's ID from a scope key: the site ID, its friendly URL name or its name.
    private static func siteScope(_ key: String, schema: ObjectSchema, database: PortalDatabase) async throws(HeadlessProblem) -> Int64 {
        guard schema.definition.isSiteScoped else {
            throw .badRequest("Object definition \(schema.definition.name) is scoped by company: use \(schema.definition.restContextPath)/ without a scope")
        }
        let site = try await database.headlessRead { db in
            try SiteRow.fetchOne(db, sql: "SELECT * FROM site WHERE CAST(groupId AS TEXT) = ? OR friendlyURL = ? OR friendlyURL = ? OR name = ?",
                                 arguments: [key, key, "/" + key, key])
        }
        guard let site else { throw .notFound("No Group exists with the key \(key)") }
        return site.groupId
    }

    // MARK: Collections

    private static func collection(_ request: HeadlessRequest, schema: ObjectSchema, groupId: Int64, database: PortalDatabase) async throws(HeadlessProblem) -> JSONValue {
        switch request.method {
        case "GET":
            return try await list(request, schema: schema, groupId: groupId, database: database)
        case "POST":
            let body = try request.jsonObject()
            let user = request.user
            return try await database.headlessWrite { db in
                try requireWrite(user, schema: schema)
                let erc = body["externalReferenceCode"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? UUID().uuidString.lowercased()
                if try find(db, schema: schema, groupId: groupId, erc: erc) != nil {
                    throw HeadlessProblem.badRequest("Duplicate value \(erc) for the external reference code of an entry of \(schema.definition.name)",
                                                     type: "ObjectEntryExternalReferenceCodeException")
                }
                let entry = try save(db, schema: schema, existing: nil, body: body, replace: true, groupId: groupId, erc: erc, user: user)
                return try render([entry], schema: schema, db: db)[0]
            }
        default:
            throw .methodNotAllowed(request.method)
        }
    }

    private static func list(_ request: HeadlessRequest, schema: ObjectSchema, groupId: Int64, database: PortalDatabase) async throws(HeadlessProblem) -> JSONValue {
        let pagination = try VulcanPagination(query: request.query)
        let resolve: ODataFilter.Resolver = { name in column(name, schema: schema) }
        var conditions = ["objectDefinitionId = ?", "groupId = ?"]
        var arguments: StatementArguments = [schema.definition.id, groupId]
        if let filterText = request.query["filter"] {
            let filter = try ODataFilter.compile(filterText, resolve: resolve)
            conditions.append(filter.sql)
            arguments += filter.arguments
        }
        for word in (request.query["search"] ?? "").lowercased().split(whereSeparator: \.isWhitespace) {
            let escaped = word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
            conditions.append("searchText LIKE ? ESCAPE '\\'")
            arguments += ["%\(escaped)%"]
        }
        let orderBy = try HeadlessSort.orderBy(request.query["sort"], resolve: resolve)
        let whereClause = conditions.joined(separator: " AND ")
        let pageArguments = arguments
        return try await database.headlessRead { db in
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM objectEntry WHERE \(whereClause)", arguments: pageArguments) ?? 0
            let entries = try ObjectEntryRow.fetchAll(
                db, sql: "SELECT * FROM objectEntry WHERE \(whereClause) ORDER BY \(orderBy) \(pagination.sql)", arguments: pageArguments)
            return pagination.envelope(try render(entries, schema: schema, db: db), totalCount: total)
        }
    }

    /// Filter and sort columns: the entry's own properties and its custom fields.
    static func column(_ name: String, schema: ObjectSchema) -> QueryColumn? {
        switch name {
        case "id": return QueryColumn(sql: "id", kind: .integer)
        case "externalReferenceCode": return QueryColumn(sql: "externalReferenceCode", kind: .text)
        case "dateCreated", "createDate": return QueryColumn(sql: "createDate", kind: .instantMs)
        case "dateModified", "modifiedDate": return QueryColumn(sql: "modifiedDate", kind: .instantMs)
        case "creatorId", "userId": return QueryColumn(sql: "userId", kind: .integer)
        case "status": return QueryColumn(sql: "status", kind: .integer)
        default: return schema.field(name).flatMap(ObjectEntryValues.column)
        }
    }

    // MARK: Items

    private static func byExternalReferenceCode(
        _ request: HeadlessRequest, erc: String, groupId: Int64, schema: ObjectSchema, database: PortalDatabase
    ) async throws(HeadlessProblem) -> JSONValue? {
        try await item(request, schema: schema, database: database) { db in
            try find(db, schema: schema, groupId: groupId, erc: erc)
        } missing: { erc } upsert: { (groupId, erc) }
    }

    /// GET, PUT, PATCH and DELETE of one entry; `upsert` (by ERC) makes a PUT of a missing entry add it.
    private static func item(
        _ request: HeadlessRequest, schema: ObjectSchema, database: PortalDatabase,
        fetch: @escaping @Sendable (Database) throws -> ObjectEntryRow?, missing: () -> String, upsert: () -> (Int64, String)?
    ) async throws(HeadlessProblem) -> JSONValue? {
        let user = request.user
        let missingKey = missing()
        switch request.method {
        case "GET":
            return try await database.headlessRead { db in
                guard let entry = try fetch(db) else { throw HeadlessProblem.noEntry(missingKey) }
                return try render([entry], schema: schema, db: db)[0]
            }
        case "PUT", "PATCH":
            let body = try request.jsonObject()
            let replace = request.method == "PUT"
            let upsertTarget = replace ? upsert() : nil
            return try await database.headlessWrite { db in
                try requireWrite(user, schema: schema)
                let existing = try fetch(db)
                if existing == nil {
                    guard let (groupId, erc) = upsertTarget else { throw HeadlessProblem.noEntry(missingKey) }
                    let entry = try save(db, schema: schema, existing: nil, body: body, replace: true, groupId: groupId, erc: erc, user: user)
                    return try render([entry], schema: schema, db: db)[0]
                }
                let current = existing!
                var erc = upsertTarget?.1 ?? current.externalReferenceCode
                if upsertTarget == nil, let sent = body["externalReferenceCode"]?.stringValue, !sent.isEmpty, sent != erc {
                    if try find(db, schema: schema, groupId: current.groupId, erc: sent) != nil {
                        throw HeadlessProblem.badRequest("Duplicate value \(sent) for the external reference code of an entry of \(schema.definition.name)",
                                                         type: "ObjectEntryExternalReferenceCodeException")
                    }
                    erc = sent
                }
                let entry = try save(db, schema: schema, existing: current, body: body, replace: replace, groupId: current.groupId, erc: erc, user: user)
                return try render([entry], schema: schema, db: db)[0]
            }
        case "DELETE":
            try await database.headlessWrite { db in
                try requireWrite(user, schema: schema)
                guard let entry = try fetch(db) else { throw HeadlessProblem.noEntry(missingKey) }
                try db.execute(sql: "DELETE FROM objectEntry WHERE id = ?", arguments: [entry.id])
            }
            return nil
        default:
            throw .methodNotAllowed(request.method)
        }
    }

    static func find(_ db: Database, schema: ObjectSchema, groupId: Int64, erc: String) throws -> ObjectEntryRow? {
        try ObjectEntryRow.fetchOne(
            db, sql: "SELECT * FROM objectEntry WHERE objectDefinitionId = ? AND groupId = ? AND externalReferenceCode = ?",
            arguments: [schema.definition.id, groupId, erc])
    }

    private static func requireWrite(_ user: UserRow, schema: ObjectSchema) throws {
        guard user.isAdmin else {
            throw HeadlessProblem.forbidden("User \(user.userId) must have UPDATE permission for com.liferay.object.model.ObjectDefinition#\(schema.definition.id)")
        }
    }

    // MARK: Writing

    /// Properties of an entry that a client may send back but never sets.
    private static let readOnlyProperties: Set<String> = [
        "id", "actions", "creator", "dateCreated", "dateModified", "keywords", "taxonomyCategoryBriefs",
        "taxonomyCategoryIds", "scopeKey", "externalReferenceCode", "status", "auditEvents", "friendlyUrlPath",
    ]

    /// Adds (`existing` nil) or updates an entry: PUT (`replace`) sets every custom field from
    /// `body`, PATCH keeps the fields not sent. Checks types and required fields.
    private static func save(
        _ db: Database, schema: ObjectSchema, existing: ObjectEntryRow?, body: [String: JSONValue], replace: Bool,
        groupId: Int64, erc: String, user: UserRow
    ) throws -> ObjectEntryRow {
        var values = replace ? [:] : (existing?.values ?? [:])
        for (key, value) in body.sorted(by: { $0.key < $1.key }) {
            if let field = schema.field(key) {
                values[key] = try ObjectEntryValues.store(value, field: field, schema: schema, db: db)
            } else if readOnlyProperties.contains(key) || schema.relationships.keys.contains(where: { key == ercKey($0) }) {
                continue
            } else {
                throw HeadlessProblem.badRequest("No object field exists with the name \(key) in \(schema.definition.name)",
                                                 type: "NoSuchObjectFieldException")
            }
        }
        for field in schema.fields where field.required && values[field.name] == nil {
            throw HeadlessProblem.badRequest("No value was provided for required object field \"\(field.name)\"",
                                             type: "ObjectEntryValuesException.Required")
        }
        var status = existing?.status ?? 0
        if let code = body["status"]?["code"]?.intValue ?? body["status"]?.intValue {
            guard code == 0 || code == 2 else { throw HeadlessProblem.badRequest("status.code must be 0 (approved) or 2 (draft)") }
            status = code
        }
        let now = EpochClock.nowMs()
        let modified = existing.map { max(now, $0.modifiedDate + 1000) } ?? now
        let fieldValues = JSONValue.object(values).serialized()
        let searchText = ObjectEntryValues.searchText(values, schema: schema, externalReferenceCode: erc)
        if let existing {
            try db.execute(
                sql: "UPDATE objectEntry SET externalReferenceCode = ?, status = ?, fieldValues = ?, searchText = ?, modifiedDate = ? WHERE id = ?",
                arguments: [erc, status, fieldValues, searchText, modified, existing.id])
            return try ObjectEntryRow.fetchOne(db, sql: "SELECT * FROM objectEntry WHERE id = ?", arguments: [existing.id])!
        }
        let id = try db.nextId()
        try db.insertObjectEntry(
            id: id, definitionId: schema.definition.id, groupId: groupId, erc: erc, userId: user.userId, userName: user.fullName,
            status: status, fieldValues: fieldValues, searchText: searchText, createDate: now, modifiedDate: now)
        return try ObjectEntryRow.fetchOne(db, sql: "SELECT * FROM objectEntry WHERE id = ?", arguments: [id])!
    }

    /// `r_x_c_yId` → `r_x_c_yERC`.
    static func ercKey(_ relationshipField: String) -> String {
        (relationshipField.hasSuffix("Id") ? String(relationshipField.dropLast(2)) : relationshipField) + "ERC"
    }

    // MARK: Reading

    /// The answered form of entries (attachments and related entries looked up once per page).
    static func render(_ entries: [ObjectEntryRow], schema: ObjectSchema, db: Database) throws -> [JSONValue] {
        let decoded = entries.map(\.values)
        var fileIds = Set<Int64>()
        var relatedIds = Set<Int64>()
        for values in decoded {
            for field in schema.fields {
                guard let id = values[field.name]?.int64Value else { continue }
                if field.businessType == "Attachment" { fileIds.insert(id) }
                if field.businessType == "Relationship" { relatedIds.insert(id) }
            }
        }
        var files: [Int64: FileEntryRow] = [:]
        if !fileIds.isEmpty {
            let list = fileIds.map(String.init).joined(separator: ",")
            for file in try FileEntryRow.fetchAll(db, sql: "SELECT * FROM fileEntry WHERE fileEntryId IN (\(list))") { files[file.fileEntryId] = file }
        }
        var relatedCodes: [Int64: String] = [:]
        if !relatedIds.isEmpty {
            let list = relatedIds.map(String.init).joined(separator: ",")
            for row in try Row.fetchAll(db, sql: "SELECT id, externalReferenceCode FROM objectEntry WHERE id IN (\(list))") {
                relatedCodes[row["id"]] = row["externalReferenceCode"]
            }
        }
        return zip(entries, decoded).map { entry, values in
            var item: [String: JSONValue] = [
                "id": .int(entry.id),
                "externalReferenceCode": .string(entry.externalReferenceCode),
                "dateCreated": .string(HeadlessDate.iso(entry.createDate)),
                "dateModified": .string(HeadlessDate.iso(entry.modifiedDate)),
                "creator": ["contentType": "UserAccount", "id": .int(entry.userId), "name": .string(entry.userName)],
                "status": ["code": .int(Int64(entry.status)), "label": .string(entry.status == 2 ? "draft" : "approved"),
                           "label_i18n": .string(entry.status == 2 ? "Draft" : "Approved")],
                "keywords": [], "taxonomyCategoryBriefs": [],
            ]
            if schema.definition.isSiteScoped { item["scopeKey"] = .string(String(entry.groupId)) }
            for field in schema.fields {
                guard let stored = values[field.name] else { continue }
                item[field.name] = ObjectEntryValues.render(stored, field: field, schema: schema, files: files)
                if field.businessType == "Relationship", let id = stored.int64Value, let code = relatedCodes[id] {
                    item[ercKey(field.name)] = .string(code)
                }
            }
            return .object(item)
        }
    }
}
