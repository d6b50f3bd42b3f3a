import DDM
import Foundation
import GRDB

/// A localised text as the portal keeps it: one value per locale, and a default locale.
struct LocalizedText: Sendable, Equatable {
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

struct UserRow: Sendable, FetchableRecord {
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

    init(row: Row) {
        userId = row["userId"]
        companyId = row["companyId"]
        screenName = row["screenName"]
        emailAddress = row["emailAddress"]
        password = row["password"]
        firstName = row["firstName"]
        lastName = row["lastName"]
        isAdmin = row["isAdmin"]
        languageId = row["languageId"]
        uuid = row["uuid"]
        createDate = row["createDate"]
        modifiedDate = row["modifiedDate"]
    }

    var fullName: String { [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ") }
}

struct SiteRow: Sendable, FetchableRecord {
    var groupId: Int64
    var companyId: Int64
    var name: String
    var friendlyURL: String
    var description: String
    var creatorUserId: Int64
    var uuid: String

    init(row: Row) {
        groupId = row["groupId"]
        companyId = row["companyId"]
        name = row["name"]
        friendlyURL = row["friendlyURL"]
        description = row["description"]
        creatorUserId = row["creatorUserId"]
        uuid = row["uuid"]
    }
}

struct StructureRow: Sendable, FetchableRecord {
    var structureId: Int64
    var groupId: Int64
    var companyId: Int64
    var userId: Int64
    var structureKey: String
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

    init(row: Row) {
        structureId = row["structureId"]
        groupId = row["groupId"]
        companyId = row["companyId"]
        userId = row["userId"]
        structureKey = row["structureKey"]
        let defaultLocale: String = row["defaultLocale"]
        names = .fromJSON(row["names"], defaultLocale: defaultLocale)
        descriptions = .fromJSON(row["descriptions"], defaultLocale: defaultLocale)
        definition = row["definition"]
        xsd = row["xsd"]
        fieldTypes = ((try? JSONValue.parse(row["fieldTypes"] as String))?.objectValue ?? [:]).compactMapValues(\.stringValue)
        requiredFields = ((try? JSONValue.parse(row["requiredFields"] as String))?.arrayValue ?? []).compactMap(\.stringValue)
        uuid = row["uuid"]
        createDate = row["createDate"]
        modifiedDate = row["modifiedDate"]
    }
}

struct RecordSetRow: Sendable, FetchableRecord {
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

    init(row: Row) {
        recordSetId = row["recordSetId"]
        groupId = row["groupId"]
        companyId = row["companyId"]
        userId = row["userId"]
        structureId = row["structureId"]
        recordSetKey = row["recordSetKey"]
        names = .fromJSON(row["names"])
        descriptions = .fromJSON(row["descriptions"])
        minDisplayRows = row["minDisplayRows"]
        scope = row["scope"]
        uuid = row["uuid"]
        createDate = row["createDate"]
        modifiedDate = row["modifiedDate"]
    }
}

struct RecordRow: Sendable, FetchableRecord {
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
    /// Field name → stored value (the server string form).
    var fieldValues: [String: String]
    var createDate: Int64
    var modifiedDate: Int64

    init(
        recordId: Int64, uuid: String, groupId: Int64, companyId: Int64, userId: Int64, userName: String, recordSetId: Int64,
        storageId: Int64, displayIndex: Int, version: String, status: Int, fieldValues: [String: String], createDate: Int64,
        modifiedDate: Int64
    ) {
        self.recordId = recordId
        self.uuid = uuid
        self.groupId = groupId
        self.companyId = companyId
        self.userId = userId
        self.userName = userName
        self.recordSetId = recordSetId
        self.storageId = storageId
        self.displayIndex = displayIndex
        self.version = version
        self.status = status
        self.fieldValues = fieldValues
        self.createDate = createDate
        self.modifiedDate = modifiedDate
    }

    init(row: Row) {
        recordId = row["recordId"]
        uuid = row["uuid"]
        groupId = row["groupId"]
        companyId = row["companyId"]
        userId = row["userId"]
        userName = row["userName"]
        recordSetId = row["recordSetId"]
        storageId = row["storageId"]
        displayIndex = row["displayIndex"]
        version = row["version"]
        status = row["status"]
        fieldValues = ((try? JSONValue.parse(row["fieldValues"] as String))?.objectValue ?? [:]).compactMapValues(\.stringValue)
        createDate = row["createDate"]
        modifiedDate = row["modifiedDate"]
    }
}

struct DLFolderRow: Sendable, FetchableRecord {
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

    init(row: Row) {
        folderId = row["folderId"]
        groupId = row["groupId"]
        repositoryId = row["repositoryId"]
        parentFolderId = row["parentFolderId"]
        userId = row["userId"]
        name = row["name"]
        description = row["description"]
        uuid = row["uuid"]
        createDate = row["createDate"]
        modifiedDate = row["modifiedDate"]
    }
}

struct FileEntryRow: Sendable, FetchableRecord {
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

    init(row: Row) {
        fileEntryId = row["fileEntryId"]
        groupId = row["groupId"]
        repositoryId = row["repositoryId"]
        folderId = row["folderId"]
        userId = row["userId"]
        userName = row["userName"]
        title = row["title"]
        description = row["description"]
        fileName = row["fileName"]
        fileExtension = row["extension"]
        mimeType = row["mimeType"]
        size = row["size"]
        version = row["version"]
        changeLog = row["changeLog"]
        uuid = row["uuid"]
        createDate = row["createDate"]
        modifiedDate = row["modifiedDate"]
    }
}

struct BookmarksFolderRow: Sendable, FetchableRecord {
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

    init(row: Row) {
        folderId = row["folderId"]
        groupId = row["groupId"]
        companyId = row["companyId"]
        parentFolderId = row["parentFolderId"]
        userId = row["userId"]
        name = row["name"]
        description = row["description"]
        uuid = row["uuid"]
        createDate = row["createDate"]
        modifiedDate = row["modifiedDate"]
    }
}

struct BookmarksEntryRow: Sendable, FetchableRecord {
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

    init(row: Row) {
        entryId = row["entryId"]
        groupId = row["groupId"]
        companyId = row["companyId"]
        folderId = row["folderId"]
        userId = row["userId"]
        userName = row["userName"]
        name = row["name"]
        url = row["url"]
        description = row["description"]
        visits = row["visits"]
        priority = row["priority"]
        uuid = row["uuid"]
        createDate = row["createDate"]
        modifiedDate = row["modifiedDate"]
    }
}
