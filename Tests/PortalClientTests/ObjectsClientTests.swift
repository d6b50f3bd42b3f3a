import DDM
import Foundation
import PortalEmulator
import Testing

@testable import PortalClient

private let admin = Credentials(username: "test@liferay.com", password: "test")
private let siteId: Int64 = 20143

/// Starts a stock 7.4 emulator (or a 7.x one), opens a logged-in admin session, runs `body`, stops both.
private func withObjectsPortal(
    release: EmulatorRelease = .liferay74, _ body: (PortalSession, PortalEmulator) async throws -> Void
) async throws {
    let emulator = try await PortalEmulator.start(EmulatorOptions(release: release))
    do {
        let session = try PortalSession(
            context: ServerContext(serverURL: emulator.baseURL, companyId: 0, groupId: siteId, version: nil), credentials: admin,
            options: .init(timeout: .seconds(10)))
        do {
            try await session.login()
            try await body(session, emulator)
        } catch {
            try? await session.shutdown()
            throw error
        }
        try await session.shutdown()
    } catch {
        await emulator.stop()
        throw error
    }
    await emulator.stop()
}

/// The Objects client (definitions, entries, headless errors) and the §5.3 mapping, against the
/// 7.4 emulator's demo "Ticket" object (one field of each business type, 10,000 entries).
@Suite("Objects client")
struct ObjectsClientTests {
    @Test func definitionByNameOrIdWithPicklistsAndRelationship() async throws {
        try await withObjectsPortal { session, _ in
            let byName = try await session.objectDefinition("Ticket")
            #expect(try await session.objectDefinition("70001") == byName)
            #expect(try await session.objectDefinition("ticket") == byName, "a name also matches ignoring case")
            #expect(byName.id == DemoObjectIDs.ticketDefinitionId)
            #expect(byName.scope == .site)
            #expect(byName.restContextPath == "/o/c/tickets")
            #expect(byName.collectionPath(groupId: siteId) == "/o/c/tickets/scopes/20143")
            #expect(byName.fields.map(\.name) == [
                "title", "description", "priority", "estimateMinutes", "effortHours", "cost", "resolved", "dueDate", "reportedAt",
                "severity", "labels", "screenshot", DemoObjectIDs.ticketCustomerField,
            ])
            #expect(byName.field(named: "title")?.required == true)
            #expect(byName.field(named: "severity")?.picklist.map(\.key) == ["trivial", "minor", "major", "critical"])
            #expect(byName.field(named: "severity")?.picklist.last?.name(in: "es_ES") == "Crítica")
            #expect(byName.field(named: "labels")?.picklist.count == 5)
            #expect(byName.field(named: DemoObjectIDs.ticketCustomerField)?.relationship?.definitionId == DemoObjectIDs.customerDefinitionId)
            #expect(byName.label(in: "es_ES") == "Ticket")

            let customer = try await session.objectDefinition("Customer")
            #expect(customer.scope == .company)
            #expect(customer.collectionPath(groupId: siteId) == "/o/c/customers")

