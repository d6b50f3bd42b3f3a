import DDM
import Foundation
import GRDB

/// The values of object entries by business type: what a write may send, how it is stored
/// (`fieldValues`), and how it is answered (reference §5.2: picklists as `{"key", "name"}`,
/// attachments as `{"id", "name", "link"}`, relationships as the related entry's ID).
enum ObjectEntryValues {
    static let textMaximum = 280
    static let longTextMaximum = 65_000

    /// The stored form of `value` for `field`; nil removes the value. Reads the database to check
    /// attachments (a Documents & Media file) and relationships (an entry of the related object).
    static func store(_ value: JSONValue, field: ObjectFieldRow, schema: ObjectSchema, db: Database) throws -> JSONValue? {
        if value.isNull { return nil }
        let name = field.name
        func invalid(_ expected: String) -> HeadlessProblem {
            .badRequest("The value of object field \"\(name)\" must be \(expected)", type: "ObjectEntryValuesException")
        }
        switch field.businessType {
        case "Text", "LongText":
            guard case .string(let text) = value else { throw invalid("a text") }
            let limit = field.businessType == "Text" ? textMaximum : longTextMaximum
            guard text.count <= limit else {
                throw HeadlessProblem.badRequest("Object entry value exceeds the maximum length of \(limit) characters for object field \"\(name)\"",
                                                 type: "ObjectEntryValuesException.ExceedsTextMaxLength")
            }
            return text.isEmpty ? nil : .string(text)
        case "Integer", "LongInteger":
            let integer: Int64?
            switch value {
            case .int(let i): integer = i
            case .double(let d): integer = d.rounded() == d && abs(d) < 9e18 ? Int64(d) : nil
            default: integer = nil
            }
            guard let integer else { throw invalid("a whole number") }
            if field.businessType == "Integer", !(Int64(Int32.min)...Int64(Int32.max)).contains(integer) {
                throw HeadlessProblem.badRequest("Object entry value exceeds integer field allowed size for object field \"\(name)\"",
                                                 type: "ObjectEntryValuesException.ExceedsIntegerSize")
            }
            return .int(integer)
        case "Decimal":
            guard let number = numeric(value) else { throw invalid("a number") }
            return .double(number)
        case "PrecisionDecimal":
            let text: String
            switch value {
            case .int(let i): text = String(i)
            case .double(let d): text = String(d)
            case .string(let s): text = s.trimmingCharacters(in: .whitespaces)
            default: throw invalid("a number")
            }
            guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN,
                  text.allSatisfy({ "0123456789.-+eE".contains($0) }) else { throw invalid("a number") }
            return .string(text)
        case "Boolean":
            guard case .bool(let flag) = value else { throw invalid("true or false") }
            return .bool(flag)
        case "Date":
            guard case .string(let text) = value, let ms = HeadlessDate.parse(text),
                  let day = CalendarDate(epochMilliseconds: ms) else { throw invalid("a date (yyyy-MM-dd)") }
            return .string(day.isoString)
        case "DateTime":
            guard case .string(let text) = value, text.count > 10, let ms = HeadlessDate.parse(text) else {
                throw invalid("a date and time (ISO-8601, e.g. 2024-01-15T09:00:00Z)")
            }
            return .string(HeadlessDate.iso(ms))
        case "Picklist":
            let key = pickedKey(value)
            guard let key else { throw invalid("a picklist entry ({\"key\": …})") }
            try requireKey(key, field: field, schema: schema)
            return .string(key)
        case "MultiselectPicklist":
            let items: [JSONValue]
            switch value {
            case .array(let elements): items = elements
            case .string(let text): items = text.split(separator: ",").map { .string($0.trimmingCharacters(in: .whitespaces)) }
            default: throw invalid("a list of picklist entries")
            }
            var keys: [String] = []
            for item in items {
                guard let key = pickedKey(item) else { throw invalid("a list of picklist entries") }
                try requireKey(key, field: field, schema: schema)
                if !keys.contains(key) { keys.append(key) }
            }
            return keys.isEmpty ? nil : .array(keys.map { .string($0) })
        case "Attachment":
            let id = value["id"]?.int64Value ?? value.int64Value
            guard let id else { throw invalid("the ID of a Documents and Media file") }
            if id == 0 { return nil }
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fileEntry WHERE fileEntryId = ?", arguments: [id]) ?? 0 > 0 else {
                throw HeadlessProblem.badRequest("No FileEntry exists with the primary key \(id)", type: "NoSuchFileEntryException")
            }
            return .int(id)
        case "Relationship":
            guard let id = value.int64Value else { throw invalid("the ID of the related entry") }
            if id == 0 { return nil }
            guard let relationship = schema.relationships[name] else { return .int(id) }
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM objectEntry WHERE id = ? AND objectDefinitionId = ?",
                                   arguments: [id, relationship.objectDefinitionId1]) ?? 0 > 0 else {
                throw HeadlessProblem.badRequest("No ObjectEntry exists with the primary key \(id)", type: "NoSuchObjectEntryException")
            }
            return .int(id)
        default:
            throw HeadlessProblem.badRequest("Object field \"\(name)\" is read-only")
        }
    }

    private static func numeric(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let i): return Double(i)
        case .double(let d): return d.isFinite ? d : nil
        default: return nil
        }
    }

    private static func pickedKey(_ value: JSONValue) -> String? {
        if case .string(let key) = value { return key.isEmpty ? nil : key }
        if case .string(let key)? = value["key"] { return key.isEmpty ? nil : key }
        return nil
    }

    private static func requireKey(_ key: String, field: ObjectFieldRow, schema: ObjectSchema) throws {
        guard schema.listTypes[field.listTypeDefinitionId]?.contains(where: { $0.key == key }) == true else {
            throw HeadlessProblem.badRequest("\(key) is not a key of the picklist of object field \"\(field.name)\"",
                                             type: "ObjectEntryValuesException.ListTypeEntry")
        }
    }

    /// The answered form of a stored value.
    static func render(_ stored: JSONValue, field: ObjectFieldRow, schema: ObjectSchema, files: [Int64: FileEntryRow]) -> JSONValue {
        switch field.businessType {
        case "Picklist":
            guard let key = stored.stringValue else { return stored }
            return picklistItem(key, field: field, schema: schema)
        case "MultiselectPicklist":
            return .array((stored.arrayValue ?? []).compactMap(\.stringValue).map { picklistItem($0, field: field, schema: schema) })
        case "Attachment":
            guard let id = stored.int64Value else { return stored }
            guard let file = files[id] else { return ["id": .int(id)] }
            let title = file.title.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file.title
            return [
                "id": .int(id), "name": .string(file.fileName),
                "link": ["href": .string("/documents/\(file.groupId)/\(file.folderId)/\(title)/\(file.uuid)?version=\(file.version)&download=true"),
                         "label": .string(file.fileName)],
            ]
        case "PrecisionDecimal":
            guard let text = stored.stringValue, let number = Double(text) else { return stored }
            return .double(number)
        default:
            return stored
        }
    }

    private static func picklistItem(_ key: String, field: ObjectFieldRow, schema: ObjectSchema) -> JSONValue {
        let entry = schema.listTypes[field.listTypeDefinitionId]?.first { $0.key == key }
        let names = entry?.name ?? ["en_US": key]
        return ["key": .string(key), "name": .string(names["en_US"] ?? key),
                "name_i18n": .object(names.mapValues { .string($0) })]
    }

    /// The text full-text search looks in: text fields, picklist names and the ERC.
    static func searchText(_ values: [String: JSONValue], schema: ObjectSchema, externalReferenceCode: String) -> String {
        var words = [externalReferenceCode]
        for field in schema.fields {
            guard let value = values[field.name] else { continue }
            switch field.businessType {
            case "Text", "LongText": if let text = value.stringValue { words.append(text) }
            case "Picklist", "MultiselectPicklist":
                let keys = value.stringValue.map { [$0] } ?? (value.arrayValue ?? []).compactMap(\.stringValue)
                for key in keys {
                    words.append(schema.listTypes[field.listTypeDefinitionId]?.first { $0.key == key }?.name["en_US"] ?? key)
                }
            default: break
            }
        }
        return words.joined(separator: "\n").lowercased()
    }

    /// The filter/sort column of a custom field.
    static func column(_ field: ObjectFieldRow) -> QueryColumn? {
        let path = "$.\(field.name)"
        let sql = "json_extract(fieldValues, '\(path)')"
        switch field.businessType {
        case "Text", "LongText", "Picklist": return QueryColumn(sql: sql, kind: .text)
        case "Integer", "LongInteger", "Attachment", "Relationship": return QueryColumn(sql: sql, kind: .integer)
        case "Decimal", "PrecisionDecimal": return QueryColumn(sql: sql, kind: .real)
        case "Boolean": return QueryColumn(sql: sql, kind: .boolean)
        case "Date": return QueryColumn(sql: sql, kind: .day)
        case "DateTime": return QueryColumn(sql: sql, kind: .instantText)
        case "MultiselectPicklist": return QueryColumn(sql: sql, kind: .keyArray(path: path))
        default: return nil
        }
    }
}
