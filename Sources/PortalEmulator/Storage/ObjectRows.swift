import DDM
import GRDB

/// A Liferay Objects definition (`objectDefinition` table). `label`/`pluralLabel` are locale → text JSON.
struct ObjectDefinitionRow: Sendable, Decodable, FetchableRecord {
    var id: Int64
    var companyId: Int64
    var userId: Int64
    var externalReferenceCode: String
    var name: String
    var label: [String: String]
    var pluralLabel: [String: String]
    /// The REST name: `/o/c/<pluralName>`.
    var pluralName: String
    /// `site` or `company`.
    var scope: String
    var titleObjectFieldName: String
    var createDate: Int64
    var modifiedDate: Int64

    var isSiteScoped: Bool { scope == "site" }
    var restContextPath: String { "/o/c/\(pluralName)" }
}

/// One custom field of an object definition.
struct ObjectFieldRow: Sendable, Decodable, FetchableRecord {
    var id: Int64
    var objectDefinitionId: Int64
    var name: String
    var businessType: String
    var dbType: String
    var label: [String: String]
    var required: Bool
    var listTypeDefinitionId: Int64
    var relationshipId: Int64
    /// `[{"name", "value"}]` JSON text.
    var settings: String
    var position: Int
    var externalReferenceCode: String
}

struct ListTypeDefinitionRow: Sendable, Decodable, FetchableRecord {
    var id: Int64
    var companyId: Int64
    var externalReferenceCode: String
    var name: [String: String]
    var createDate: Int64
    var modifiedDate: Int64
}

struct ListTypeEntryRow: Sendable, Decodable, FetchableRecord {
    var id: Int64
    var listTypeDefinitionId: Int64
    var key: String
    var name: [String: String]
    var externalReferenceCode: String
    var position: Int
}

/// A one-to-many relationship: entries of definition 2 point at one entry of definition 1
/// through the field `objectFieldName2` (`r_<name>_c_<object>Id`).
struct ObjectRelationshipRow: Sendable, Decodable, FetchableRecord {
    var id: Int64
    var name: String
    var label: [String: String]
    var type: String
    var objectDefinitionId1: Int64
    var objectDefinitionId2: Int64
    var objectFieldName2: String
    var externalReferenceCode: String
}

/// One object entry; `fieldValues` holds the custom fields in their stored forms (picklists by
/// key, attachments and relationships by ID, precision decimals as text).
struct ObjectEntryRow: Sendable, Decodable, FetchableRecord {
    var id: Int64
    var objectDefinitionId: Int64
    var groupId: Int64
    var companyId: Int64
    var externalReferenceCode: String
    var userId: Int64
    var userName: String
    var status: Int
    /// The stored values, a JSON object text.
    var fieldValues: String
    var searchText: String
    var createDate: Int64
    var modifiedDate: Int64

    var values: [String: JSONValue] {
        (try? JSONValue.parse(fieldValues))?.objectValue ?? [:]
    }
}

/// Everything about one definition that reading and writing its entries needs.
struct ObjectSchema: Sendable {
    let definition: ObjectDefinitionRow
    let fields: [ObjectFieldRow]
    /// Picklist entries by list type definition ID, in order.
    let listTypes: [Int64: [ListTypeEntryRow]]
    /// Relationships whose many side is this definition, by field name.
    let relationships: [String: ObjectRelationshipRow]

    func field(_ name: String) -> ObjectFieldRow? { fields.first { $0.name == name } }

    static func load(_ db: Database, definition: ObjectDefinitionRow) throws -> ObjectSchema {
        let fields = try ObjectFieldRow.fetchAll(
            db, sql: "SELECT * FROM objectField WHERE objectDefinitionId = ? ORDER BY position, id", arguments: [definition.id])
        var listTypes: [Int64: [ListTypeEntryRow]] = [:]
        for listTypeId in Set(fields.map(\.listTypeDefinitionId)) where listTypeId != 0 {
            listTypes[listTypeId] = try ListTypeEntryRow.fetchAll(
                db, sql: "SELECT * FROM listTypeEntry WHERE listTypeDefinitionId = ? ORDER BY position, id", arguments: [listTypeId])
        }
        let relationships = try ObjectRelationshipRow.fetchAll(
            db, sql: "SELECT * FROM objectRelationship WHERE objectDefinitionId2 = ?", arguments: [definition.id])
        return ObjectSchema(definition: definition, fields: fields, listTypes: listTypes,
                            relationships: Dictionary(relationships.map { ($0.objectFieldName2, $0) }, uniquingKeysWith: { a, _ in a }))
    }
}
