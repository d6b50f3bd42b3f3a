import DDM
import Foundation
import GRDB

/// The stock 7.4 demo data, created once per data directory: the "Ticket" (site) and
/// "Customer" (company) object definitions with their picklists, relationship and entries, and
/// the OAuth 2 demo applications. Deterministic, like the rest of the demo data.
enum DemoModernData {
    static let metaKey = "demo-objects-oauth2"

    static func createIfMissing(in db: Database) throws {
        guard try String.fetchOne(db, sql: "SELECT value FROM emulator_meta WHERE key = ?", arguments: [metaKey]) == nil else { return }
        try create(in: db)
        try db.execute(sql: "INSERT INTO emulator_meta (key, value) VALUES (?, '1')", arguments: [metaKey])
    }

    static let severities = ["trivial", "minor", "major", "critical"]
    static let labels = ["bug", "ui", "docs", "performance", "security"]

    static func create(in db: Database) throws {
        let ids = DemoObjectIDs.self
        let now = DemoData.baseTime
        try listType(db, id: ids.severityListTypeId, erc: "TICKET-SEVERITY", name: ["en_US": "Ticket Severity", "es_ES": "Gravedad"],
                     entries: [("trivial", "Trivial", "Trivial"), ("minor", "Minor", "Menor"), ("major", "Major", "Mayor"), ("critical", "Critical", "Crítica")])
        try listType(db, id: ids.labelsListTypeId, erc: "TICKET-LABELS", name: ["en_US": "Ticket Labels", "es_ES": "Etiquetas"],
                     entries: [("bug", "Bug", "Error"), ("ui", "User interface", "Interfaz"), ("docs", "Documentation", "Documentación"),
                               ("performance", "Performance", "Rendimiento"), ("security", "Security", "Seguridad")])

        try definition(db, id: ids.customerDefinitionId, name: "Customer", plural: "customers", label: ["en_US": "Customer", "es_ES": "Cliente"],
                       pluralLabel: ["en_US": "Customers", "es_ES": "Clientes"], scope: "company", title: "name")
        var fieldId: Int64 = 72_001
        func field(_ definitionId: Int64, _ name: String, _ businessType: String, _ dbType: String, _ label: String,
                   required: Bool = false, listType: Int64 = 0, relationship: Int64 = 0, settings: JSONValue = []) throws {
            try db.execute(sql: """
                INSERT INTO objectField (id, objectDefinitionId, name, businessType, dbType, label, required, listTypeDefinitionId,
                    relationshipId, settings, position, externalReferenceCode) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [fieldId, definitionId, name, businessType, dbType, JSONValue.object(["en_US": .string(label)]).serialized(),
                                 required, listType, relationship, settings.serialized(), fieldId, "FIELD-\(fieldId)"])
            fieldId += 1
        }
        try field(ids.customerDefinitionId, "name", "Text", "String", "Name", required: true)
        try field(ids.customerDefinitionId, "email", "Text", "String", "Email")
        try field(ids.customerDefinitionId, "vip", "Boolean", "Boolean", "VIP")
        try field(ids.customerDefinitionId, "notes", "LongText", "Clob", "Notes")

        try definition(db, id: ids.ticketDefinitionId, name: "Ticket", plural: "tickets", label: ["en_US": "Ticket", "es_ES": "Ticket"],
                       pluralLabel: ["en_US": "Tickets", "es_ES": "Tickets"], scope: "site", title: "title")
        let t = ids.ticketDefinitionId
        try field(t, "title", "Text", "String", "Title", required: true)
        try field(t, "description", "LongText", "Clob", "Description")
        try field(t, "priority", "Integer", "Integer", "Priority")
        try field(t, "estimateMinutes", "LongInteger", "Long", "Estimate (minutes)")
        try field(t, "effortHours", "Decimal", "Double", "Effort (hours)")
        try field(t, "cost", "PrecisionDecimal", "BigDecimal", "Cost")
        try field(t, "resolved", "Boolean", "Boolean", "Resolved")
        try field(t, "dueDate", "Date", "Date", "Due date")
        try field(t, "reportedAt", "DateTime", "DateTime", "Reported at")
        try field(t, "severity", "Picklist", "String", "Severity", listType: ids.severityListTypeId)
        try field(t, "labels", "MultiselectPicklist", "String", "Labels", listType: ids.labelsListTypeId)
        try field(t, "screenshot", "Attachment", "Long", "Screenshot", settings: [
            ["name": "acceptedFileExtensions", "value": "png, jpg, jpeg, gif"], ["name": "fileSource", "value": "documentsAndMedia"],
            ["name": "maximumFileSize", "value": 100],
        ])
        try field(t, ids.ticketCustomerField, "Relationship", "Long", "Customer", relationship: ids.customerTicketsRelationshipId)
        try db.execute(sql: """
            INSERT INTO objectRelationship (id, name, label, type, objectDefinitionId1, objectDefinitionId2, objectFieldName2,
                externalReferenceCode) VALUES (?, 'customerTickets', ?, 'oneToMany', ?, ?, ?, 'CUSTOMER-TICKETS')
            """, arguments: [ids.customerTicketsRelationshipId, #"{"en_US":"Tickets"}"#, ids.customerDefinitionId, t, ids.ticketCustomerField])
        try db.reserveId(fieldId)

        let customerSchema = try ObjectSchema.load(db, definition: try fetchDefinition(db, ids.customerDefinitionId))
        for n in 1...ids.customerCount {
            let values: [String: JSONValue] = [
                "name": .string("Customer \(n): \(companies[n % companies.count])"),
                "email": .string("contact\(n)@\(companies[n % companies.count].lowercased().replacingOccurrences(of: " ", with: "-")).example"),
                "vip": .bool(n % 5 == 0),
                "notes": n % 3 == 0 ? .string("Prefers email.\nCall before noon.") : .null,
            ].filter { !$0.value.isNull }
            let erc = "CUSTOMER-\(n)"
            try db.insertObjectEntry(
                id: ids.firstCustomerEntryId + Int64(n - 1), definitionId: ids.customerDefinitionId, groupId: 0, erc: erc,
                userId: DemoIDs.adminUserId, userName: "Test Test", status: 0, fieldValues: JSONValue.object(values).serialized(),
                searchText: ObjectEntryValues.searchText(values, schema: customerSchema, externalReferenceCode: erc),
                createDate: now + Int64(n) * 60_000, modifiedDate: now + Int64(n) * 60_000)
        }
        let ticketSchema = try ObjectSchema.load(db, definition: try fetchDefinition(db, t))
        for n in 1...ids.ticketCount {
            let values = ticketValues(n)
            let erc = "TICKET-\(n)"
            let time = now + Int64(n) * 60_000
            let byViewer = n % 4 == 0
            try db.insertObjectEntry(
                id: ids.firstTicketEntryId + Int64(n - 1), definitionId: t, groupId: DemoIDs.groupId, erc: erc,
                userId: byViewer ? DemoIDs.viewerUserId : DemoIDs.adminUserId, userName: byViewer ? "Vera Viewer" : "Test Test",
                status: n % 500 == 0 ? 2 : 0, fieldValues: JSONValue.object(values).serialized(),
                searchText: ObjectEntryValues.searchText(values, schema: ticketSchema, externalReferenceCode: erc),
                createDate: time, modifiedDate: time)
        }
        try db.reserveId(ids.firstTicketEntryId + Int64(ids.ticketCount))
        try OAuth2Applications.createDemo(in: db)
    }

    private static let companies = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark Industries", "Wayne Enterprises",
                                    "Soylent", "Tyrell", "Cyberdyne", "Wonka", "Vandelay"]
    private static let words = ["Login", "Crash", "Typo", "Layout", "Timeout", "Upload", "Search", "Export",
                                "Sync", "Locale", "Cache", "Printing", "Scroll", "Password", "Report", "Import"]
    private static let problems = ["fails on start", "is slow", "shows wrong text", "loses data", "needs review",
                                   "breaks on resize", "ignores the locale", "times out"]

    /// The stored values of ticket `n` (1-based), as the emulator generates them.
    static func ticketValues(_ n: Int) -> [String: JSONValue] {
        var values: [String: JSONValue] = [
            "title": .string("Ticket \(n): \(words[n % words.count]) \(problems[(n / words.count) % problems.count])"),
            "priority": .int(Int64((n * 7) % 5 + 1)),
            "estimateMinutes": .int(3_000_000_000 + Int64(n) * 15),
            "effortHours": .double(Double(n % 40) / 4),
            "cost": .string("\((n * 1234) % 100_000 / 100).\(String(format: "%02d", (n * 1234) % 100))"),
            "resolved": .bool(n % 3 == 0),
            "reportedAt": .string(HeadlessDate.iso(DemoData.baseTime + Int64(n) * 3_600_000)),
            "severity": .string(severities[n % severities.count]),
            DemoObjectIDs.ticketCustomerField: .int(DemoObjectIDs.firstCustomerEntryId + Int64(n % DemoObjectIDs.customerCount)),
        ]
        if n % 5 == 0 { values["description"] = .string("Steps to reproduce ticket \(n):\n1. Open the app\n2. Look closely") }
        if n % 10 != 0 {
            let due = CalendarDate(daysSinceEpoch: CalendarDate(year: 2024, month: 1, day: 1)!.daysSinceEpoch + (n * 13) % 730)!
            values["dueDate"] = .string(due.isoString)
        }
        let picked = labels.enumerated().filter { (n >> $0.offset) & 1 == 1 }.map { JSONValue.string($0.element) }
        if !picked.isEmpty { values["labels"] = .array(picked) }
        if n % 50 == 0 { values["screenshot"] = .int(DemoIDs.firstImageFileEntryId + Int64((n / 50) % DemoIDs.imageCount)) }
        return values
    }

    private static func fetchDefinition(_ db: Database, _ id: Int64) throws -> ObjectDefinitionRow {
        try ObjectDefinitionRow.fetchOne(db, sql: "SELECT * FROM objectDefinition WHERE id = ?", arguments: [id])!
    }

    private static func listType(_ db: Database, id: Int64, erc: String, name: [String: String], entries: [(String, String, String)]) throws {
        let names = JSONValue.object(name.mapValues { .string($0) }).serialized()
        try db.execute(sql: "INSERT INTO listTypeDefinition (id, companyId, externalReferenceCode, name, createDate, modifiedDate) VALUES (?, ?, ?, ?, ?, ?)",
                       arguments: [id, DemoIDs.companyId, erc, names, DemoData.baseTime, DemoData.baseTime])
        for (index, entry) in entries.enumerated() {
            let entryNames = JSONValue.object(["en_US": .string(entry.1), "es_ES": .string(entry.2)]).serialized()
            try db.execute(sql: "INSERT INTO listTypeEntry (id, listTypeDefinitionId, key, name, externalReferenceCode, position) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [71_100 + (id - 71_000) * 10 + Int64(index), id, entry.0, entryNames,
                                       "\(erc)-\(entry.0.uppercased())", index])
        }
    }

    private static func definition(
        _ db: Database, id: Int64, name: String, plural: String, label: [String: String], pluralLabel: [String: String], scope: String, title: String
    ) throws {
        try db.execute(sql: """
            INSERT INTO objectDefinition (id, companyId, userId, externalReferenceCode, name, label, pluralLabel, pluralName, scope,
                titleObjectFieldName, createDate, modifiedDate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [id, DemoIDs.companyId, DemoIDs.adminUserId, name.uppercased(), name,
                             JSONValue.object(label.mapValues { .string($0) }).serialized(),
                             JSONValue.object(pluralLabel.mapValues { .string($0) }).serialized(), plural, scope, title,
                             DemoData.baseTime, DemoData.baseTime])
    }
}
