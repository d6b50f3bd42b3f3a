import DDM
import Foundation
import Testing
@testable import PortalEmulator

extension PortalEmulatorSuites {
    @Suite("Storage, demo data and seed files")
    struct StorageTests {
        static var seedURL: URL {
            get throws { try #require(Bundle.module.url(forResource: "seed-example", withExtension: "json", subdirectory: "Fixtures")) }
        }

        @Test("a restart on the same data directory keeps everything (and does not re-create the demo data)")
        func restartKeepsData() async throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let recordId = try await withPortal(.v7, dataDirectory: directory) { portal in
                let added = try await portal.result("/ddl.ddlrecord/add-record",
                                                    ["groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Name": "Persistent"]])
                return try #require(added["recordId"]?.int64Value)
            }
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("portal.sqlite").path))
            try await withPortal(.v62, dataDirectory: directory) { portal in
                let record = try await portal.result("/screens-web.screensddlrecord/get-ddl-record", ["ddlRecordId": .int(recordId), "locale": "en_US"])
                #expect(record["modelValues"]?["Name"] == "Persistent")
                let count = try await portal.result("/screens-web.screensddlrecord/get-ddl-records-count", ["ddlRecordSetId": 40002])
                #expect(count == 10_000)
            }
        }

        @Test("without a data directory the temporary one is removed on stop")
        func temporaryDirectoryRemoved() async throws {
            let emulator = try await PortalEmulator.start(EmulatorOptions(port: 0))
            let directory = emulator.dataDirectory
            #expect(FileManager.default.fileExists(atPath: directory.path))
            await emulator.stop()
            await emulator.stop()
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }

        @Test("the seed example loads: sites, users, permissions, structures in either format, records, files, bookmarks", arguments: PortalVersion.allCases)
        func seedFile(version: PortalVersion) async throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let seed = try Self.seedURL
            try await withPortal(version, dataDirectory: directory, seedFile: seed) { portal in
                let editor = ("editor", "editor")
                let sites = try await portal.result("/group/get-user-sites-groups", as: editor)
                #expect(sites.arrayValue?.count == 2)
                let visit = try await portal.result(portal.path(.structure, "get-structure"), ["structureId": 30100])
                let text = try #require((version == .v62 ? visit["xsd"] : visit["definition"])?.stringValue)
                let parsed = try DDMStructure.parse(text)
                #expect(parsed.sourceVersion == version, "an XSD-only seed structure is served as JSON on 7.x")
                #expect(parsed.field(named: "Customer")?.required == true)
                #expect(parsed.field(named: "Customer")?.label(in: .esES) == "Cliente")
                let records = try await portal.result(portal.path(.screens, "get-ddl-records"),
                                                      ["ddlRecordSetId": 40100, "locale": "en_US", "start": -1, "end": -1, "obc": nil], as: editor)
                #expect(records.arrayValue?.count == 2)
                #expect(records[0]?["modelValues"]?["Rating"] == (version == .v62 ? 4 : "4"))
                #expect(records[1]?["modelAttributes"]?["status"] == 2)
                let added = try await portal.call(portal.path(.record, "add-record"),
                                                  ["groupId": 20143, "recordSetId": 40100, "displayIndex": 0, "fieldsMap": ["Customer": "Initech"]], as: editor)
                #expect(added.json["recordId"] != nil, "editor may add to 40100")
                let refused = try await portal.call(portal.path(.record, "add-record"),
                                                    ["groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Name": "X"]], as: editor)
                #expect(refused.json["exception"] != nil, "but not to 40003")
                let notes = try await portal.result(portal.path(.screens, "get-ddl-records-count"), ["ddlRecordSetId": 40101])
                #expect(notes == 1)
                let files = try await portal.result("/dlapp/get-file-entries", ["repositoryId": 20143, "folderId": 50100], as: editor)
                #expect(files.arrayValue?.compactMap { $0["title"]?.stringValue } == ["pixel.png", "seed-note.txt"])
                let note = try await portal.get("/documents/20143/50100/seed-note.txt/\(files[1]?["uuid"]?.stringValue ?? "")")
                #expect(note.text == "A note that came with the seed file.\n")
                let links = try await portal.result(portal.path(.bookmarks, "get-entries-count"), ["groupId": 20143, "folderId": 60100])
                #expect(links == 1)
            }
            // Started again with the same seed on the same directory: applied once, no duplicates.
            try await withPortal(version, dataDirectory: directory, seedFile: seed) { portal in
                let visits = try await portal.result(portal.path(.screens, "get-ddl-records-count"), ["ddlRecordSetId": 40100])
                #expect(visits == 3)
            }
        }

        @Test("a port in use fails the start; the data directory given stays usable")
        func portInUse() async throws {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try await withPortal(.v7) { portal in
                await #expect(throws: (any Error).self) {
                    try await PortalEmulator.start(EmulatorOptions(port: portal.port, dataDirectory: directory))
                }
            }
            let build = try await withPortal(.v7, dataDirectory: directory) { portal in
                try await portal.result("/portal/get-build-number", as: nil)
            }
            #expect(build == 7004)
        }

        @Test("a broken seed file fails the start with a message naming the item")
        func brokenSeed() async throws {
            let directory = temporaryDirectory()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let seed = directory.appendingPathComponent("seed.json")
            try Data(#"{"records": [{"recordSetId": 40003, "values": {"Unknown": "x"}}]}"#.utf8).write(to: seed)
            await #expect {
                try await PortalEmulator.start(EmulatorOptions(port: 0, dataDirectory: directory.appendingPathComponent("data"), seedFile: seed))
            } throws: { error in
                "\(error)".contains("records[0]") && "\(error)".contains("Unknown")
            }
        }
    }

    @Suite("Demo data")
    struct DemoDataTests {
        @Test("generated values are deterministic and calendar dates are right")
        func deterministic() {
            // Issue n is due (13 n mod 730) days after 2024-01-01: issue 4 on day 52, 59 on day 37, 56 on day 728.
            #expect(DemoData.issueValues(4)["DueDate"] == "2024-02-22")
            #expect(DemoData.issueValues(59)["DueDate"] == "2024-02-07")
            #expect(DemoData.issueValues(56)["DueDate"] == "2025-12-29")
            // Stored dates in all three forms read with DDM's calendar arithmetic.
            #expect(RecordValues.isoDate(fromStored: "1709164800000") == "2024-02-29")
            #expect(RecordValues.isoDate(fromStored: "2/29/2024") == "2024-02-29")
            #expect(RecordValues.isoDate(fromStored: "2023-02-29") == nil)
            #expect(DemoData.issueValues(1)["DueDate"] == "2024-01-14")
            #expect(DemoData.issueValues(10)["DueDate"] == nil)
            #expect(DemoData.issueValues(7) == DemoData.issueValues(7))
            #expect(PortalUUID.derived("record-1") == PortalUUID.derived("record-1"))
            #expect(PortalUUID.derived("record-1").firstMatch(of: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) != nil)
            #expect(DemoStructures.contact.requiredFieldNames == ["Name"])
            #expect(DemoStructures.everyField.fieldTypes["Street"] == "string")
        }
    }

    @Suite("Demo structures")
    struct DemoStructureTests {
        @Test("each demo structure reads the same in its 7.x JSON and its 6.2 XSD", arguments: [
            DemoStructures.everyField, DemoStructures.issue, DemoStructures.contact,
        ])
        func bothFormatsAgree(spec: StructureSpec) throws {
            let json = try DDMStructure.parse(spec.jsonDefinition())
            let xsd = try DDMStructure.parse(spec.xsd())
            #expect(json.sourceVersion == .v7)
            #expect(xsd.sourceVersion == .v62)
            #expect(json.allFields.map(\.name) == xsd.allFields.map(\.name))
            #expect(json.allFields.map(\.dataType) == xsd.allFields.map(\.dataType))
            #expect(json.allFields.map(\.kind) == xsd.allFields.map(\.kind))
            #expect(json.allFields.map(\.required) == xsd.allFields.map(\.required))
            #expect(json.allFields.map(\.repeatable) == xsd.allFields.map(\.repeatable))
            for locale in [PortalLocale.enUS, PortalLocale.esES] {
                #expect(json.allFields.map { $0.label(in: locale) } == xsd.allFields.map { $0.label(in: locale) })
            }
            #expect(json.allFields.map(\.options.count) == xsd.allFields.map(\.options.count))
            var types: [String: String] = [:]
            for field in json.allFields { types[field.name] = field.dataType }
            #expect(types == spec.fieldTypes)
            #expect(StructureSpec(xsd).xsd() == spec.xsd(), "XSD → spec → XSD round-trips")
        }
    }
}

/// A demo structure named by its fields in test output (the whole value is thousands of characters).
extension StructureSpec: CustomTestStringConvertible {
    public var testDescription: String {
        "\(allFields.count) fields: " + allFields.prefix(4).map(\.name).joined(separator: ", ") + (allFields.count > 4 ? "…" : "")
    }
}
