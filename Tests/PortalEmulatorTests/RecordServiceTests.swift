import DDM
import Foundation
import Testing
@testable import PortalEmulator

extension PortalEmulatorSuites {
    @Suite("Users, sites, structures, record sets and records")
    struct RecordServiceTests {
        @Test("user lookups and the current user; IDs are strings on 7.x and numbers on 6.2", arguments: PortalVersion.allCases)
        func users(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let byEmail = try await portal.result("/user/get-user-by-email-address", ["companyId": 20099, "emailAddress": "viewer@liferay.com"])
                let byName = try await portal.result("/user/get-user-by-screen-name", ["companyId": "20099", "screenName": "viewer"])
                let byId = try await portal.result("/user/get-user-by-id", ["userId": 20140])
                #expect(byEmail == byName)
                #expect(byEmail == byId)
                #expect(byId["userId"] == portal.id(20140))
                #expect(byId["companyId"] == portal.id(20099))
                let currentPath = version == .v7 ? "/user/get-current-user" : "/screens-web.screensuser/get-current-user"
                let current = try await portal.result(currentPath, as: DemoUser.viewer)
                #expect(current["screenName"] == "viewer")
                let sites = try await portal.result("/group/get-user-sites-groups")
                #expect(sites[0]?["groupId"] == portal.id(20143))
                #expect(sites[0]?["companyId"] == portal.id(20099))
                #expect(sites[0]?["friendlyURL"] == "/termlets-demo")
            }
        }

