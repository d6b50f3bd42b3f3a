import Testing

@testable import DDM

/// What Liferay's own structures contain that strict JSON or a 7.x-only reader would refuse.
@Suite("Liferay structure quirks")
struct LiferayStructureQuirksTests {
    @Test func trailingCommasInADefinitionAreRead() throws {
        let text = """
            {"availableLanguageIds": ["en_US",], "defaultLanguageId": "en_US",
             "fields": [{"name": "Title", "dataType": "string", "type": "text",
                         "label": {"en_US": "Title",},},],}
            """
        let structure = try DDMStructure.parse(text)
        #expect(structure.fields.map(\.name) == ["Title"])
        #expect(structure.fields.first?.label(in: .enUS) == "Title")
    }

    @Test func trailingCommasInsideThePortalsDefinitionStringAreRead() throws {
        let definition = #"{"availableLanguageIds": ["en_US"], "defaultLanguageId": "en_US", "fields": [{"name": "A", "dataType": "boolean", "type": "checkbox",},]}"#
        let wrapped: JSONValue = ["structureId": 7, "definition": .string(definition)]
        let structure = try DDMStructure.parse(wrapped.serialized())
        #expect(structure.fields.map(\.kind) == [.boolean])
    }

    @Test func strictJSONStillRefusesTrailingCommasAndEmptySlots() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse("[1,]") }
        #expect(throws: JSONParseError.self) { try OrderedJSON.parse("{\"a\": 1,}") }
        #expect(throws: JSONParseError.self) { try OrderedJSON.parse("[1,,]", allowingTrailingCommas: true) }
        #expect(throws: JSONParseError.self) { try OrderedJSON.parse("[,]", allowingTrailingCommas: true) }
        #expect(throws: JSONParseError.self) { try OrderedJSON.parse("{,}", allowingTrailingCommas: true) }
    }

    @Test func aSixTwoFileUploadFieldIsADocument() throws {
        let xsd = """
            <root available-locales="en_US" default-locale="en_US">
              <dynamic-element dataType="file-upload" name="attachment" type="ddm-fileupload" required="false" showLabel="true">
                <meta-data locale="en_US"><entry name="label"><![CDATA[Attachment]]></entry></meta-data>
              </dynamic-element>
            </root>
            """
        let field = try #require(try DDMStructure.parse(xsd).fields.first)
        #expect(field.kind == .document)
        #expect(field.editor == "documentlibrary")
        #expect(field.dataType == "file-upload")
    }

    @Test func aFileUploadEditorWithoutADataTypeIsADocument() {
        #expect(FieldTypeResolver.resolve(dataType: nil, type: "ddm-fileupload").kind == .document)
    }
}
