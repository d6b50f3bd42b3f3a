import DDM
import Foundation
import GRDB

/// Creates the demo portal on first start: company, site, users, structures, record sets and
/// records, an image folder and a bookmarks folder. Everything is deterministic.
enum DemoData {
    /// 2024-01-15T09:00:00Z, the creation time of all demo data.
    static let baseTime: Int64 = 1_705_309_200_000

    static func create(in db: Database) throws {
        let ids = DemoIDs.self
        let now = baseTime
        try db.insertCompany(id: ids.companyId, webId: "liferay.com")
        try db.insertUser(userId: ids.adminUserId, companyId: ids.companyId, screenName: "test", emailAddress: "test@liferay.com",
                          password: "test", firstName: "Test", lastName: "Test", isAdmin: true, now: now)
        try db.insertUser(userId: ids.viewerUserId, companyId: ids.companyId, screenName: "viewer", emailAddress: "viewer@liferay.com",
                          password: "viewer", firstName: "Vera", lastName: "Viewer", isAdmin: false, now: now)
        try db.insertSite(groupId: ids.groupId, companyId: ids.companyId, name: "Termlets Demo", friendlyURL: "/termlets-demo",
                          description: "Demo site of the Termlets portal emulator", creatorUserId: ids.adminUserId)
        try db.addMembership(userId: ids.adminUserId, groupId: ids.groupId)
        try db.addMembership(userId: ids.viewerUserId, groupId: ids.groupId)
        for resource in [ResourceType.recordSet, .folder, .bookmarksFolder] {
            try db.grant(userId: ids.viewerUserId, resource: resource, resourceId: 0, action: .view)
        }

        for (id, key, names, spec) in structures {
            try db.insertStructure(
                structureId: id, groupId: ids.groupId, companyId: ids.companyId, userId: ids.adminUserId, key: key,
                names: names, descriptions: LocalizedText(["en_US": "Demo structure \(names.value(for: "en_US"))"]),
                definition: spec.jsonDefinition(), xsd: spec.xsd(), fieldTypes: spec.fieldTypes,
                requiredFields: spec.requiredFieldNames, now: now)
        }
        for (id, structureId, names) in recordSets {
            try db.insertRecordSet(recordSetId: id, groupId: ids.groupId, companyId: ids.companyId, userId: ids.adminUserId,
                                   structureId: structureId, names: names, descriptions: LocalizedText(["en_US": ""]), now: now)
        }
        try createEveryFieldRecords(db)
        try createIssueRecords(db)
        try createContactRecords(db)
        try createImages(db)
        try createBookmarks(db)
    }

    /// The demo structures: id, key, names, fields.
    static let structures: [(Int64, String, LocalizedText, StructureSpec)] = [
        (DemoIDs.everyFieldStructureId, "EVERY-FIELD-KIND", LocalizedText(["en_US": "Every field kind", "es_ES": "Todos los tipos de campo"]), DemoStructures.everyField),
        (DemoIDs.issueStructureId, "ISSUE", LocalizedText(["en_US": "Issue", "es_ES": "Incidencia"]), DemoStructures.issue),
        (DemoIDs.contactStructureId, "CONTACT", LocalizedText(["en_US": "Contact", "es_ES": "Contacto"]), DemoStructures.contact),
    ]

    /// The demo record sets: id, structure id, names.
    static let recordSets: [(Int64, Int64, LocalizedText)] = [
        (DemoIDs.everyFieldRecordSetId, DemoIDs.everyFieldStructureId, LocalizedText(["en_US": "Every field kind", "es_ES": "Todos los tipos de campo"])),
        (DemoIDs.issuesRecordSetId, DemoIDs.issueStructureId, LocalizedText(["en_US": "Issues", "es_ES": "Incidencias"])),
        (DemoIDs.contactsRecordSetId, DemoIDs.contactStructureId, LocalizedText(["en_US": "Contacts", "es_ES": "Contactos"])),
    ]

