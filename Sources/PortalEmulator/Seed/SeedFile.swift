import DDM
import Foundation
import GRDB

/// A JSON seed file: more sites, users, structures, record sets, records, folders, files and
/// bookmarks, applied once per data directory on top of the demo data. The format is documented
/// in `docs/emulator.md`; IDs are optional where nothing refers to the item.
struct SeedFile: Sendable {
    let document: [String: JSONValue]
    /// Files given by `path` are read relative to this directory.
    let baseDirectory: URL
    /// A digest of the file's bytes: the same seed is applied only once per data directory.
    let digest: String

    static let maximumBytes = 256 << 20

    static func load(_ url: URL) throws -> SeedFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw EmulatorError.invalidSeed("cannot read \(url.path): \(error.localizedDescription)")
        }
        guard data.count <= maximumBytes else { throw EmulatorError.invalidSeed("\(url.path) is larger than 256 MiB") }
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(bytes: [UInt8](data))
        } catch {
            throw EmulatorError.invalidSeed("\(url.lastPathComponent): \(error)")
        }
        guard case .object(let document) = parsed else { throw EmulatorError.invalidSeed("the top level must be a JSON object") }
        let known: Set<String> = ["sites", "users", "structures", "recordSets", "records", "folders", "files", "bookmarkFolders", "bookmarks"]
        if let unknown = document.keys.sorted().first(where: { !known.contains($0) }) {
            throw EmulatorError.invalidSeed("unknown section \"\(unknown)\"")
        }
        return SeedFile(
            document: document, baseDirectory: url.deletingLastPathComponent(),
            digest: String(PortalUUID.fnv1a(String(decoding: data, as: UTF8.self)), radix: 16))
    }

    func apply(to db: Database) throws {
        let now = EpochClock.nowMs()
        for site in try items("sites") {
            let groupId = try site.id("groupId", db)
            let name = try site.string("name")
            try db.insertSite(groupId: groupId, companyId: DemoIDs.companyId, name: name,
                              friendlyURL: site.optionalString("friendlyURL") ?? "/" + name.lowercased().replacingOccurrences(of: " ", with: "-"),
                              description: site.optionalString("description") ?? "", creatorUserId: DemoIDs.adminUserId)
        }
        for user in try items("users") {
            let userId = try user.id("userId", db)
            let screenName = try user.string("screenName")
            try db.insertUser(
                userId: userId, companyId: DemoIDs.companyId, screenName: screenName,
                emailAddress: user.optionalString("emailAddress") ?? "\(screenName)@liferay.com", password: try user.string("password"),
                firstName: user.optionalString("firstName") ?? screenName, lastName: user.optionalString("lastName") ?? "",
                isAdmin: user["admin"]?.boolValue ?? false, languageId: user.optionalString("languageId") ?? "en_US", now: now)
            for site in user["sites"]?.arrayValue ?? [.int(DemoIDs.groupId)] {
                guard let groupId = site.int64Value else { throw user.invalid("sites must hold group IDs") }
                try db.addMembership(userId: userId, groupId: groupId)
            }
            for grant in user["permissions"]?.arrayValue ?? [] {
                guard let resourceName = grant["resource"]?.stringValue, let resource = ResourceType(rawValue: resourceName) else {
                    throw user.invalid("a permission needs \"resource\": recordset, folder or bookmarksfolder")
                }
                let resourceId = grant["id"]?.int64Value ?? 0
                for action in grant["actions"]?.arrayValue ?? [] {
                    guard let name = action.stringValue, let permission = PermissionAction(rawValue: name) else {
                        throw user.invalid("unknown action \(action.serialized()) (view, add, update, delete)")
                    }
                    try db.grant(userId: userId, resource: resource, resourceId: resourceId, action: permission)
                }
            }
        }
        for structure in try items("structures") {
            try applyStructure(structure, db: db, now: now)
        }
        for set in try items("recordSets") {
            let structureId = try set.long("structureId")
            _ = try StructureServices.fetch(db, structureId)
            try db.insertRecordSet(
                recordSetId: try set.id("recordSetId", db), groupId: set["groupId"]?.int64Value ?? DemoIDs.groupId,
                companyId: DemoIDs.companyId, userId: set["userId"]?.int64Value ?? DemoIDs.adminUserId, structureId: structureId,
                names: try set.localized("name"), descriptions: (try? set.localized("description")) ?? LocalizedText(["en_US": ""]), now: now)
        }
        for record in try items("records") {
            let recordSetId = try record.long("recordSetId")
            let set = try RecordSetServices.fetch(db, recordSetId)
            let structure = try StructureServices.fetch(db, set.structureId)
            let values = RecordServices.values(from: record["values"]?.objectValue ?? [:])
            do {
                try RecordServices.validate(values, against: structure)
            } catch {
                throw record.invalid(error.message)
            }
            let userId = record["userId"]?.int64Value ?? DemoIDs.adminUserId
            let user = try UserRow.fetchOne(db, sql: "SELECT * FROM user WHERE userId = ?", arguments: [userId])
            let recordId = try record.id("recordId", db)
            try db.insertRecord(
                recordId: recordId, uuid: record.optionalString("uuid") ?? PortalUUID.derived("seed-record-\(recordId)"),
                groupId: set.groupId, companyId: set.companyId, userId: userId, userName: user?.fullName ?? "",
                recordSetId: recordSetId, storageId: try db.nextId(), displayIndex: 0, status: record["status"]?.intValue ?? 0,
                values: values, createDate: now, modifiedDate: now)
        }
        for folder in try items("folders") {
            try db.insertDLFolder(
                folderId: try folder.id("folderId", db), groupId: folder["groupId"]?.int64Value ?? DemoIDs.groupId,
                parentFolderId: folder["parentFolderId"]?.int64Value ?? 0, userId: DemoIDs.adminUserId,
                name: try folder.string("name"), description: folder.optionalString("description") ?? "", now: now)
        }
        for file in try items("files") {
            try applyFile(file, db: db, now: now)
        }
        for folder in try items("bookmarkFolders") {
            try db.insertBookmarksFolder(
                folderId: try folder.id("folderId", db), groupId: folder["groupId"]?.int64Value ?? DemoIDs.groupId,
                companyId: DemoIDs.companyId, parentFolderId: folder["parentFolderId"]?.int64Value ?? 0, userId: DemoIDs.adminUserId,
                name: try folder.string("name"), description: folder.optionalString("description") ?? "", now: now)
        }
        for bookmark in try items("bookmarks") {
            let entryId = try bookmark.id("entryId", db)
            try db.insertBookmarksEntry(
                entryId: entryId, groupId: bookmark["groupId"]?.int64Value ?? DemoIDs.groupId, companyId: DemoIDs.companyId,
                folderId: bookmark["folderId"]?.int64Value ?? DemoIDs.bookmarksFolderId, userId: DemoIDs.adminUserId,
                userName: "Test Test", name: try bookmark.string("name"), url: try bookmark.string("url"),
                description: bookmark.optionalString("description") ?? "",
                uuid: bookmark.optionalString("uuid") ?? PortalUUID.derived("seed-bookmark-\(entryId)"), now: now)
        }
    }

    private func applyStructure(_ item: SeedItem, db: Database, now: Int64) throws {
        var definition: String?
        switch item["definition"] {
        case .string(let text)?: definition = text
        case .object?: definition = item["definition"]!.serialized()
        case nil, .null?: definition = nil
        default: throw item.invalid("definition must be a JSON object or a JSON string")
        }
        var xsd = item.optionalString("xsd")
        guard let source = definition ?? xsd else { throw item.invalid("a structure needs a 7.x \"definition\" or a 6.2 \"xsd\"") }
        let parsed: DDMStructure
        do {
            parsed = try DDMStructure.parse(source)
        } catch {
            throw item.invalid("the structure does not parse: \(error)")
        }
        let spec = StructureSpec(parsed)
        if definition == nil { definition = spec.jsonDefinition() }
        if xsd == nil { xsd = spec.xsd() }
        var fieldTypes: [String: String] = [:]
        for field in parsed.allFields { fieldTypes[field.name] = field.dataType }
        try db.insertStructure(
            structureId: try item.id("structureId", db), groupId: item["groupId"]?.int64Value ?? DemoIDs.groupId,
            companyId: DemoIDs.companyId, userId: item["userId"]?.int64Value ?? DemoIDs.adminUserId,
            key: item.optionalString("structureKey") ?? "SEED-\(PortalUUID.fnv1a(source) % 1_000_000)",
            names: try item.localized("name"), descriptions: (try? item.localized("description")) ?? LocalizedText(["en_US": ""]),
            definition: definition, xsd: xsd, fieldTypes: fieldTypes,
            requiredFields: parsed.allFields.filter(\.required).map(\.name), now: now)
    }

    private func applyFile(_ item: SeedItem, db: Database, now: Int64) throws {
        let bytes: [UInt8]
        if let base64 = item.optionalString("base64") {
            guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else { throw item.invalid("base64 does not decode") }
            bytes = [UInt8](data)
        } else if let path = item.optionalString("path") {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseDirectory.appendingPathComponent(path)
            guard let data = try? Data(contentsOf: url) else { throw item.invalid("cannot read \(url.path)") }
            bytes = [UInt8](data)
        } else {
            throw item.invalid("a file needs \"path\" or \"base64\"")
        }
        let title = try item.string("title")
        let fileName = item.optionalString("fileName") ?? title
        let fileEntryId = try item.id("fileEntryId", db)
        try db.insertFileEntry(
            fileEntryId: fileEntryId, groupId: item["groupId"]?.int64Value ?? DemoIDs.groupId,
            folderId: item["folderId"]?.int64Value ?? DemoIDs.imageFolderId, userId: DemoIDs.adminUserId, userName: "Test Test",
            title: title, description: item.optionalString("description") ?? "", fileName: fileName,
            mimeType: item.optionalString("mimeType") ?? Self.mimeType(forFileName: fileName), data: bytes, thumbnail: nil,
            changeLog: "", uuid: item.optionalString("uuid") ?? PortalUUID.derived("seed-file-\(fileEntryId)"), now: now)
    }

    static func mimeType(forFileName name: String) -> String {
        switch name.split(separator: ".").last?.lowercased() ?? "" {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "txt": return "text/plain"
        case "pdf": return "application/pdf"
        default: return "application/octet-stream"
        }
    }

    private func items(_ section: String) throws -> [SeedItem] {
        guard let value = document[section] else { return [] }
        guard case .array(let elements) = value else { throw EmulatorError.invalidSeed("\"\(section)\" must be an array") }
        return try elements.enumerated().map { index, element in
            guard case .object(let members) = element else { throw EmulatorError.invalidSeed("\(section)[\(index)] must be an object") }
            return SeedItem(members: members, location: "\(section)[\(index)]")
        }
    }
}

