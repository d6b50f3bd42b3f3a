import Foundation
import Testing

@testable import DDM

@Suite("Values: server, label and typed forms")
struct ValueConversionTests {
    static let xsd = try! DDMStructure.parse(Fixtures.allKindsXSD)
    static let json = try! DDMStructure.parse(Fixtures.allKindsJSON)

    func field(_ name: String, _ structure: DDMStructure = json) throws -> DDMField {
        try #require(structure.field(named: name))
    }

    func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: nil)! }

    // MARK: Booleans

    @Test func booleans() throws {
        let agree = try field("Agree")
        #expect(try agree.value(fromServer: true) == .boolean(true))
        #expect(try agree.value(fromServer: .int(0)) == .boolean(false))
        #expect(try agree.value(fromServer: " TRUE ") == .boolean(true))
        #expect(try agree.value(fromServer: "0") == .boolean(false))
        #expect(try agree.value(fromServer: "") == nil)
        #expect(throws: FieldIssue.invalidBoolean("maybe")) { try agree.value(fromServer: "maybe") }
        for version in PortalVersion.allCases {
            #expect(FieldValue.boolean(true).serverString(for: version) == "true")
            #expect(FieldValue.boolean(false).serverString(for: version) == "false")
        }
        #expect(agree.label(of: .boolean(true), in: .enUS) == "Yes")
        #expect(agree.label(of: .boolean(false), in: .enUS) == "No")
        #expect(agree.label(of: .boolean(true), in: .esES) == "Sí")
        #expect(agree.label(of: .boolean(false), in: .esES) == "No")
        #expect(try agree.value(fromLabel: "yEs", in: .enUS) == .boolean(true))
        #expect(try agree.value(fromLabel: "sí", in: .esES) == .boolean(true))
        #expect(try agree.value(fromLabel: "Si", in: .esES) == .boolean(true))
        #expect(try agree.value(fromLabel: "no", in: .esES) == .boolean(false))
        #expect(throws: FieldIssue.invalidBoolean("quizá")) { try agree.value(fromLabel: "quizá", in: .esES) }
        #expect(try agree.value(fromCanonical: "false") == .boolean(false))
        #expect(agree.predefinedValue(in: .enUS) == .boolean(true))  // JSON true in 7.x
        #expect(try field("Agree", Self.xsd).predefinedValue(in: .esES) == .boolean(true))  // "true" in 6.2
    }

    // MARK: Text

    @Test func text() throws {
        let title = try field("Title")
        #expect(try title.value(fromServer: "  spaced  ") == .string("  spaced  "))
        #expect(try title.value(fromServer: .int(5)) == .string("5"))
        #expect(try title.value(fromServer: false) == .string("false"))
        #expect(FieldValue.string("x\"y").serverString(for: .v62) == "x\"y")
        #expect(title.label(of: .string("abc"), in: .esES) == "abc")
        #expect(try title.value(fromLabel: "", in: .enUS) == nil)
        #expect(title.predefinedValue(in: .enUS) == .string("A <b>bold</b> start"))
        #expect(try field("Title", Self.xsd).predefinedValue(in: .enUS) == .string("A <b>bold</b> start"))
    }

    // MARK: Options

    @Test(arguments: [json, xsd])
    func options(structure: DDMStructure) throws {
        let colour = try field("Colour", structure)
        #expect(colour.predefinedValue(in: .enUS) == .options(["red", "green"]))
        // A selection reads in the structure's option order (red, green, blue), not the stored order.
        #expect(try colour.value(fromServer: #"["green", "red"]"#) == .options(["red", "green"]))
        #expect(try colour.value(fromServer: JSONValue.array([.string("blue, dark"), .string("red")])) == .options(["red", "blue, dark"]))
        #expect(try colour.value(fromServer: #"["blue, dark"]"#) == .options(["blue, dark"]))
        #expect(try colour.value(fromServer: "[red,green]") == .options(["red", "green"]))
        #expect(try colour.value(fromServer: "red") == .options(["red"]))
        #expect(try colour.value(fromServer: "blue, dark") == .options(["blue, dark"]))
        #expect(try colour.value(fromServer: "Rojo") == .options(["red"]))  // a label in any locale
        #expect(try colour.value(fromServer: ["green"]) == .options(["green"]))
        #expect(try colour.value(fromServer: "[]") == .options([]))
        #expect(throws: FieldIssue.unknownOption("purple")) { try colour.value(fromServer: #"["red", "purple"]"#) }
        #expect(FieldValue.options(["red", "green"]).serverString(for: .v62) == #"["red", "green"]"#)
        #expect(FieldValue.options(["red"]).serverString(for: .v7) == #"["red"]"#)
        #expect(FieldValue.options(["say \"hi\""]).serverString(for: .v7) == #"["say \"hi\""]"#)
        #expect(FieldValue.options([]).serverString(for: .v7) == "[]")
        #expect(colour.label(of: .options(["green", "red"]), in: .esES) == "Rojo, Verde")
        #expect(colour.label(of: .options(["blue, dark"]), in: .esES) == "Dark blue")  // only en_US: default locale
        #expect(try colour.value(fromLabel: "verde, Rojo", in: .esES) == .options(["red", "green"]))
        #expect(try colour.value(fromCanonical: "green,red") == .options(["red", "green"]))
        #expect(try colour.value(fromLabel: "Dark blue", in: .enUS) == .options(["blue, dark"]))
        #expect(throws: FieldIssue.unknownOption("Azul")) { try colour.value(fromLabel: "Rojo, Azul", in: .esES) }
        #expect(try colour.value(fromCanonical: "red,Green") == .options(["red", "green"]))
        #expect(try colour.value(fromCanonical: "blue, dark") == .options(["blue, dark"]))
        let size = try field("Size", structure)
        #expect(throws: FieldIssue.tooManyOptions) { try size.value(fromCanonical: "S,L") }
        #expect(try size.value(fromCanonical: "Large") == .options(["L"]))
        #expect(size.predefinedValue(in: .enUS) == nil)
    }

    // MARK: Dates

    static let june19 = CalendarDate(year: 2004, month: 6, day: 19)!

    @Test(arguments: [
        "2004-06-19", "2004-6-19", "6/19/2004", "06/19/2004", "6/19/04", "06/19/04", "1087603200000",
        "1087603200000 ", "2004-06-19T00:00:00Z", "1087689599999",
    ])
    func datesFromEveryServerForm(text: String) throws {
        for structure in [Self.json, Self.xsd] {
            #expect(try field("Birthday", structure).value(fromServer: .string(text)) == .date(Self.june19))
        }
    }

    @Test func datesToServerAndLabels() throws {
        let birthday = try field("Birthday")
        #expect(try birthday.value(fromServer: .int(1_087_603_200_000)) == .date(Self.june19))
        #expect(FieldValue.date(Self.june19).serverString(for: .v62) == "1087603200000")
        #expect(FieldValue.date(Self.june19).serverString(for: .v7) == "2004-06-19")
        #expect(birthday.label(of: .date(Self.june19), in: .enUS) == "June 19, 2004")
        #expect(birthday.label(of: .date(Self.june19), in: .esES) == "19 de junio de 2004")
        #expect(try birthday.value(fromLabel: "June 19, 2004", in: .enUS) == .date(Self.june19))
        #expect(try birthday.value(fromLabel: "jun 19 2004", in: .enUS) == .date(Self.june19))
        #expect(try birthday.value(fromLabel: "19 de junio de 2004", in: .esES) == .date(Self.june19))
        #expect(try birthday.value(fromLabel: "19/6/2004", in: .esES) == .date(Self.june19))
        #expect(try birthday.value(fromLabel: "6/19/2004", in: .enUS) == .date(Self.june19))
        #expect(try birthday.value(fromCanonical: "2004-06-19") == .date(Self.june19))
        #expect(throws: FieldIssue.invalidDate("06/19/2004")) { try birthday.value(fromCanonical: "06/19/2004") }
        #expect(birthday.predefinedValue(in: .enUS) == .date(Self.june19))
        #expect(try field("Birthday", Self.xsd).predefinedValue(in: .enUS) == .date(Self.june19))
    }

    @Test(arguments: ["2016-02-30", "2/30/2016", "2015-02-29", "2004-13-01", "2004-00-10"])
    func nonexistentDates(text: String) throws {
        #expect(throws: FieldIssue.nonexistentDate(text)) { try field("Birthday").value(fromServer: .string(text)) }
    }

    @Test(arguments: ["1/", "//", "ab", "-", "1/2", "12-5", "2004/06/19/1", "tomorrow", "99999999999999999999"])
    func shortAndOddDateStringsAreErrorsNotCrashes(text: String) throws {
        #expect(throws: FieldIssue.self) { try field("Birthday").value(fromServer: .string(text)) }
    }

    /// The ASCII fast path of `yyyy-M-d` reads what the general reading reads: padded parts, a
    /// time cut at `T`, and leaves every other text (a `/` anywhere, a combining mark, a fourth
    /// part, a long part) to it.
    @Test func dashedDatesReadTheSameFromBytes() throws {
        let birthday = try field("Birthday")
        for text in ["2004-0006-019", "2004-06-19T", "2004-6-19Tlater", " 2004-06-19\t"] {
            #expect(try birthday.value(fromServer: .string(text)) == .date(Self.june19), "\(text)")
        }
        for text in ["2004-06-19T1/2", "2004-06-19\u{301}", "20040-6-19", "2004-06-19-", "2004-00006-19", "2004--19", "2004-06-1 9"] {
            #expect(throws: FieldIssue.invalidDate(text)) { try birthday.value(fromServer: .string(text)) }
        }
        #expect(throws: FieldIssue.nonexistentDate("2004-06-31T00:00")) { try birthday.value(fromServer: "2004-06-31T00:00") }
    }

    /// A date's long label in both locales, for days and years of every length.
    @Test func longLabelsSpellEveryMonthDayAndYear() throws {
        let birthday = try field("Birthday")
        for year in [1, 9, 10, 99, 100, 999, 1000, 2004, 9999] {
            for month in 1...12 {
                for day in [1, 9, 10, 28] {
                    let date = try #require(CalendarDate(year: year, month: month, day: day))
                    let english = UIStrings.englishMonths[month - 1]
                    let spanish = UIStrings.spanishMonths[month - 1]
                    #expect(birthday.label(of: .date(date), in: .enUS) == english + " " + String(day) + ", " + String(year))
                    #expect(birthday.label(of: .date(date), in: .esES) == String(day) + " de " + spanish + " de " + String(year))
                }
            }
        }
    }

    @Test func leapYearsAndTwoDigitYears() throws {
        let birthday = try field("Birthday")
        #expect(try birthday.value(fromServer: "02/29/2016") == .date(CalendarDate(year: 2016, month: 2, day: 29)!))
        #expect(try birthday.value(fromServer: "1/2/49") == .date(CalendarDate(year: 2049, month: 1, day: 2)!))
        #expect(try birthday.value(fromServer: "1/2/50") == .date(CalendarDate(year: 1950, month: 1, day: 2)!))
        #expect(CalendarDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
        #expect(try birthday.value(fromServer: "19/06/04") == .date(Self.june19))  // a 6.2 es_ES short date
        #expect(try birthday.value(fromServer: "7") == .date(CalendarDate(year: 1970, month: 1, day: 1)!))  // epoch ms
        #expect(try birthday.value(fromServer: "-86400000") == .date(CalendarDate(year: 1969, month: 12, day: 31)!))
    }

    @Test func calendarArithmeticRoundTrips() {
        for days in stride(from: -719_162, through: 2_932_896, by: 997) {
            let date = CalendarDate(daysSinceEpoch: days)
            #expect(date?.daysSinceEpoch == days)
        }
        #expect(CalendarDate(daysSinceEpoch: 0)?.isoString == "1970-01-01")
        #expect(CalendarDate(daysSinceEpoch: 12_588)?.isoString == "2004-06-19")
    }

    // MARK: Numbers

    @Test func integers() throws {
        let count = try field("Count")
        #expect(count.predefinedValue(in: .enUS) == .integer(16))
        #expect(try field("Count", Self.xsd).predefinedValue(in: .enUS) == .integer(16))  // " 16 " trimmed
        #expect(try count.value(fromServer: .int(99)) == .integer(99))
        #expect(try count.value(fromServer: "99.88") == .integer(100))
        #expect(try count.value(fromServer: "-2.5") == .integer(-3))
        #expect(try count.value(fromServer: .double(1.5)) == .integer(2))
        #expect(try count.value(fromServer: "9223372036854775807") == .integer(.max))
        #expect(throws: FieldIssue.invalidNumber("abc")) { try count.value(fromServer: "abc") }
        #expect(throws: FieldIssue.numberOutOfRange("99999999999999999999")) { try count.value(fromServer: "99999999999999999999") }
        #expect(FieldValue.integer(12345).serverString(for: .v62) == "12345")
        // Integers are grouped as decimals are (issue 15): Spanish groups from five digits.
        #expect(count.label(of: .integer(12345), in: .enUS) == "12,345")
        #expect(count.label(of: .integer(12345), in: .esES) == "12.345")
        #expect(count.label(of: .integer(1234), in: .esES) == "1234")
        #expect(count.label(of: .integer(-1234567), in: .esES) == "-1.234.567")
        #expect(try count.value(fromLabel: "12.345", in: .esES) == .integer(12345))
        #expect(try count.value(fromLabel: "1,234", in: .enUS) == .integer(1234))
        #expect(try count.value(fromLabel: "1.234", in: .esES) == .integer(1234))
        #expect(throws: FieldIssue.notWholeNumber("1.5")) { try count.value(fromLabel: "1.5", in: .enUS) }
        #expect(throws: FieldIssue.notWholeNumber("1.5")) { try count.value(fromCanonical: "1.5") }
        #expect(throws: FieldIssue.invalidNumber("12a")) { try count.value(fromCanonical: "12a") }
    }

    @Test func decimalsAreExactAndUngrouped() throws {
        let price = try field("Price")
        #expect(price.predefinedValue(in: .enUS) == .decimal(decimal("1234.5")))
        #expect(try field("Price", Self.xsd).predefinedValue(in: .enUS) == .decimal(decimal("1234.5")))
        #expect(try price.value(fromServer: "16.05") == .decimal(decimal("16.05")))
        #expect(try price.value(fromServer: .double(16.05)) == .decimal(decimal("16.05")))  // not 16.0499…
        #expect(try price.value(fromServer: .double(0.1)) == .decimal(decimal("0.1")))
        #expect(try price.value(fromServer: "16,05") == .decimal(decimal("16.05")))
        #expect(try price.value(fromServer: "1,234.50") == .decimal(decimal("1234.5")))  // the reference's own output reads back
        #expect(try price.value(fromServer: "1.234,50") == .decimal(decimal("1234.5")))
        #expect(try price.value(fromServer: "16") == .decimal(16))
        #expect(try price.value(fromServer: "123456789012345678.123456789") == .decimal(decimal("123456789012345678.123456789")))
        #expect(throws: FieldIssue.invalidNumber("1.2.3")) { try price.value(fromServer: "1.2.3") }
        #expect(throws: FieldIssue.invalidNumber("12abc")) { try price.value(fromServer: "12abc") }
        for version in PortalVersion.allCases {
            #expect(FieldValue.decimal(decimal("1234.5")).serverString(for: version) == "1234.50")
            #expect(FieldValue.decimal(decimal("1234567.891")).serverString(for: version) == "1234567.891")
            #expect(FieldValue.decimal(16).serverString(for: version) == "16.00")
            #expect(FieldValue.decimal(decimal("99.98")).serverString(for: version) == "99.98")
            #expect(FieldValue.decimal(decimal("-0.5")).serverString(for: version) == "-0.50")
        }
        #expect(price.label(of: .decimal(decimal("16.0599")), in: .enUS) == "16.06")
        #expect(price.label(of: .decimal(decimal("16.0599")), in: .esES) == "16,06")
        #expect(price.label(of: .decimal(decimal("1234.5")), in: .enUS) == "1,234.50")
        #expect(price.label(of: .decimal(decimal("1234.5")), in: .esES) == "1234,50")
        #expect(price.label(of: .decimal(decimal("12345.5")), in: .esES) == "12.345,50")
        #expect(price.label(of: .decimal(decimal("-1234567.125")), in: .enUS) == "-1,234,567.13")
        #expect(try price.value(fromLabel: "16,069", in: .esES) == .decimal(decimal("16.07")))
        #expect(try price.value(fromLabel: "1.234,5", in: .esES) == .decimal(decimal("1234.5")))
        #expect(try price.value(fromLabel: "16.5", in: .esES) == .decimal(decimal("16.5")))
        #expect(try price.value(fromLabel: "1,234.567", in: .enUS) == .decimal(decimal("1234.57")))
        #expect(throws: FieldIssue.invalidNumber("12,34,5")) { try price.value(fromLabel: "12,34,5", in: .enUS) }
        #expect(try price.value(fromCanonical: "0.1") == .decimal(decimal("0.1")))
        #expect(throws: FieldIssue.invalidNumber("1,5")) { try price.value(fromCanonical: "1,5") }
    }

    // MARK: Documents

    @Test func documents() throws {
        let attachment = try field("Attachment")
        let text = #"{"groupId": "20143", "uuid": "u-1", "version": "1.0", "title": "photo.png", "fileEntryId": 9}"#
        guard case .document(.uploaded(let reference))? = try attachment.value(fromServer: .string(text)) else {
            Issue.record("expected an uploaded document")
            return
        }
        #expect(reference.groupId == 20143 && reference.uuid == "u-1" && reference.version == "1.0")
        #expect(reference.raw["fileEntryId"] == 9)
        let value = FieldValue.document(.uploaded(reference))
        for version in PortalVersion.allCases {
            #expect(value.serverString(for: version) == #"{"groupId":20143,"uuid":"u-1","version":"1.0","title":"photo.png"}"#)
        }
        #expect(attachment.label(of: value, in: .enUS) == "photo.png")
        let untitled = FieldValue.document(.uploaded(DocumentReference(groupId: 1, uuid: "u", version: "1.1")))
        #expect(attachment.label(of: untitled, in: .esES) == "Ya hay un archivo subido")
        #expect(try attachment.value(fromServer: ["groupId": 1, "uuid": "u", "version": "1.1"]) == untitled)
        #expect(untitled.serverString(for: .v7) == #"{"groupId":1,"uuid":"u","version":"1.1"}"#)
        #expect(try attachment.value(fromServer: #"{"cached": "k"}"#) == .document(.other(#"{"cached": "k"}"#)))
        #expect(FieldValue.document(.other("x")).serverString(for: .v7) == "x")
        // The version keeps the JSON type the portal gave it.
        let numbered = try attachment.value(fromServer: .string(#"{"groupId": 5, "uuid": "n", "version": 1.0}"#))
        #expect(numbered?.serverString(for: .v7) == #"{"groupId":5,"uuid":"n","version":1.0}"#)
        let local = try attachment.value(fromCanonical: "/tmp/a b.png")
        #expect(local == .document(.localFile(path: "/tmp/a b.png")))
        #expect(local?.serverString(for: .v7) == nil)  // not uploaded yet: not sent
        #expect(attachment.label(of: .document(.localFile(path: "a.png")), in: .enUS) == "a.png (not uploaded yet)")
    }

    // MARK: Geolocation

    @Test func geolocations() throws {
        let place = try field("Place")
        let point = Geolocation(latitude: 43.5, longitude: -3.8)
        #expect(try place.value(fromServer: #"{"latitude": 43.5, "longitude": -3.8}"#) == .geolocation(point))
        #expect(try place.value(fromServer: "{\n\t\"latitude\": 43.5,\n\t\"longitude\": \"-3.8\"}") == .geolocation(point))
        #expect(throws: FieldIssue.invalidGeolocation(#"{"latitude": 1}"#)) { try place.value(fromServer: #"{"latitude": 1}"#) }
        #expect(throws: FieldIssue.invalidGeolocation("nowhere")) { try place.value(fromServer: "nowhere") }
        #expect(FieldValue.geolocation(point).serverString(for: .v7) == #"{"latitude":43.5,"longitude":-3.8}"#)
        #expect(FieldValue.geolocation(Geolocation(latitude: 43, longitude: 0)).serverString(for: .v62) == #"{"latitude":43.0,"longitude":0.0}"#)
        #expect(place.label(of: .geolocation(point), in: .enUS) == "43.5, -3.8")
        #expect(place.label(of: .geolocation(point), in: .esES) == "43,5; -3,8")
        #expect(try place.value(fromLabel: "43,5; -3,8", in: .esES) == .geolocation(point))
        #expect(try place.value(fromLabel: "43,5 -3,8", in: .esES) == .geolocation(point))
        #expect(try place.value(fromLabel: "43.5, -3.8", in: .enUS) == .geolocation(point))
        #expect(try place.value(fromCanonical: "43.5,-3.8") == .geolocation(point))
        #expect(throws: FieldIssue.invalidGeolocation("43.5")) { try place.value(fromCanonical: "43.5") }
    }

    // MARK: Raw kinds

    @Test func unsupportedKeepTheirRawTextAndImagesTheirUnreadableValues() throws {
        let picture = try field("Picture")
        let body = try field("Body")
        // An image holds a document (issue 11.8); a value that is no file reference is kept verbatim.
        #expect(try picture.value(fromServer: "img") == .document(.other("img")))
        #expect(FieldValue.document(.other("img")).serverString(for: .v7) == "img")
        #expect(try body.value(fromServer: "<p>Hi</p>") == .raw("<p>Hi</p>"))
        #expect(try body.value(fromServer: .int(3)) == .raw("3"))
        #expect(FieldValue.raw("<p>Hi</p>").serverString(for: .v62) == "<p>Hi</p>")
        #expect(body.label(of: .raw("<p>Hi</p>"), in: .esES) == "<p>Hi</p>")
    }

    @Test func canonicalStringsReadBack() throws {
        let samples: [(String, FieldValue)] = [
            ("Agree", .boolean(true)), ("Colour", .options(["red", "green"])), ("Birthday", .date(Self.june19)),
            ("Count", .integer(-7)), ("Price", .decimal(decimal("1234.567"))),
            ("Place", .geolocation(Geolocation(latitude: 1.25, longitude: -2))),
        ]
        for (name, value) in samples {
            #expect(try field(name).value(fromCanonical: value.canonicalString) == value, "\(name)")
        }
    }

    @Test func serverStringsReadBackForBothVersions() throws {
        let samples: [(String, FieldValue)] = [
            ("Agree", .boolean(false)), ("Colour", .options(["red", "blue, dark"])), ("Birthday", .date(Self.june19)),
            ("Count", .integer(42)), ("Price", .decimal(decimal("1234567.5"))),
            ("Place", .geolocation(Geolocation(latitude: -33.25, longitude: 151))),
            ("Attachment", .document(.uploaded(DocumentReference(groupId: 5, uuid: "u", version: "2.0")))),
        ]
        for version in PortalVersion.allCases {
            for (name, value) in samples {
                let text = try #require(value.serverString(for: version))
                #expect(try field(name).value(fromServerString: text) == value, "\(name) \(version)")
            }
        }
    }

    @Test func labelsReadBackInBothLocales() throws {
        let samples: [(String, FieldValue)] = [
            ("Agree", .boolean(true)), ("Colour", .options(["green"])), ("Birthday", .date(Self.june19)),
            ("Count", .integer(1_234_567)), ("Price", .decimal(decimal("1234567.5"))),
            ("Place", .geolocation(Geolocation(latitude: -33.25, longitude: 151.5))),
        ]
        for locale in [PortalLocale.enUS, .esES] {
            for (name, value) in samples {
                let field = try field(name)
                #expect(try field.value(fromLabel: field.label(of: value, in: locale), in: locale) == value, "\(name) \(locale)")
            }
        }
    }
}

/// A structure named by its format and size in test output (the whole value runs to thousands of characters).
extension DDMStructure: CustomTestStringConvertible {
    public var testDescription: String { "\(format.rawValue) structure, \(allFields.count) fields" }
}

/// Issue 11.8: an image field holds a document like a Documents and Media field.
@Suite("Image fields are documents")
struct ImageFieldValueTests {
    static let photo = DDMField(name: "Photo", kind: .image, editor: "ddm-image", dataType: "image", rawType: "ddm-image")

    @Test func anImageFieldTakesAFilePathAndAFileReference() throws {
        let field = Self.photo
        #expect(try field.value(fromCanonical: "./x.png") == .document(.localFile(path: "./x.png")))
        #expect(try field.value(fromLabel: "./x.png", in: .enUS) == .document(.localFile(path: "./x.png")))
        let stored = #"{"groupId":20143,"uuid":"u-9","version":"1.0","title":"form-file-1"}"#
        let value = try field.value(fromServer: .string(stored))
        guard case .document(.uploaded(let reference))? = value else {
            Issue.record("expected an uploaded document, got \(String(describing: value))")
            return
        }
        #expect(reference.uuid == "u-9")
        #expect(field.label(of: .document(.uploaded(reference)), in: .enUS) == "form-file-1")
        #expect(value?.serverString(for: .v7) == stored)
        #expect(field.validate(.document(.uploadFailed(path: "x.png", reason: "HTTP 500"))) == .uploadFailed("HTTP 500"))
    }
}
