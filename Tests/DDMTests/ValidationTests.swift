import Testing

@testable import DDM

@Suite("Validation per kind, with English and Spanish messages")
struct ValidationTests {
    static let structure = try! DDMStructure.parse(Fixtures.allKindsXSD)

    func field(_ name: String) throws -> DDMField { try #require(Self.structure.field(named: name)) }

    @Test func requiredValues() throws {
        let title = try field("Title")  // required text
        #expect(title.validate(nil) == .required)
        #expect(title.validate(.string("")) == .required)
        #expect(title.validate(.string(" \t\n")) == .required)  // trimmed, newlines included
        #expect(title.validate(.string(" x ")) == nil)
        let subtitle = try field("Subtitle")  // not required
        #expect(subtitle.validate(nil) == nil && subtitle.validate(.string("")) == nil)
        let birthday = try field("Birthday")
        #expect(birthday.validate(nil) == .required)
        #expect(birthday.validate(.date(CalendarDate(year: 2020, month: 1, day: 1)!)) == nil)
        let agree = try field("Agree")
        #expect(agree.validate(.boolean(false)) == nil)
    }

    @Test func requiredSelectionsMustNotBeEmpty() throws {
        let required = try DDMStructure.parse("""
            {"fields": [{"name": "S", "dataType": "string", "type": "select", "required": true,
              "options": [{"value": "a", "label": {"en_US": "A"}}]}]}
            """).fields[0]
        #expect(required.validate(.options([])) == .required)
        #expect(required.validate(nil) == .required)
        #expect(required.validate(.options(["a"])) == nil)
        #expect(required.validate(.options(["z"])) == .unknownOption("z"))
        #expect(required.validate(.options(["a", "a"])) == .tooManyOptions)
        #expect(try field("Colour").validate(.options(["red", "green"])) == nil)  // multiple
    }

    @Test(arguments: [
        (90.0, 180.0, nil), (-90.0, -180.0, nil), (90.0001, 0.0, FieldIssue.latitudeOutOfRange(90.0001)),
        (-91.0, 0.0, .latitudeOutOfRange(-91)), (0.0, 180.5, .longitudeOutOfRange(180.5)),
        (0.0, -181.0, .longitudeOutOfRange(-181)),
    ])
    func geolocationRanges(latitude: Double, longitude: Double, issue: FieldIssue?) throws {
        #expect(try field("Place").validate(.geolocation(Geolocation(latitude: latitude, longitude: longitude))) == issue)
    }

    @Test func uploads() throws {
        let attachment = try field("Attachment")
        #expect(attachment.validate(.document(.localFile(path: "a.png"))) == nil)
        #expect(attachment.validate(.document(.uploadFailed(path: "a.png", reason: "HTTP 500"))) == .uploadFailed("HTTP 500"))
    }

    @Test func numbersAndDatesThatDoNotParse() throws {
        #expect(throws: FieldIssue.invalidNumber("1O")) { try field("Price").value(fromLabel: "1O", in: .enUS) }
        #expect(throws: FieldIssue.nonexistentDate("30/2/2016")) { try field("Birthday").value(fromLabel: "30/2/2016", in: .esES) }
        #expect(throws: FieldIssue.nonexistentDate("February 30, 2016")) {
            try field("Birthday").value(fromLabel: "February 30, 2016", in: .enUS)
        }
        #expect(try field("Count").validate(.raw("x")) == .invalidNumber("x"))
    }

    @Test(arguments: [
        (FieldIssue.required, "This field is required.", "Este campo es obligatorio."),
        (.invalidNumber("1O"), "“1O” is not a number.", "«1O» no es un número."),
        (.nonexistentDate("2016-02-30"), "“2016-02-30” is not a date that exists.", "La fecha «2016-02-30» no existe."),
        (.latitudeOutOfRange(91), "The latitude must be between -90 and 90.", "La latitud debe estar entre -90 y 90."),
        (.longitudeOutOfRange(200), "The longitude must be between -180 and 180.", "La longitud debe estar entre -180 y 180."),
        (.unknownOption("Azul"), "“Azul” is not one of the options.", "«Azul» no es una de las opciones."),
        (.uploadFailed("timeout"), "The upload failed: timeout", "La subida ha fallado: timeout"),
        (.tooManyOptions, "Only one option may be chosen.", "Solo se puede elegir una opción."),
    ])
    func messagesInBothLanguages(issue: FieldIssue, english: String, spanish: String) {
        #expect(issue.message(in: .enUS) == english)
        #expect(issue.message(in: .esES) == spanish)
        #expect(issue.message(in: PortalLocale("es_MX")!) == spanish)
        #expect(issue.message(in: PortalLocale("fr_FR")!) == english)
    }
}

@Suite("Edge cases found in review")
struct ReviewEdgeCaseTests {
    @Test func wholeNumbersWrittenWithAFractionAreIntegers() throws {
        let count = try #require(try DDMStructure.parse(Fixtures.allKindsJSON).field(named: "Count"))
        #expect(try count.value(fromCanonical: "1.0") == .integer(1))
        #expect(try count.value(fromCanonical: "1e3") == .integer(1000))
        #expect(throws: FieldIssue.numberOutOfRange("1e30")) { try count.value(fromCanonical: "1e30") }
    }

    @Test func selectsWithoutStaticOptionsTakeAnyValue() throws {
        let field = try DDMStructure.parse(#"{"fields": [{"name": "P", "dataType": "string", "type": "select"}]}"#).fields[0]
        #expect(try field.value(fromServer: #"["from-provider"]"#) == .options(["from-provider"]))
        #expect(field.validate(.options(["from-provider"])) == nil)
        #expect(field.label(of: .options(["from-provider"]), in: .enUS) == "from-provider")
    }

    @Test func anEmptyArrayIsNoInstance() throws {
        let structure = try DDMStructure.parse(Fixtures.allKindsJSON)
        let model = DDLFormModel(structure: structure, record: RecordPayload(values: ["Title": []]))
        #expect(model.instances(of: "Title") == [nil])
        #expect(model.fieldsMap(for: .v7)["Title"] == nil)
    }

    /// A text field marked as holding a date and time (an Objects DateTime field) takes ISO-8601
    /// instants only; empty text is left to `required`.
    @Test func dateTimeTextMustBeAnISOInstant() throws {
        let field = DDMField(
            name: "reportedAt", kind: .string, editor: "text", dataType: "string", rawType: "DateTime", required: true,
            attributes: [DDMField.dateTimeTextAttribute: .bool(true)])
        for instant in ["2024-01-15T09:00:00Z", "2024-02-29T10:30:00+01:00", "2024-01-15T09:00:00.250Z", " 2024-01-15T09:00:00Z "] {
            #expect(field.validate(.string(instant)) == nil, "\(instant)")
        }
        for text in ["2024-13-40T99:00:00Z", "2024-01-15", "tomorrow", "2024-02-30T10:00:00Z"] {
            #expect(field.validate(.string(text)) == .invalidDateTime(text), "\(text)")
        }
        #expect(field.validate(.string("  ")) == .required)
        #expect(FieldIssue.invalidDateTime("mañana").message(for: "Reported at")
            == "Reported at: “mañana” is not a date and time (ISO-8601, e.g. 2024-01-15T09:00:00Z).")
        #expect(FieldIssue.invalidDateTime("mañana").message(in: .esES).hasPrefix("«mañana» no es una fecha y hora"))
        let plain = DDMField(name: "note", kind: .string, editor: "text", dataType: "string", rawType: "text")
        #expect(plain.validate(.string("2024-13-40T99:00:00Z")) == nil, "other text fields take any text")
    }
}