    /// A demo record's row, as stored.
    static func recordRow(
        id: Int64, recordSetId: Int64, userId: Int64 = DemoIDs.adminUserId, status: Int = 0, values: [String: String], offsetMinutes: Int64
    ) -> RecordRow {
        let time = baseTime + offsetMinutes * 60_000
        return RecordRow(
            recordId: id, uuid: PortalUUID.derived("record-\(id)"), groupId: DemoIDs.groupId, companyId: DemoIDs.companyId,
            userId: userId, userName: userId == DemoIDs.adminUserId ? "Test Test" : "Vera Viewer", recordSetId: recordSetId,
            storageId: id + 300_000, displayIndex: 0, version: "1.0", status: status, fieldValues: values.mapValues(StoredFieldValue.single),
            createDate: time, modifiedDate: time)
    }

    private static func insert(_ db: Database, _ row: RecordRow) throws {
        try db.insertRecord(
            recordId: row.recordId, uuid: row.uuid, groupId: row.groupId, companyId: row.companyId, userId: row.userId,
            userName: row.userName, recordSetId: row.recordSetId, storageId: row.storageId, displayIndex: row.displayIndex,
            status: row.status, values: row.fieldValues, createDate: row.createDate, modifiedDate: row.modifiedDate)
    }

    /// The records of "Every field kind".
    static var everyFieldRecords: [RecordRow] {
        everyFieldSamples.enumerated().map { index, values in
            recordRow(id: DemoIDs.firstEveryFieldRecordId + Int64(index), recordSetId: DemoIDs.everyFieldRecordSetId,
                      status: index == 3 ? 2 : 0, values: values, offsetMinutes: Int64(index))
        }
    }

    static func createEveryFieldRecords(_ db: Database) throws {
        for row in everyFieldRecords { try insert(db, row) }
    }

    private static let everyFieldSamples: [[String: String]] = {
        let documentValue = JSONValue.object([
            "groupId": .int(DemoIDs.groupId), "uuid": .string(PortalUUID.derived("image-0")), "version": "1.0",
        ]).serialized()
        let samples: [[String: String]] = [
            ["Agreed": "true", "Title": "First sample", "Notes": "Two lines\nof notes", "Colours": "[\"red\", \"blue\"]",
             "Size": "[\"medium\"]", "DueDate": "2024-06-19", "Quantity": "12", "Weight": "3.5", "Price": "19.99",
             "Attachment": documentValue, "Location": "{\"latitude\": 43.3623, \"longitude\": -8.4115}",
             "Description": "<p>Rich <b>text</b></p>", "Address": "Main office", "Street": "Calle Real 1", "City": "A Coruña",
             "Phone": "+34 600 000 001", "Greeting": "こんにちは"],
            ["Agreed": "false", "Title": "Segundo ejemplo", "Colours": "[\"green\"]", "Size": "[\"small\"]",
             "DueDate": "2024-12-31", "Quantity": "0", "Weight": "0.25", "Price": "5.00", "Greeting": "おはよう"],
            ["Agreed": "true", "Title": "Only a few values", "Quantity": "7"],
            ["Title": "Draft record", "Notes": "Saved as a draft", "Size": "[\"large\"]"],
            ["Agreed": "true", "Title": "Wide 日本語 title", "Notes": "漢字とかな", "DueDate": "2025-02-28", "Price": "1234.56"],
        ]
        return samples
    }()

    private static let issueWords = ["Login", "Crash", "Typo", "Layout", "Timeout", "Upload", "Search", "Export",
                                     "Sync", "Locale", "Cache", "Printing", "Scroll", "Password", "Report", "Import"]
    private static let issueProblems = ["fails on start", "is slow", "shows wrong text", "loses data", "needs review",
                                        "breaks on resize", "ignores the locale", "times out"]

    /// The first due date of the demo issues (they spread over two years from it).
    private static let firstDueDay = CalendarDate(year: 2024, month: 1, day: 1)!

    /// The stored values of issue `n` (1-based), as the emulator generates them.
    static func issueValues(_ n: Int) -> [String: String] {
        let dayOffset = (n * 13) % 730
        let dueDate = CalendarDate(daysSinceEpoch: firstDueDay.daysSinceEpoch + dayOffset)?.isoString
        var values: [String: String] = [
            "Title": "Issue \(n): \(issueWords[n % issueWords.count]) \(issueProblems[(n / issueWords.count) % issueProblems.count])",
            "Priority": String((n * 7) % 5 + 1),
            "Done": n % 3 == 0 ? "true" : "false",
            "Severity": "[\"\(DemoStructures.issueSeverities[n % DemoStructures.issueSeverities.count])\"]",
        ]
        if n % 10 != 0 { values["DueDate"] = dueDate }
        return values
    }