            await #expect(throws: PortalError.self) { try await session.objectDefinition("NoSuchThing") }
            do {
                _ = try await session.objectDefinition("NoSuchThing")
            } catch let error as PortalError {
                #expect(error.kind == .notFound)
                #expect(error.message == "no object definition is named NoSuchThing")
            }
        }
    }

    @Test func everyBusinessTypeMapsToAFieldKind() async throws {
        try await withObjectsPortal { session, _ in
            let structure = ObjectMapping.structure(of: try await session.objectDefinition("Ticket"))
            func shape(_ name: String) -> String {
                guard let field = structure.field(named: name) else { return "missing" }
                return "\(field.kind.rawValue)/\(field.editor)\(field.multiple ? "/multiple" : "")\(field.readOnly ? "/readOnly" : "")"
            }
            #expect(shape("title") == "string/text")
            #expect(structure.field(named: "title")?.required == true)
            #expect(shape("description") == "string/textarea")
            #expect(shape("priority") == "integer/number")
            #expect(shape("estimateMinutes") == "integer/number")
            #expect(shape("effortHours") == "decimal/number")
            #expect(shape("cost") == "decimal/number")
            #expect(shape("resolved") == "boolean/checkbox")
            #expect(shape("dueDate") == "date/date")
            #expect(shape("reportedAt") == "string/text")
            #expect(shape("severity") == "options/select")
            #expect(structure.field(named: "severity")?.options.map(\.value) == ["trivial", "minor", "major", "critical"])
            #expect(structure.field(named: "severity")?.options.first?.label(in: .esES, defaultLocale: .enUS) == "Trivial")
            #expect(shape("labels") == "options/select/multiple")
            #expect(shape("screenshot") == "document/documentlibrary")
            #expect(shape(DemoObjectIDs.ticketCustomerField) == "integer/number")
            #expect(structure.field(named: DemoObjectIDs.ticketCustomerField)?.attributes[ObjectMapping.relatedDefinitionAttribute] == .int(70002))
            // A related entry's ID reads as digits, never grouped like an amount.
            let customer = try #require(structure.field(named: DemoObjectIDs.ticketCustomerField))
            #expect(customer.isIdentifier)
            #expect(customer.label(of: .integer(74011), in: .enUS) == "74011")
            #expect(structure.field(named: "priority").map { $0.label(of: .integer(12345), in: .enUS) } == "12,345")
            #expect(structure.field(named: "reportedAt").flatMap(ObjectMapping.businessType(of:)) == .dateTime)
            #expect(structure.field(named: "reportedAt")?.holdsDateTimeText == true, "its text is checked as ISO-8601")
            #expect(structure.field(named: "title")?.holdsDateTimeText == false)
            #expect(structure.structureId == nil && structure.attributes["objectDefinitionId"] == .int(70001))
        }
    }

    @Test func computedKindsAreReadOnlyAndNeverSent() throws {
        let formula = ObjectField(
            id: 1, name: "total", businessType: .formula, labels: ["en_US": "Total"], required: true, readOnly: false, picklist: [],
            listTypeDefinitionId: 0, relationship: nil, settings: [:])
        let counter = ObjectField(
            id: 2, name: "number", businessType: .autoIncrement, labels: [:], required: false, readOnly: false, picklist: [],
            listTypeDefinitionId: 0, relationship: nil, settings: [:])
        let definition = ObjectDefinition(
            id: 9, name: "Bill", externalReferenceCode: "BILL", labels: [:], pluralLabels: [:], scope: .company,
            restContextPath: "/o/c/bills", titleFieldName: nil, fields: [formula, counter])
        let structure = ObjectMapping.structure(of: definition)
        #expect(structure.field(named: "total")?.kind == .unsupported)
        #expect(structure.field(named: "total")?.isEditable == false)
        #expect(structure.field(named: "total")?.required == false)
        #expect(structure.field(named: "number")?.kind == .integer)
        #expect(structure.field(named: "number")?.isEditable == false)
        let entry = try #require(ObjectEntry(json: ["id": 5, "total": ["amount": 3], "number": 12]))
        #expect(ObjectMapping.canonicalValues(of: entry, in: structure) == ["total": #"{"amount":3}"#, "number": "12"])
        let body = try ObjectMapping.entryBody(values: ObjectMapping.values(of: entry, in: structure), structure: structure)
        #expect(body == .object([:]))
    }

    /// Every business type written (add by ERC), read back, and in its canonical form; the add
    /// sent again with the same ERC leaves one entry; PATCH changes one field; DELETE removes it.
    @Test func everyBusinessTypeRoundTrips() async throws {
        try await withObjectsPortal { session, _ in
            let definition = try await session.objectDefinition("Ticket")
            let structure = ObjectMapping.structure(of: definition)
            let canonical: [String: String] = [
                "title": "Printer on fire", "description": "Line one\nline two", "priority": "-7", "estimateMinutes": "9000000000",
                "effortHours": "2.5", "cost": "12345.67", "resolved": "true", "dueDate": "2026-02-28",
                "reportedAt": "2026-01-15T09:30:00Z", "severity": "major", "labels": "ui,security",
                DemoObjectIDs.ticketCustomerField: "74003",
            ]
            // An attachment is a Documents and Media file already uploaded (here by its ID).
            var values: [String: FieldValue] = ["screenshot": .document(.other("\(DemoIDs.firstImageFileEntryId)"))]
            for (name, text) in canonical {
                let field = try #require(structure.field(named: name))
                values[name] = try field.value(fromCanonical: text)
            }
            #expect(values.count == 13)
            #expect(throws: ObjectValueError(field: "screenshot", message: "the file must be uploaded to Documents and Media first.")) {
                var local = values
                local["screenshot"] = .document(.localFile(path: "/tmp/a.png"))
                _ = try ObjectMapping.entryBody(values: local, structure: structure)
            }
            #expect(throws: ObjectValueError.self) {
                var bad = values
                bad["reportedAt"] = .string("yesterday")
                _ = try ObjectMapping.entryBody(values: bad, structure: structure)
            }
            let body = try ObjectMapping.entryBody(values: values, structure: structure)
            #expect(body["severity"] == ["key": "major"])
            #expect(body["labels"] == [["key": "ui"], ["key": "security"]])
            #expect(body["cost"] == "12345.67", "a precision decimal goes as text, no digit lost")
            #expect(body["screenshot"] == .int(DemoIDs.firstImageFileEntryId))

            let before = try await session.objectEntries(of: definition, groupId: siteId, query: .init(pageSize: 1)).totalCount
            let erc = PortalSession.newExternalReferenceCode()
            let added = try await session.addObjectEntry(of: definition, groupId: siteId, externalReferenceCode: erc, body: body)
            #expect(added.externalReferenceCode == erc)
            let again = try await session.addObjectEntry(of: definition, groupId: siteId, externalReferenceCode: erc, body: body)
            #expect(again.id == added.id, "the same ERC sent twice is one entry")
            #expect(try await session.objectEntries(of: definition, groupId: siteId, query: .init(pageSize: 1)).totalCount == before + 1)

            let read = try await session.objectEntry(of: definition, id: added.id)
            let readBack = ObjectMapping.canonicalValues(of: read, in: structure)
            for (name, text) in canonical {
                #expect(readBack[name] == text, "\(name)")
            }
            guard case .document(.uploaded(let reference))? = ObjectMapping.values(of: read, in: structure)["screenshot"] else {
                Issue.record("the attachment is not a document reference")
                return
            }
            #expect(reference.raw["fileEntryId"] == .int(DemoIDs.firstImageFileEntryId))
            #expect(reference.groupId == siteId && !reference.uuid.isEmpty)
            #expect(readBack["screenshot"] == reference.title && reference.title?.isEmpty == false, "an attachment reads as the file's title")
            #expect(try await session.objectEntry(of: definition, groupId: siteId, externalReferenceCode: erc).id == added.id)
            #expect(ObjectMapping.attributes(of: read)["externalReferenceCode"] == .string(erc))

            // Values read back go out again unchanged (the attachment by its file ID).
            #expect(try ObjectMapping.entryBody(values: ObjectMapping.values(of: read, in: structure), structure: structure) == body)

            let patched = try await session.updateObjectEntry(of: definition, id: added.id, body: ["priority": 3])
            #expect(ObjectMapping.canonicalValues(of: patched, in: structure)["priority"] == "3")
            #expect(ObjectMapping.canonicalValues(of: patched, in: structure)["title"] == "Printer on fire", "PATCH keeps the rest")
            #expect(try #require(patched.dateModifiedMilliseconds) > (try #require(read.dateModifiedMilliseconds)), "the update moves dateModified")

            try await session.deleteObjectEntry(of: definition, id: added.id)
            do {
                _ = try await session.objectEntry(of: definition, id: added.id)
                Issue.record("a deleted entry was read")
            } catch let error as PortalError {
                #expect(error.kind == .notFound)
                #expect(error.httpStatus == 404)
                #expect(error.message == "No ObjectEntry exists with the primary key \(added.id)")
            }
        }
    }

    @Test func pagesSearchAndSort() async throws {
        try await withObjectsPortal { session, _ in
            let definition = try await session.objectDefinition("Ticket")
            let page = try await session.objectEntries(of: definition, groupId: siteId, query: .init(page: 3, pageSize: 50, sort: "id:desc"))
            #expect(page.totalCount == DemoObjectIDs.ticketCount)
            #expect(page.lastPage == 200 && page.page == 3 && page.pageSize == 50)
            #expect(page.items.count == 50)
            #expect(page.items.first?.id == DemoObjectIDs.firstTicketEntryId + 9_999 - 100)
            #expect(page.items.first?.externalReferenceCode == "TICKET-9900")

            let searched = try await session.objectEntries(of: definition, groupId: siteId, query: .init(search: "TICKET-1234"))
            #expect(searched.items.map(\.externalReferenceCode).contains("TICKET-1234"))
            #expect(searched.totalCount < 100)

            let filtered = try await session.objectEntries(
                of: definition, groupId: siteId, query: .init(pageSize: 5, filter: "externalReferenceCode eq 'TICKET-7'"))
            #expect(filtered.items.map(\.id) == [DemoObjectIDs.firstTicketEntryId + 6])
        }
    }

    @Test func problemsBecomeCleanPortalErrors() async throws {
        try await withObjectsPortal { session, _ in
            let definition = try await session.objectDefinition("Ticket")
            do {
                _ = try await session.addObjectEntry(of: definition, groupId: siteId, externalReferenceCode: "X-1", body: ["priority": 1])
                Issue.record("an entry without its required title was added")
            } catch let error as PortalError {
                #expect(error.kind == .validation)
                #expect(error.httpStatus == 400)
                #expect(error.message == #"No value was provided for required object field "title""#)
                #expect(error.exceptionClass == "ObjectEntryValuesException.Required")
            }
        }
        let hostile = PortalSession.headlessError(
            status: 400, body: Array(#"{"status": "BAD_REQUEST", "title": "bad\u001b[2J value\u0007 here", "type": "X"}"#.utf8))
        #expect(hostile.message == "bad [2J value here")
        #expect(PortalSession.headlessError(status: 403, body: Array("<html>no</html>".utf8)).kind == .permission)
        #expect(PortalSession.headlessError(status: 500, body: []).message == "the request failed with HTTP 500")
    }

    @Test func aPortalWithoutObjectsSaysNotFound() async throws {
        try await withObjectsPortal(release: .screensPlugin) { session, _ in
            do {
                _ = try await session.objectDefinition("Ticket")
                Issue.record("a 7.x portal answered an object definition")
            } catch let error as PortalError {
                #expect(error.kind == .notFound)
            }
        }
    }

    /// Server data is untrusted: names and labels are cleaned, fields with unusable names dropped,
    /// a `restContextPath` that is not `/o/c/<segment>` refused.
    @Test func hostileDefinitionsAreCleanedOrRefused() throws {
        let json: JSONValue = [
            "id": 5, "name": "Evil\u{1b}[2J", "restContextPath": "/o/c/evils", "scope": "site",
            "label": ["en_US": "Bad\u{07}label\u{1b}]0;title\u{07}"],
            "objectFields": [
                ["name": "ok_1", "businessType": "Text", "label": ["en_US": "Fine"]],
                ["name": "bad name", "businessType": "Text"],
                ["name": "x\u{1b}[31m", "businessType": "Text"],
                ["name": "id", "businessType": "LongInteger", "system": true],
                ["name": "pick", "businessType": "Picklist", "listTypeEntries": [["key": "a\u{1b}b", "name": "A"], ["key": ""], ["name": "no key"]]],
            ],
        ]
        let definition = try #require(ObjectDefinition(json: json))
        #expect(!definition.name.contains("\u{1b}"))
        #expect(!definition.label(in: "en_US").unicodeScalars.contains { $0.value < 0x20 })
        #expect(definition.fields.map(\.name) == ["ok_1", "pick"])
        #expect(definition.field(named: "pick")?.picklist.map(\.key) == ["a b"])
        for path in ["/o/c/../x", "https://elsewhere/o/c/x", "/o/c/", "/o/c/a/b", "/api/jsonws"] {
            var bad = json.objectValue!
            bad["restContextPath"] = .string(path)
            #expect(ObjectDefinition(json: .object(bad)) == nil, "\(path)")
        }
    }
}
