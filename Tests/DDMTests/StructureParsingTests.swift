import Testing

@testable import DDM

@Suite("Structure parsing, both formats")
struct StructureParsingTests {
    static let expectedKinds: [(String, FieldKind, String, String)] = [
        ("Agree", .boolean, "checkbox", "boolean"),
        ("Title", .string, "text", "string"),
        ("Colour", .options, "select", "string"),
        ("Size", .options, "radio", "string"),
        ("Birthday", .date, "date", "date"),
        ("Count", .integer, "number", "integer"),
        ("Price", .decimal, "number", "number"),
        ("Ratio", .decimal, "number", "double"),
        ("Attachment", .document, "documentlibrary", "document-library"),
        ("Picture", .image, "image", "image"),
        ("Place", .geolocation, "geolocation", "geolocation"),
        ("Body", .unsupported, "ddm-text-html", "html"),
    ]

    @Test(arguments: [Fixtures.allKindsXSD, Fixtures.allKindsJSON])
    func everyKindInBothFormats(text: String) throws {
        let structure = try DDMStructure.parse(text)
        #expect(structure.format == (text.hasPrefix("<") ? .xsd : .json))
        #expect(structure.defaultLocale == .enUS)
        #expect(structure.availableLocales == ["en_US", "es_ES"])
        #expect(structure.fields.map(\.name) == Self.expectedKinds.map(\.0))
        for (field, expected) in zip(structure.fields, Self.expectedKinds) {
            #expect(field.kind == expected.1, "\(field.name)")
            #expect(field.editor == expected.2, "\(field.name)")
            #expect(field.dataType == expected.3, "\(field.name)")
        }
    }

    @Test(arguments: [Fixtures.allKindsXSD, Fixtures.allKindsJSON])
    func flagsLabelsOptionsAndNesting(text: String) throws {
        let structure = try DDMStructure.parse(text)
        let agree = try #require(structure.field(named: "agree"))
        #expect(agree.required == false)
        #expect(agree.label(in: .enUS) == "Do you agree?")
        #expect(agree.label(in: .esES) == "¿Está de acuerdo?")
        #expect(agree.tip(in: .enUS) == "Tick to agree")
        #expect(agree.attributes["indexType"] == "keyword")

        let title = try #require(structure.field(named: "Title"))
        #expect(title.required && title.repeatable && !title.readOnly)
        #expect(title.label(in: .enUS) == "Title & subtitle")
        #expect(title.rawPredefinedValue(in: .enUS) == "A <b>bold</b> start")
        #expect(title.nestedFields.map(\.name) == ["Subtitle"])
        #expect(title.nestedFields.first?.editor == "textarea")
        #expect(structure.field(named: "subtitle")?.label(in: .enUS) == "Subtitle")
        #expect(structure.allFields.count == 13)

        let colour = try #require(structure.field(named: "Colour"))
        #expect(colour.multiple)
        #expect(colour.options.map(\.value) == ["red", "green", "blue, dark"])
        #expect(colour.options.map(\.name) == ["opt1", "opt2", "opt3"])
        #expect(colour.options.map { $0.label(in: .esES, defaultLocale: colour.defaultLocale) } == ["Rojo", "Verde", "Dark blue"])

        let size = try #require(structure.field(named: "Size"))
        #expect(!size.multiple)
        #expect(size.options.map(\.name) == [nil, nil])

        let body = try #require(structure.field(named: "Body"))
        #expect(body.readOnly && body.kind == .unsupported && body.rawType == "ddm-text-html")
    }

    @Test func missingRequiredMeansNotRequired() throws {
        let xsd = try DDMStructure.parse(#"<root><dynamic-element name="A" dataType="string" type="text"/></root>"#)
        let json = try DDMStructure.parse(#"{"fields": [{"name": "A", "dataType": "string", "type": "text"}]}"#)
        #expect(xsd.fields[0].required == false)
        #expect(json.fields[0].required == false)
        #expect(xsd.defaultLocale == .enUS && json.defaultLocale == .enUS)
    }

    @Test(arguments: [
        ("boolean", "checkbox", FieldKind.boolean, "checkbox"),
        ("string", "checkbox", .string, "checkbox"),  // the odd pair stays a plain string
        ("string", "ddm-color", .string, "ddm-color"),
        ("", "ddm-date", .date, "date"),  // no dataType: the editor decides
        ("float", "ddm-number", .decimal, "number"),
        ("", "select", .options, "select"),
        ("link-to-page", "ddm-link-to-page", .unsupported, "ddm-link-to-page"),
        ("integer", "ddm-integer", .integer, "number"),
        ("boolean", "", .boolean, "checkbox"),
        ("", "", .unsupported, ""),
    ])
    func kindByDataTypeThenEditor(dataType: String, type: String, kind: FieldKind, editor: String) {
        let resolved = FieldTypeResolver.resolve(
            dataType: dataType.isEmpty ? nil : dataType, type: type.isEmpty ? nil : type)
        #expect(resolved.kind == kind)
        #expect(resolved.editor == editor)
    }

    @Test func readsThePortalStructureObject() throws {
        let xsd = Fixtures.localisedBooleanXSD.replacingAll("\"", with: "\\\"").replacingAll("\n", with: "\\n")
        let fromXSD = try DDMStructure.parse(#"{"structureId": "30501", "userId": 20156, "xsd": "\#(xsd)"}"#)
        #expect(fromXSD.format == .xsd)
        #expect(fromXSD.structureId == 30501)
        #expect(fromXSD.userId == 20156)
        #expect(fromXSD.attributes["xsd"] == nil)
        #expect(fromXSD.fields.first?.name == "Flag")

        let definition = Fixtures.localisedSelectJSON.replacingAll("\"", with: "\\\"").replacingAll("\n", with: " ")
        let fromJSON = try DDMStructure.parse(#"{"structureId": 7, "definition": "\#(definition)"}"#)
        #expect(fromJSON.format == .json)
        #expect(fromJSON.structureId == 7)
        #expect(fromJSON.fields.first?.options.first?.value == "value 1")

        let embedded = try DDMStructure.parse(#"{"name": "x", "definition": {"fields": [{"name": "A", "dataType": "boolean"}]}}"#)
        #expect(embedded.fields.first?.kind == .boolean)
        #expect(embedded.attributes["name"] == "x")
    }

    @Test func xsdFlagsFallBackToMetadataEntries() throws {
        let structure = try DDMStructure.parse("""
            <root><dynamic-element name="A" dataType="string" type="text">
              <meta-data locale="en_US"><entry name="required">true</entry><entry name="showLabel">false</entry></meta-data>
            </dynamic-element></root>
            """)
        #expect(structure.fields[0].required)
        #expect(!structure.fields[0].showLabel)
    }

    @Test func xsdLabelsLoseTheIndentationAroundCDATA() throws {
        let field = try DDMStructure.parse("""
            <root><dynamic-element name="A" dataType="string" type="text"><meta-data locale="en_US">
              <entry name="label">
                <![CDATA[ The label ]]>
              </entry>
              <entry name="predefinedValue"><![CDATA[ kept ]]></entry>
            </meta-data></dynamic-element></root>
            """).fields[0]
        #expect(field.label(in: .enUS) == "The label")
        #expect(field.rawPredefinedValue(in: .enUS) == " kept ")
    }

    @Test func emptyStructuresAreAccepted() throws {
        #expect(try DDMStructure.parse("<root/>").fields.isEmpty)
        #expect(try DDMStructure.parse(#"{"fields": []}"#).fields.isEmpty)
    }
}
