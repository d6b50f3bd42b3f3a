import DDM
import Foundation
import Testing
@testable import PortalEmulator

extension PortalEmulatorSuites {
    @Suite("Stock 7.4: Liferay Objects over REST")
    struct ObjectsTests {
        @Test("object-admin lists the demo definitions in a Vulcan page, site- and company-scoped, with every business type")
        func definitions() async throws {
            try await withStock74Portal { portal in
                let first = try await portal.rest("GET", "/o/object-admin/v1.0/object-definitions?pageSize=1")
                #expect(first.status == 200)
                #expect(first.json["totalCount"] == 2)
                #expect(first.json["lastPage"] == 2)
                #expect(first.json["page"] == 1)
                #expect(first.json["pageSize"] == 1)
                #expect(first.json["items"]?.arrayValue?.count == 1)
                let all = try await portal.rest("GET", "/o/object-admin/v1.0/object-definitions")
                let items = try #require(all.json["items"]?.arrayValue)
                let ticket = try #require(items.first { $0["name"] == "Ticket" })
                let customer = try #require(items.first { $0["name"] == "Customer" })
                #expect(ticket["scope"] == "site")
                #expect(ticket["restContextPath"] == "/o/c/tickets")
                #expect(ticket["id"] == .int(DemoObjectIDs.ticketDefinitionId))
                #expect(customer["scope"] == "company")
                #expect(customer["restContextPath"] == "/o/c/customers")
                let types = Set((ticket["objectFields"]?.arrayValue ?? []).filter { $0["system"] == false }.compactMap { $0["businessType"]?.stringValue })
                #expect(types == ["Text", "LongText", "Integer", "LongInteger", "Decimal", "PrecisionDecimal", "Boolean", "Date",
                                  "DateTime", "Picklist", "MultiselectPicklist", "Attachment", "Relationship"])
                let severity = try #require(ticket["objectFields"]?.arrayValue?.first { $0["name"] == "severity" })
                let listTypeId = try #require(severity["listTypeDefinitionId"]?.int64Value)
                let entries = try await portal.rest("GET", "/o/headless-admin-list-type/v1.0/list-type-definitions/\(listTypeId)/list-type-entries")
                #expect(entries.json["items"]?.arrayValue?.compactMap { $0["key"]?.stringValue } == ["trivial", "minor", "major", "critical"])
                let relationships = try await portal.rest("GET", "/o/object-admin/v1.0/object-definitions/\(DemoObjectIDs.ticketDefinitionId)/object-relationships")
                #expect(relationships.json["items"]?[0]?["objectFieldName2"] == .string(DemoObjectIDs.ticketCustomerField))
                let missing = try await portal.rest("GET", "/o/object-admin/v1.0/object-definitions/1")
                #expect(missing.status == 404)
                #expect(missing.json["status"] == "NOT_FOUND")
            }
        }

        @Test("10,000 tickets page with Vulcan arithmetic: page from 1, lastPage, an empty page past the end")
        func paging() async throws {
            try await withStock74Portal { portal in
                let third = try await portal.rest("GET", "\(ticketsPath)?page=3&pageSize=40")
                #expect(third.status == 200)
                #expect(third.json["totalCount"] == 10_000)
                #expect(third.json["lastPage"] == 250)
                let items = try #require(third.json["items"]?.arrayValue)
                #expect(items.count == 40)
                #expect(items.first?["id"] == .int(DemoObjectIDs.firstTicketEntryId + 80))
                #expect(items.first?["externalReferenceCode"] == "TICKET-81")
                let odd = try await portal.rest("GET", "\(ticketsPath)?page=1429&pageSize=7")
                #expect(odd.json["lastPage"] == 1429)
                #expect(odd.json["items"]?.arrayValue?.count == 10_000 - 1428 * 7)
                let past = try await portal.rest("GET", "\(ticketsPath)?page=251&pageSize=40")
                #expect(past.json["items"]?.arrayValue?.isEmpty == true)
                #expect(past.json["totalCount"] == 10_000)
                let bad = try await portal.rest("GET", "\(ticketsPath)?page=0")
                #expect(bad.status == 400)
                #expect(bad.json["status"] == "BAD_REQUEST")
            }
        }

        @Test("search, sort and filter (eq ne gt lt and or, picklists, multiselect, dates, creator) on the server")
        func searchSortFilter() async throws {
            let tickets = (1...DemoObjectIDs.ticketCount).map { ($0, DemoModernData.ticketValues($0)) }
            func count(_ predicate: (Int, [String: JSONValue]) -> Bool) -> Int { tickets.filter { predicate($0.0, $0.1) }.count }
            try await withStock74Portal { portal in
                let search = try await portal.rest("GET", "\(ticketsPath)?search=crash&pageSize=500")
                let expected = count { _, values in values["title"]?.stringValue?.lowercased().contains("crash") == true }
                #expect(search.json["totalCount"] == .int(Int64(expected)))
                #expect(search.json["items"]?.arrayValue?.allSatisfy { $0["title"]?.stringValue?.contains("Crash") == true } == true)

                let sorted = try await portal.rest("GET", "\(ticketsPath)?sort=priority:desc,dueDate&pageSize=100")
                let sortedItems = try #require(sorted.json["items"]?.arrayValue)
                #expect(sortedItems.allSatisfy { $0["priority"] == 5 })
                let dues = sortedItems.compactMap { $0["dueDate"]?.stringValue }
                #expect(dues == dues.sorted())

                let cases: [(String, Int)] = [
                    ("priority eq 3 and resolved eq true", count { _, v in v["priority"] == 3 && v["resolved"] == true }),
                    ("priority gt 3 and priority lt 5", count { _, v in v["priority"] == 4 }),
                    ("priority ne 1", count { _, v in v["priority"] != 1 }),
                    ("severity eq 'major' or severity eq 'critical'", count { _, v in v["severity"] == "major" || v["severity"] == "critical" }),
                    ("labels eq 'security'", count { _, v in v["labels"]?.arrayValue?.contains("security") == true }),
                    ("dueDate lt 2024-02-01", count { _, v in (v["dueDate"]?.stringValue).map { $0 < "2024-02-01" } ?? false }),
                    ("creatorId eq \(DemoIDs.viewerUserId)", count { n, _ in n % 4 == 0 }),
                    ("contains(title,'Sync')", count { _, v in v["title"]?.stringValue?.contains("Sync") == true }),
                ]
                for (filter, expectedCount) in cases {
                    let encoded = filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                    let answer = try await portal.rest("GET", "\(ticketsPath)?pageSize=1&filter=\(encoded)")
                    #expect(answer.status == 200, "\(filter): \(answer.raw.text)")
                    #expect(answer.json["totalCount"] == .int(Int64(expectedCount)), "\(filter)")
                    #expect(expectedCount > 0, "\(filter) matches nothing in the demo data")
                }
                let invalid = try await portal.rest("GET", "\(ticketsPath)?filter=nosuchfield%20eq%201")
                #expect(invalid.status == 400)
                #expect(invalid.json["title"]?.stringValue?.contains("nosuchfield") == true)
            }
        }

        @Test("an entry answers every business type in its headless form")
        func renderedValues() async throws {
            try await withStock74Portal { portal in
                let answer = try await portal.rest("GET", "/o/c/tickets/\(DemoObjectIDs.firstTicketEntryId + 49)")
                #expect(answer.status == 200)
                let entry = answer.json
                #expect(entry["externalReferenceCode"] == "TICKET-50")
                #expect(entry["severity"]?["key"] == "major")
                #expect(entry["severity"]?["name"] == "Major")
                #expect(entry["labels"]?.arrayValue?.compactMap { $0["key"]?.stringValue } == ["ui", "security"])
                #expect(entry["screenshot"]?["id"] == .int(DemoIDs.firstImageFileEntryId + 1))
                #expect(entry["screenshot"]?["link"]?["href"]?.stringValue?.hasPrefix("/documents/\(DemoIDs.groupId)/") == true)
                #expect(entry[DemoObjectIDs.ticketCustomerField] == .int(DemoObjectIDs.firstCustomerEntryId + 2))
                #expect(entry["r_customerTickets_c_customerERC"] == "CUSTOMER-3")
                #expect(entry["estimateMinutes"] == 3_000_000_750)
                #expect(entry["effortHours"] == 2.5)
                #expect(entry["cost"] == 617.0)
                #expect(entry["resolved"] == false)
                #expect(entry["reportedAt"] == "2024-01-17T11:00:00Z")
                #expect(entry["dateModified"]?.stringValue?.count == 20)
                #expect(entry["status"]?["code"] == 0)
                #expect(entry["scopeKey"] == .string(String(DemoIDs.groupId)))
                #expect(entry["creator"]?["id"] == .int(DemoIDs.adminUserId))
            }
        }

        @Test("add, PUT by externalReferenceCode twice (one entry), PATCH merges, PUT replaces, DELETE; problems for bad input")
        func writes() async throws {
            try await withStock74Portal { portal in
                let body: JSONValue = ["title": "Printer on fire", "priority": 2, "severity": ["key": "critical"], "labels": [["key": "bug"]],
                                       "dueDate": "2025-06-30", "reportedAt": "2025-06-01T10:30:00+02:00", "cost": "12.50", "resolved": false,
                                       .init(stringLiteral: DemoObjectIDs.ticketCustomerField): .int(DemoObjectIDs.firstCustomerEntryId)]
                let ercPath = "\(ticketsPath)/by-external-reference-code/client-made-1"
                let first = try await portal.rest("PUT", ercPath, json: body)
                #expect(first.status == 200, "\(first.raw.text)")
                let again = try await portal.rest("PUT", ercPath, json: body)
                #expect(again.json["id"] == first.json["id"])
                #expect(first.json["reportedAt"] == "2025-06-01T08:30:00Z")
                let total = try await portal.rest("GET", "\(ticketsPath)?pageSize=1")
                #expect(total.json["totalCount"] == 10_001)
                let id = try #require(first.json["id"]?.int64Value)

                let duplicate = try await portal.rest("POST", ticketsPath, json: ["title": "Again", "externalReferenceCode": "client-made-1"])
                #expect(duplicate.status == 400)

                let patched = try await portal.rest("PATCH", "/o/c/tickets/\(id)", json: ["priority": 5])
                #expect(patched.json["priority"] == 5)
                #expect(patched.json["title"] == "Printer on fire")
                let modifiedBefore = try #require(first.json["dateModified"]?.stringValue)
                let modifiedAfter = try #require(patched.json["dateModified"]?.stringValue)
                #expect(modifiedAfter > modifiedBefore)

                let replaced = try await portal.rest("PUT", "/o/c/tickets/\(id)", json: ["title": "Only a title"])
                #expect(replaced.json["priority"] == nil)
                #expect(replaced.json["externalReferenceCode"] == "client-made-1")

                let posted = try await portal.rest("POST", ticketsPath, json: ["title": "Server-made code", "status": ["code": 2]])
                #expect(posted.status == 200)
                #expect(posted.json["externalReferenceCode"]?.stringValue?.isEmpty == false)
                #expect(posted.json["status"]?["label"] == "draft")

                let problems: [(JSONValue, String)] = [
                    (["priority": 1], "required"),
                    (["title": "x", "severity": "nope"], "picklist"),
                    (["title": "x", "priority": "high"], "whole number"),
                    (["title": "x", "dueDate": "30/06/2025"], "date"),
                    (["title": "x", "colour": "red"], "colour"),
                    (["title": "x", "screenshot": 999_999], "FileEntry"),
                ]
                for (payload, fragment) in problems {
                    let answer = try await portal.rest("POST", ticketsPath, json: payload)
                    #expect(answer.status == 400, "\(payload.serialized())")
                    #expect(answer.json["status"] == "BAD_REQUEST")
                    #expect(answer.json["title"]?.stringValue?.contains(fragment) == true, "\(answer.raw.text)")
                }
                let denied = try await portal.rest("PATCH", "/o/c/tickets/\(id)", json: ["priority": 1],
                                                   authorization: DemoUser.basic(DemoUser.viewer.0, DemoUser.viewer.1))
                #expect(denied.status == 403)
                #expect(denied.json["status"] == "FORBIDDEN")

                let deleted = try await portal.rest("DELETE", "/o/c/tickets/\(id)")
                #expect(deleted.status == 204)
                let gone = try await portal.rest("GET", "/o/c/tickets/\(id)")
                #expect(gone.status == 404)
                #expect(gone.json == ["status": "NOT_FOUND", "title": .string("No ObjectEntry exists with the primary key \(id)")])
            }
        }

        @Test("scopes: a company object under /o/c/<plural>/, a site object only under /scopes/{site}")
        func scopes() async throws {
            try await withStock74Portal { portal in
                let customers = try await portal.rest("GET", "/o/c/customers")
                #expect(customers.json["totalCount"] == .int(Int64(DemoObjectIDs.customerCount)))
                #expect(customers.json["items"]?[0]?["scopeKey"] == nil)
                #expect(try await portal.rest("GET", "/o/c/customers/scopes/\(DemoIDs.groupId)").status == 400)
                #expect(try await portal.rest("GET", "/o/c/tickets").status == 400)
                let byKey = try await portal.rest("GET", "/o/c/tickets/scopes/termlets-demo?pageSize=1")
                #expect(byKey.json["totalCount"] == 10_000)
                #expect(try await portal.rest("GET", "/o/c/tickets/scopes/99999").status == 404)
                #expect(try await portal.rest("GET", "/o/c/nothings").status == 404)
                let customer = try await portal.rest("GET", "/o/c/customers/by-external-reference-code/CUSTOMER-3")
                #expect(customer.json["id"] == .int(DemoObjectIDs.firstCustomerEntryId + 2))
            }
        }

        @Test("headless needs credentials: none or wrong Basic is a 401 problem")
        func authentication() async throws {
            try await withStock74Portal { portal in
                let none = try await portal.rest("GET", ticketsPath, authorization: nil)
                #expect(none.status == 401)
                #expect(none.json["status"] == "UNAUTHORIZED")
                let wrong = try await portal.rest("GET", ticketsPath, authorization: DemoUser.basic("test@liferay.com", "nope"))
                #expect(wrong.status == 401)
                let viewer = try await portal.rest("GET", "\(ticketsPath)?pageSize=1", authorization: DemoUser.basic(DemoUser.viewer.0, DemoUser.viewer.1))
                #expect(viewer.status == 200)
            }
        }
    }

    @Suite("Stock 7.4: JSON web services")
    struct Stock74JSONWSTests {
        @Test("no Screens plugin or Bookmarks (404, no such action); core DDL, build 7413, short Liferay-Portal header")
        func jsonws() async throws {
            try await withStock74Portal { portal in
                let screens = try await portal.call("/screens.screensddlrecord/get-ddl-records-count", ["ddlRecordSetId": 0])
                #expect(screens.status == 404)
                #expect(screens.json["error"]?["type"] == "com.liferay.portal.kernel.jsonwebservice.NoSuchJSONWebServiceException")
                #expect(screens.json["error"]?["message"]?.stringValue?.hasPrefix("No JSON web service action") == true)
                let bookmarks = try await portal.call("/bookmarks.bookmarksentry/get-entries-count", ["groupId": 20143, "folderId": 0])
                #expect(bookmarks.status == 404)
                let count = try await portal.result("/ddl.ddlrecordset/search-count",
                                                    ["companyId": 20099, "groupId": 20143, "keywords": "", "scope": 0])
                #expect(count == 3)
                #expect(try await portal.result("/portal/get-build-number") == 7413)
                let raw = try await portal.post("/api/jsonws/invoke", body: Array(#"[{"/portal/get-version":{}}]"#.utf8))
                #expect(raw.header("Liferay-Portal") == "Liferay Community Edition Portal 7.4.3.112 CE GA112")
                #expect(try JSONValue.parse(bytes: raw.body) == ["7.4.3.112"])
            }
        }

        @Test("a 7.x portal with the Screens plugin serves no /o/ applications")
        func classicHasNoHeadless() async throws {
            try await withPortal(.v7) { portal in
                let response = try await portal.rest("GET", "/o/object-admin/v1.0/object-definitions")
                #expect(response.status == 404)
                let screens = try await portal.call("/screens.screensddlrecord/get-ddl-records-count", ["ddlRecordSetId": 40001])
                #expect(screens.status == 200)
            }
        }
    }
}

extension PortalEmulatorSuites.ObjectsTests {
    @Test("a restart on the same data directory keeps entries and tokens; a directory without the 7.4 demo data gains it")
    func restart() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (id, access) = try await withStock74Portal(dataDirectory: directory) { portal in
            let added = try await portal.rest("PUT", "\(ticketsPath)/by-external-reference-code/kept-1", json: ["title": "Kept"])
            let token = try await OAuth2Driver(portal: portal).postForm(
                "/o/oauth2/token", [("grant_type", "client_credentials")],
                authorization: DemoUser.basic(DemoObjectIDs.scriptsClientId, DemoObjectIDs.scriptsClientSecret))
            return (try #require(added.json["id"]?.int64Value), try #require(token.json["access_token"]?.stringValue))
        }
        // As if the directory came from a build without Objects: no definitions, no marker.
        let database = try PortalDatabase(directory: directory)
        try await database.pool.write { db in
            try db.execute(sql: "DELETE FROM objectEntry WHERE id <> ?", arguments: [id])
            try db.execute(sql: "DELETE FROM objectField; DELETE FROM objectDefinition; DELETE FROM objectRelationship")
            try db.execute(sql: "DELETE FROM listTypeEntry; DELETE FROM listTypeDefinition; DELETE FROM oauth2Application")
            try db.execute(sql: "DELETE FROM emulator_meta WHERE key = ?", arguments: [DemoModernData.metaKey])
        }
        try database.pool.close()
        try await withStock74Portal(dataDirectory: directory) { portal in
            let kept = try await portal.rest("GET", "/o/c/tickets/\(id)", authorization: "Bearer \(access)")
            #expect(kept.status == 200)
            #expect(kept.json["title"] == "Kept")
            let all = try await portal.rest("GET", "\(ticketsPath)?pageSize=1")
            #expect(all.json["totalCount"] == 10_001)
        }
    }
}

extension PortalEmulatorSuites.Stock74JSONWSTests {
    @Test("dlapp/add-file-entry takes 7.4's signature (externalReferenceCode, urlTitle, dates) beside the deprecated one")
    func addFileEntry74() async throws {
        try await withStock74Portal { portal in
            let params: JSONValue = [
                "externalReferenceCode": "", "repositoryId": 20143, "folderId": 50001, "sourceFileName": "a.txt", "mimeType": "text/plain",
                "title": "a.txt", "urlTitle": "", "description": "", "changeLog": "", "bytes": "[104,105]",
                "displayDate": nil, "expirationDate": nil, "reviewDate": nil,
            ]
            let entry = try await portal.result("/dlapp/add-file-entry", params)
            #expect(entry["title"] == "a.txt")
            #expect(entry["size"] == "2")
        }
    }
}
