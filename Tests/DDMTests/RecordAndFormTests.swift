import Foundation
import Testing

@testable import DDM

@Suite("Record payloads and the form model")
struct RecordAndFormTests {
    static let structure = try! DDMStructure.parse(Fixtures.allKindsJSON)

    @Test func readsTheWrappedShapeWithIDsAsNumbersOrStrings() throws {
        let v7 = try RecordPayload.parse(text: """
            {"modelValues": {"Agree": "true", "Count": "16"},
             "modelAttributes": {"recordId": "40312", "modifiedDate": "1700000000000", "status": 2, "recordSetId": "9"}}
            """)
        #expect(!v7.isLegacy)
        #expect(v7.recordId == 40312 && v7.modifiedDate == 1_700_000_000_000 && v7.status == 2 && v7.recordSetId == 9)
        #expect(v7.values["Count"] == "16")
        let v62 = try RecordPayload.parse(text: """
            {"modelValues": {"Agree": true, "Count": 16, "Price": 16.05},
             "modelAttributes": {"recordId": 40312, "modifiedDate": 1700000000000, "status": 0}}
            """)
        #expect(v62.recordId == 40312 && v62.modifiedDate == 1_700_000_000_000 && v62.status == 0)
    }

    @Test func readsTheLegacyBareValuesMap() throws {
        let legacy = try RecordPayload.parse(text: #"{"Agree": true, "Title": "Hello"}"#)
        #expect(legacy.isLegacy)
        #expect(legacy.attributes.isEmpty && legacy.recordId == nil)
        #expect(legacy.values["Title"] == "Hello")
    }

    @Test func rejectsMalformedPayloads() {
        #expect(throws: RecordPayloadError("expected a JSON object", path: "$")) { try RecordPayload.parse(text: "[1]") }
        #expect(throws: RecordPayloadError("expected an object of field values", path: "modelValues")) {
            try RecordPayload.parse(text: #"{"modelValues": "x"}"#)
        }
        #expect(throws: RecordPayloadError("expected an object of attributes", path: "modelAttributes")) {
            try RecordPayload.parse(text: #"{"modelValues": {}, "modelAttributes": 3}"#)
        }
        #expect {
            try RecordPayload.parse(text: "{\n\"modelValues\": }")
        } throws: { error in
            (error as? RecordPayloadError)?.message.contains("at line 2, column 16") == true
        }
    }

    @Test func typedAndStringValuesLoadAlike() throws {
        let fromStrings = DDLFormModel(structure: Self.structure, record: try RecordPayload.parse(text: """
            {"modelValues": {"Agree": "true", "Count": "16", "Price": "16.05", "Birthday": "2004-06-19",
             "Colour": "[\\"red\\"]"}, "modelAttributes": {"recordId": "1"}}
            """))
        let fromTyped = DDLFormModel(structure: Self.structure, record: try RecordPayload.parse(text: """
            {"modelValues": {"Agree": true, "Count": 16, "Price": 16.05, "Birthday": "6/19/04",
             "Colour": ["red"]}, "modelAttributes": {"recordId": 1}}
            """))
        #expect(fromStrings.values == fromTyped.values)
        #expect(fromStrings.value(of: "price") == .decimal(Decimal(string: "16.05")!))
        #expect(fromTyped.recordId == 1)
        #expect(fromTyped.value(of: "Title") == nil)  // omitted by the server: no value
    }

    @Test func newRecordsStartFromPredefinedValues() {
        let model = DDLFormModel(structure: Self.structure, locale: .enUS)
        #expect(model.value(of: "Agree") == .boolean(true))
        #expect(model.value(of: "Count") == .integer(16))
        #expect(model.value(of: "Size") == nil)
        #expect(model.recordId == nil && !model.isModified)
        let map = model.fieldsMap(for: .v62)
        #expect(map["Birthday"] == "1087603200000")
        #expect(map["Colour"] == #"["red", "green"]"#)
        #expect(map["Price"] == "1234.50")
        #expect(map["Size"] == nil && map["Ratio"] == nil)  // no value: omitted
        #expect(model.fieldsMap(for: .v7)["Birthday"] == "2004-06-19")
    }