    /// Issue `n` (1-based)'s row.
    static func issueRecord(_ n: Int) -> RecordRow {
        recordRow(id: DemoIDs.firstIssueRecordId + Int64(n - 1), recordSetId: DemoIDs.issuesRecordSetId,
                  userId: n % 4 == 0 ? DemoIDs.viewerUserId : DemoIDs.adminUserId, values: issueValues(n), offsetMinutes: Int64(n))
    }

    static func createIssueRecords(_ db: Database) throws {
        for n in 1...DemoIDs.issueRecordCount {
            try insert(db, issueRecord(n))
        }
        try db.reserveId(DemoIDs.firstIssueRecordId + Int64(DemoIDs.issueRecordCount) + 300_000)
    }

    /// The records of "Contacts".
    static var contactRecords: [RecordRow] {
        let contacts: [[String: String]] = [
            ["Name": "Ada Lovelace", "Email": "ada@example.com", "Subscribed": "true"],
            ["Name": "José García", "Subscribed": "false"],
            ["Name": "山田太郎", "Email": "taro@example.jp"],
        ]
        return contacts.enumerated().map { index, values in
            recordRow(id: DemoIDs.firstContactRecordId + Int64(index), recordSetId: DemoIDs.contactsRecordSetId,
                      values: values, offsetMinutes: Int64(index))
        }
    }

    static func createContactRecords(_ db: Database) throws {
        for row in contactRecords { try insert(db, row) }
    }

    static func createImages(_ db: Database) throws {
        try db.insertDLFolder(folderId: DemoIDs.imageFolderId, groupId: DemoIDs.groupId, parentFolderId: 0,
                              userId: DemoIDs.adminUserId, name: "Demo images", description: "Generated demo pictures", now: baseTime)
        for image in DemoImages.all {
            let id = DemoIDs.firstImageFileEntryId + Int64(image.index)
            try db.insertFileEntry(
                fileEntryId: id, groupId: DemoIDs.groupId, folderId: DemoIDs.imageFolderId, userId: DemoIDs.adminUserId,
                userName: "Test Test", title: image.title, description: image.description, fileName: image.title + ".png",
                mimeType: "image/png", data: image.png, thumbnail: image.thumbnail, changeLog: "",
                uuid: PortalUUID.derived("image-\(image.index)"), now: baseTime + Int64(image.index) * 1000)
        }
        try db.reserveId(DemoIDs.firstImageFileEntryId + Int64(DemoIDs.imageCount))
    }

    static func createBookmarks(_ db: Database) throws {
        try db.insertBookmarksFolder(folderId: DemoIDs.bookmarksFolderId, groupId: DemoIDs.groupId, companyId: DemoIDs.companyId,
                                     parentFolderId: 0, userId: DemoIDs.adminUserId, name: "Demo bookmarks",
                                     description: "Links about Liferay and terminals", now: baseTime)
        let topics = ["Liferay Portal", "Dynamic Data Lists", "Liferay Screens", "Swift", "SwiftNIO", "SQLite", "ncurses",
                      "tmux", "Unicode", "JSON", "HTTP", "Hummingbird", "GRDB", "Debian", "Terminal colours"]
        for index in 0..<DemoIDs.bookmarkCount {
            let topic = topics[index % topics.count]
            let slug = topic.lowercased().replacingOccurrences(of: " ", with: "-")
            let edition = index / topics.count + 1
            try db.insertBookmarksEntry(
                entryId: DemoIDs.firstBookmarkEntryId + Int64(index), groupId: DemoIDs.groupId, companyId: DemoIDs.companyId,
                folderId: DemoIDs.bookmarksFolderId, userId: DemoIDs.adminUserId, userName: "Test Test",
                name: edition == 1 ? topic : "\(topic) (\(edition))", url: "https://example.com/\(slug)/\(edition)",
                description: "Reading about \(topic)", uuid: PortalUUID.derived("bookmark-\(index)"),
                now: baseTime + Int64(index) * 1000)
        }
        try db.reserveId(DemoIDs.firstBookmarkEntryId + Int64(DemoIDs.bookmarkCount))
    }
}
