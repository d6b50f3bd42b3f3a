import DDM
import Foundation
import GRDB

/// A localised text as the portal keeps it: one value per locale, and a default locale.
struct LocalizedText: Sendable, Equatable, Decodable {
    var values: [String: String]
    var defaultLocale: String

    init(_ values: [String: String], defaultLocale: String = "en_US") {
        self.values = values
        self.defaultLocale = values[defaultLocale] != nil ? defaultLocale : (values.keys.sorted().first ?? defaultLocale)
    }

    /// The text in `locale`, falling back to the language, then the default locale.
    func value(for locale: String?) -> String {
        if let locale {
            if let exact = values[locale] { return exact }
            let language = locale.split(separator: "_").first.map(String.init) ?? locale
            if let sameLanguage = values.keys.sorted().first(where: { $0.hasPrefix(language + "_") || $0 == language }) {
                return values[sameLanguage]!
            }
        }
        return values[defaultLocale] ?? values.values.first ?? ""
    }

    /// Liferay's localisation XML (`<root available-locales=… default-locale=…><Name language-id=…>`),
    /// the form the portal's models return for localised attributes such as `name`.
    func portalXML(element: String = "Name") -> String {
        let locales = values.keys.sorted { lhs, rhs in lhs == defaultLocale ? true : (rhs == defaultLocale ? false : lhs < rhs) }
        var xml = "<?xml version='1.0' encoding='UTF-8'?><root available-locales=\"\(locales.joined(separator: ","))\" default-locale=\"\(defaultLocale)\">"
        for locale in locales {
            xml += "<\(element) language-id=\"\(locale)\">\(XMLText.escape(values[locale] ?? ""))</\(element)>"
        }
        return xml + "</root>"
    }

    var json: String { JSONValue.object(values.mapValues(JSONValue.string)).serialized() }

    /// A column holding ``json`` (GRDB reads a non-scalar column as JSON), default locale en_US.
    init(from decoder: any Decoder) throws {
        self.init(try [String: String](from: decoder))
    }

    static func fromJSON(_ text: String, defaultLocale: String = "en_US") -> LocalizedText {
        let object = (try? JSONValue.parse(text))?.objectValue ?? [:]
        return LocalizedText(object.compactMapValues(\.stringValue), defaultLocale: defaultLocale)
    }
}

enum XMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}

/// The rows of the emulator's tables. Each is decoded by GRDB from the columns of the same names
/// (`Decodable`): plain columns as they are, JSON text columns (localised names, field values)
/// as the property's type.
struct UserRow: Sendable, Decodable, FetchableRecord {
    var userId: Int64
    var companyId: Int64
    var screenName: String
    var emailAddress: String
    var password: String
    var firstName: String
    var lastName: String
    var isAdmin: Bool
    var languageId: String
    var uuid: String
    var createDate: Int64
    var modifiedDate: Int64

    var fullName: String { [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ") }
}

struct SiteRow: Sendable, Decodable, FetchableRecord {
    var groupId: Int64
    var companyId: Int64
    var name: String
    var friendlyURL: String
    var description: String
    var creatorUserId: Int64
    var uuid: String
}

struct StructureRow: Sendable, Decodable, FetchableRecord {
    var structureId: Int64
    var groupId: Int64
    var companyId: Int64
    var userId: Int64
    var structureKey: String
    var defaultLocale: String
    var names: LocalizedText
    var descriptions: LocalizedText
    var definition: String?
    var xsd: String?
    /// Field name → dataType, nested fields included.
    var fieldTypes: [String: String]
    var requiredFields: [String]
    var uuid: String
    var createDate: Int64
    var modifiedDate: Int64

    /// The decoded row, its names and descriptions defaulting to the structure's own locale.
    init(row: Row) throws {
        self = try FetchableRecordDecoder().decode(StructureRow.self, from: row)
        names = LocalizedText(names.values, defaultLocale: defaultLocale)
        descriptions = LocalizedText(descriptions.values, defaultLocale: defaultLocale)
    }
}

struct RecordSetRow: Sendable, Decodable, FetchableRecord {
    var recordSetId: Int64
    var groupId: Int64
    var companyId: Int64
    var userId: Int64
    var structureId: Int64
    var recordSetKey: String
    var names: LocalizedText
    var descriptions: LocalizedText
    var minDisplayRows: Int
    var scope: Int
    var uuid: String
    var createDate: Int64
    var modifiedDate: Int64
}

struct RecordRow: Sendable, Decodable, FetchableRecord {
    var recordId: Int64
    var uuid: String
    var groupId: Int64
    var companyId: Int64
    var userId: Int64
    var userName: String
    var recordSetId: Int64
    var storageId: Int64
    var displayIndex: Int
    var version: String
    var status: Int
    /// Field name → stored value (the server string form, or one per repeated instance).
    var fieldValues: [String: StoredFieldValue]
    var createDate: Int64
    var modifiedDate: Int64
}

struct DLFolderRow: Sendable, Decodable, FetchableRecord {
    var folderId: Int64
    var groupId: Int64
    var repositoryId: Int64
    var parentFolderId: Int64
    var userId: Int64
    var name: String
    var description: String
    var uuid: String
    var createDate: Int64
    var modifiedDate: Int64
}

struct FileEntryRow: Sendable, Decodable, FetchableRecord {
    var fileEntryId: Int64
    var groupId: Int64
    var repositoryId: Int64
    var folderId: Int64
    var userId: Int64
    var userName: String
    var title: String
    var description: String
    var fileName: String
    var fileExtension: String
    var mimeType: String
    var size: Int64
    var version: String
    var changeLog: String
    var uuid: String
    var createDate: Int64
    var modifiedDate: Int64

    private enum CodingKeys: String, CodingKey {
        case fileEntryId, groupId, repositoryId, folderId, userId, userName, title, description, fileName
        case fileExtension = "extension"
        case mimeType, size, version, changeLog, uuid, createDate, modifiedDate
    }
}

struct BookmarksFolderRow: Sendable, Decodable, FetchableRecord {
    var folderId: Int64
    var groupId: Int64
    var companyId: Int64
    var parentFolderId: Int64
    var userId: Int64
    var name: String
    var description: String
    var uuid: String
    var createDate: Int64
    var modifiedDate: Int64
}

struct BookmarksEntryRow: Sendable, Decodable, FetchableRecord {
    var entryId: Int64
    var groupId: Int64
    var companyId: Int64
    var folderId: Int64
    var userId: Int64
    var userName: String
    var name: String
    var url: String
    var description: String
    var visits: Int
    var priority: Int
    var uuid: String
    var createDate: Int64
    var modifiedDate: Int64
}