    @Test func editsResetAndModification() throws {
        var model = DDLFormModel(structure: Self.structure, record: RecordPayload(values: ["Count": 3, "Title": "T"]))
        try model.setValue(.integer(4), of: "count")
        #expect(model.isModified)
        #expect(model.fieldsMap(for: .v7)["Count"] == "4")
        model.reset()
        #expect(model.value(of: "Count") == .integer(3) && !model.isModified)
        #expect(throws: FormModelError.unknownField("Nope")) { try model.setValue(nil, of: "Nope") }
        #expect(throws: FormModelError.noSuchInstance(field: "Count", index: 2)) { try model.setValue(nil, of: "Count", instance: 2) }
        try model.setValue(.string(""), of: "Title")
        #expect(model.fieldsMap(for: .v7)["Title"] == nil)  // "" is never sent
        try model.setValue(.integer(9), of: "Count")
        model.markSaved(recordId: 77)
        #expect(!model.isModified && model.recordId == 77)
    }

    @Test func repeatableFieldsRoundTripAsArrays() throws {
        var model = DDLFormModel(structure: Self.structure, locale: .enUS)
        #expect(throws: FormModelError.notRepeatable("Count")) { try model.addInstance(of: "Count") }
        let second = try model.addInstance(of: "Title", value: .string("Second"))
        #expect(second == 1)
        try model.addInstance(of: "Title", after: 0, value: .string("Middle"))
        #expect(model.instances(of: "Title") == [.string("A <b>bold</b> start"), .string("Middle"), .string("Second")])
        let map = model.fieldsMap(for: .v7)
        #expect(map["Title"] == ["A <b>bold</b> start", "Middle", "Second"])
        let reloaded = DDLFormModel(structure: Self.structure, record: RecordPayload(values: map))
        #expect(reloaded.instances(of: "Title") == model.instances(of: "Title"))
        try model.removeInstance(of: "Title", at: 1)
        try model.removeInstance(of: "Title", at: 0)
        #expect(throws: FormModelError.lastInstance("Title")) { try model.removeInstance(of: "Title", at: 0) }
        #expect(model.fieldsMap(for: .v7)["Title"] == "Second")
    }

    @Test func nestedFieldsAreSentUnderTheirOwnNames() throws {
        var model = DDLFormModel(structure: Self.structure, locale: .enUS)
        try model.setValue(.string("Sub"), of: "Subtitle")
        #expect(model.fieldsMap(for: .v62)["Subtitle"] == "Sub")
        let reloaded = DDLFormModel(structure: Self.structure, record: RecordPayload(values: ["subtitle": "Sub"]))
        #expect(reloaded.value(of: "Subtitle") == .string("Sub"))  // names match ignoring case
    }

    @Test func unreadableAndUnsupportedValuesSurviveAnUpdate() throws {
        let record = RecordPayload(values: [
            "Body": "<p>rich</p>", "Count": "twelve", "Birthday": "2016-02-30", "Colour": #"["purple"]"#, "Extra": 1,
        ])
        let model = DDLFormModel(structure: Self.structure, record: record)
        let map = model.fieldsMap(for: .v7)
        #expect(map["Body"] == "<p>rich</p>")
        #expect(map["Count"] == "twelve")
        #expect(map["Birthday"] == "2016-02-30")
        #expect(map["Colour"] == #"["purple"]"#)
        #expect(model.unmatchedValues == ["Extra": 1])
        let issues = Dictionary(model.validate().map { ($0.field.name, $0.issue) }, uniquingKeysWith: { a, _ in a })
        #expect(issues["Count"] == .invalidNumber("twelve"))
        #expect(issues["Birthday"] == .nonexistentDate("2016-02-30"))
        #expect(issues["Colour"] == .unknownOption("purple"))
        #expect(issues["Body"] == nil)
    }

    @Test func formValidationListsFailuresInDocumentOrder() throws {
        var model = DDLFormModel(structure: Self.structure, locale: .enUS)
        try model.setValue(.string("   "), of: "Title")
        try model.setValue(nil, of: "Birthday")
        try model.setValue(.geolocation(Geolocation(latitude: 91, longitude: 0)), of: "Place")
        let failures = model.validate()
        #expect(failures.map(\.field.name) == ["Title", "Birthday", "Place"])
        // One wording for a field's problem everywhere: `<label>: <problem>` (issue 15).
        #expect(failures[0].message(in: .enUS) == "Title & subtitle: This field is required.")
        #expect(failures[0].message(in: .esES) == "Título: Este campo es obligatorio.")
    }
}