/// One object of a seed section, with accessors that name the item when something is wrong.
struct SeedItem {
    let members: [String: JSONValue]
    let location: String

    subscript(key: String) -> JSONValue? { members[key] }

    func invalid(_ reason: String) -> EmulatorError { .invalidSeed("\(location): \(reason)") }

    func string(_ key: String) throws -> String {
        guard let text = members[key]?.stringValue, !text.isEmpty else { throw invalid("\"\(key)\" is required") }
        return text
    }

    func optionalString(_ key: String) -> String? { members[key]?.stringValue }

    func long(_ key: String) throws -> Int64 {
        guard let number = members[key]?.int64Value else { throw invalid("\"\(key)\" must be a number") }
        return number
    }

    /// The item's ID, or a new one from the counter when it has none.
    func id(_ key: String, _ db: Database) throws -> Int64 {
        if members[key] != nil { return try long(key) }
        return try db.nextId()
    }

    /// A localised text: a plain string (en_US) or an object of locale → text.
    func localized(_ key: String) throws -> LocalizedText {
        switch members[key] {
        case .string(let text)?: return LocalizedText(["en_US": text])
        case .object(let map)?:
            let values = map.compactMapValues(\.stringValue)
            guard !values.isEmpty else { throw invalid("\"\(key)\" needs at least one locale") }
            return LocalizedText(values)
        default: throw invalid("\"\(key)\" is required (a string or a locale → text object)")
        }
    }
}