        @Test("structures: xsd on 6.2, a definition JSON string on 7.x, both parse to the same fields", arguments: PortalVersion.allCases)
        func structures(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let structure = try await portal.result(portal.path(.structure, "get-structure"), ["structureId": 30001])
                #expect(structure["structureId"] == portal.id(30001))
                let text: String
                switch version {
                case .v62:
                    #expect(structure["definition"] == nil)
                    text = try #require(structure["xsd"]?.stringValue)
                case .v7:
                    #expect(structure["xsd"] == nil)
                    text = try #require(structure["definition"]?.stringValue)
                }
                let parsed = try DDMStructure.parse(text)
                #expect(parsed.sourceVersion == version)
                let kinds = Set(parsed.allFields.map(\.dataType))
                #expect(kinds.isSuperset(of: ["boolean", "string", "date", "integer", "number", "double", "document-library", "image", "geolocation", "html"]))
                #expect(parsed.field(named: "Colours")?.multiple == true)
                #expect(parsed.field(named: "Address")?.nestedFields.map(\.name) == ["Street", "City"])
                #expect(parsed.field(named: "Phone")?.repeatable == true)
                #expect(parsed.field(named: "Title")?.label(in: .esES) == "Título")
                #expect(parsed.field(named: "Greeting")?.label(in: .enUS).contains("挨拶") == true)
                let contact = try await portal.result(portal.path(.structure, "get-structure"), ["structureId": 30003])
                let contactText = try #require((contact["xsd"] ?? contact["definition"])?.stringValue)
                let name = try #require(try DDMStructure.parse(contactText).field(named: "Name"))
                #expect(name.required)
                #expect(name.rawPredefinedValue(in: .enUS) == nil)
            }
        }

        @Test("record sets: get-record-set, search and (7.x) get-record-sets", arguments: PortalVersion.allCases)
        func recordSets(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let set = try await portal.result(portal.path(.recordSet, "get-record-set"), ["recordSetId": 40002])
                #expect(set["recordSetId"] == portal.id(40002))
                #expect(set["DDMStructureId"] == portal.id(30002))
                #expect(set["name"]?.stringValue?.contains(">Issues<") == true)
                let found = try await portal.result(portal.path(.recordSet, "search"), [
                    "companyId": 20099, "groupId": 20143, "keywords": nil, "scope": 0, "start": -1, "end": -1, "orderByComparator": nil,
                ])
                #expect(found.arrayValue?.count == 3)
                let count = try await portal.result(portal.path(.recordSet, "search-count"), ["companyId": 20099, "groupId": 20143, "keywords": "issue", "scope": 0])
                #expect(count == 1)
                let listing = try await portal.call("/ddl.ddlrecordset/get-record-sets", ["groupIds": [20143]])
                if version == .v7 {
                    #expect(listing.json.arrayValue?.compactMap { $0["recordSetId"] } == [portal.id(40001), portal.id(40002), portal.id(40003)])
                } else {
                    #expect(listing.json["exception"] == "java.lang.RuntimeException")
                }
            }
        }

        @Test("Screens records: 10,000 issues, paging, creator filter, modelValues typed per version", arguments: PortalVersion.allCases)
        func screensRecords(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let count = try await portal.result(portal.path(.screens, "get-ddl-records-count"), ["ddlRecordSetId": 40002])
                #expect(count == 10_000)
                let page = try await portal.result(portal.path(.screens, "get-ddl-records"),
                                                   ["ddlRecordSetId": 40002, "locale": "en_US", "start": 50, "end": 75, "obc": nil])
                let rows = try #require(page.arrayValue)
                #expect(rows.count == 25)
                #expect(rows.first?["modelAttributes"]?["recordId"] == portal.id(100_051))
                let viewerCount = try await portal.result(portal.path(.screens, "get-ddl-records-count"), ["ddlRecordSetId": 40002, "userId": 20140])
                #expect(viewerCount == 2_500)
                let lastViewers = try await portal.result(portal.path(.screens, "get-ddl-records"),
                                                          ["ddlRecordSetId": 40002, "userId": 20140, "locale": "en_US", "start": 2_490, "end": 2_600, "obc": nil])
                #expect(lastViewers.arrayValue?.count == 10)
                #expect(lastViewers.arrayValue?.allSatisfy { $0["modelAttributes"]?["userId"] == portal.id(20140) } == true)
                let all = try await portal.result(portal.path(.screens, "get-ddl-records"),
                                                  ["ddlRecordSetId": 40003, "locale": "en_US", "start": -1, "end": -1, "obc": nil])
                #expect(all.arrayValue?.count == 3)
                let record = try await portal.result(portal.path(.screens, "get-ddl-record"), ["ddlRecordId": 41001, "locale": "en_US"])
                let values = try #require(record["modelValues"])
                #expect(record["modelAttributes"]?["recordId"] == portal.id(41001))
                #expect(record["modelAttributes"]?["modifiedDate"]?.int64Value == DemoData.baseTime)
                #expect(values["Notes"] != nil)
                #expect(values["Photo"] == nil, "empty values are omitted")
                switch version {
                case .v62:
                    #expect(values["Agreed"] == true)
                    #expect(values["DueDate"] == "6/19/24")
                    #expect(values["Quantity"] == 12)
                    #expect(values["Weight"] == 3.5)
                    #expect(values["Price"] == 19.99)
                    #expect(values["Title"] == "First sample")
                    let spanish = try await portal.result(portal.path(.screens, "get-ddl-record"), ["ddlRecordId": 41001, "locale": "es_ES"])
                    #expect(spanish["modelValues"]?["DueDate"] == "19/06/24")
                case .v7:
                    #expect(values["Agreed"] == "true")
                    #expect(values["DueDate"] == "2024-06-19")
                    #expect(values["Quantity"] == "12")
                    #expect(values["Price"] == "19.99")
                }
            }
        }

        @Test("add and update: workflow status, merge, modifiedDate, validation", arguments: PortalVersion.allCases)
        func addAndUpdate(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let serviceContextClass = version == .v7 ? "com.liferay.portal.kernel.service.ServiceContext" : "com.liferay.portal.service.ServiceContext"
                let draft = try await portal.result(portal.path(.record, "add-record"), [
                    "groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Name": "Grace", "Email": "grace@example.com"],
                    "+serviceContext": .string(serviceContextClass), "serviceContext.workflowAction": 2, "serviceContext.scopeGroupId": 20143,
                ])
                #expect(draft["status"] == 2)
                #expect(draft["recordSetId"] == portal.id(40003))
                #expect(draft["userId"] == portal.id(20139))
                let recordId = try #require(draft["recordId"]?.int64Value)
                let published = try await portal.result(portal.path(.record, "add-record"),
                                                        ["groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Name": "Alan"]])
                #expect(published["status"] == 0)

                let merged = try await portal.result(portal.path(.record, "update-record"), [
                    "recordId": .int(recordId), "displayIndex": 0, "fieldsMap": ["Subscribed": "true"], "mergeFields": true,
                    "+serviceContext": .string(serviceContextClass), "serviceContext.workflowAction": 1,
                ])
                #expect(merged["status"] == 0)
                #expect(try #require(merged["modifiedDate"]?.int64Value) > (draft["modifiedDate"]?.int64Value ?? .max))
                let afterMerge = try await portal.result(portal.path(.screens, "get-ddl-record"), ["ddlRecordId": .int(recordId), "locale": "en_US"])
                #expect(afterMerge["modelValues"]?["Email"] == "grace@example.com")
                #expect(afterMerge["modelValues"]?["Subscribed"] == (version == .v62 ? true : "true"))

                let replaced = try await portal.result(portal.path(.record, "update-record"), [
                    "recordId": .int(recordId), "displayIndex": 0, "fieldsMap": ["Name": "Grace H."], "mergeFields": false,
                ])
                #expect(try #require(replaced["modifiedDate"]?.int64Value) > (merged["modifiedDate"]?.int64Value ?? .max))
                let afterReplace = try await portal.result(portal.path(.screens, "get-ddl-record"), ["ddlRecordId": .int(recordId), "locale": "en_US"])
                #expect(afterReplace["modelValues"] == ["Name": "Grace H."])

                let missingRequired = try await portal.call(portal.path(.record, "add-record"),
                                                            ["groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Email": "x@y.z"]])
                #expect(missingRequired.json["exception"] != nil)
                let viewerUpdate = try await portal.call(portal.path(.record, "update-record"),
                                                         ["recordId": .int(recordId), "displayIndex": 0, "fieldsMap": ["Name": "V"], "mergeFields": true],
                                                         as: DemoUser.viewer)
                #expect(viewerUpdate.json["exception"] != nil)
                #expect(viewerUpdate.status == (version == .v7 ? 403 : 200))
            }
        }

        @Test("serviceContext.uuid sets the record's uuid; the same uuid twice in a group fails", arguments: PortalVersion.allCases)
        func duplicateUUID(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let params: JSONValue = [
                    "groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Name": "Once"],
                    "+serviceContext": "com.liferay.portal.kernel.service.ServiceContext", "serviceContext.uuid": "3f1c0000-0000-4000-8000-000000000001",
                ]
                let first = try await portal.result(portal.path(.record, "add-record"), params)
                #expect(first["uuid"] == "3f1c0000-0000-4000-8000-000000000001")
                let second = try await portal.call(portal.path(.record, "add-record"), params)
                #expect(second.status == (version == .v7 ? 500 : 200))
                let message = second.json["error"]?["message"]?.stringValue ?? second.json["message"]?.stringValue ?? ""
                #expect(message.contains("3f1c0000-0000-4000-8000-000000000001"))
                #expect((second.json["error"]?["type"] ?? second.json["exception"]) == "com.liferay.portal.kernel.exception.SystemException")
                let count = try await portal.result(portal.path(.screens, "get-ddl-records-count"), ["ddlRecordSetId": 40003])
                #expect(count == 4)
            }
        }
    }
}
