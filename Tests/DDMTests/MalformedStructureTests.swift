import Testing

@testable import DDM

@Suite("Malformed structures: what is wrong and where")
struct MalformedStructureTests {
    func failure(_ text: String) -> StructureParseError? {
        do {
            _ = try DDMStructure.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("<root>\n  <dynamic-element name=\"A\">\n  </root>", "mismatched closing tag </root>", 3, 5),
        ("<root>\n<a x=\"1\" x=\"2\"/></root>", "duplicate attribute 'x'", 2, 10),
        ("<!DOCTYPE root [<!ENTITY a \"aaaa\">]><root/>", "DOCTYPE declarations are not allowed", 1, 1),
        ("<root>&bogus;</root>", "undefined entity &bogus;", 1, 7),
        ("<root>a & b</root>", "'&' must start an entity reference", 1, 9),
        ("<root><a>", "is not closed", 1, 10),
        ("<root/><other/>", "content after the root element", 1, 8),
        ("<root attr=x/>", "expected a quoted attribute value", 1, 12),
        ("<root>&#0;</root>", "invalid character reference", 1, 7),
        ("<root><![CDATA[x</root>", "unterminated CDATA section", 1, 16),
        ("<root><!-- a -- b --></root>", "'--' is not allowed inside a comment", 1, 14),
        ("<other/>", "expected the root element <root>, found <other>", 1, 1),
        ("<root><dynamic-element dataType=\"string\"/></root>", "<dynamic-element> without a name", 1, 7),
        ("<root default-locale=\"\"/>", "invalid default-locale", 1, 1),
        ("{\n  \"fields\": [\n    {\"name\": \"A\",,}\n  ]\n}", "invalid JSON: expected a string key in object", 3, 18),
        ("{\"fields\": [", "invalid JSON: unexpected end of input", 1, 13),
    ])
    func reportsPositions(text: String, message: String, line: Int, column: Int) throws {
        let error = try #require(failure(text))
        #expect(error.message.contains(message), "\(error)")
        #expect(error.location == .text(line: line, column: column), "\(error)")
    }

    @Test(arguments: [
        (#"{"fields": {}}"#, "fields", "expected an array of fields"),
        (#"{"fields": [{"name": "A"}, 3]}"#, "fields[1]", "expected a field object"),
        (#"{"fields": [{"dataType": "string"}]}"#, "fields[0].name", "missing field name"),
        (#"{"fields": [{"name": "A", "options": [{"value": "a"}, {"label": {"en_US": "B"}}]}]}"#,
         "fields[0].options[1].value", "missing option value"),
        (#"{"fields": [{"name": "A", "nestedFields": [{"name": "B", "options": "x"}]}]}"#,
         "fields[0].nestedFields[0].options", "expected an array of options"),
        (#"{"fields": [{"name": "A", "dataType": 3}]}"#, "fields[0].dataType", "expected a string"),
        (#"{"defaultLanguageId": "not a locale", "fields": []}"#, "defaultLanguageId", "invalid locale id"),
        (#"{"definition": "{\"fields\": [{\"name\": 1}]}"}"#, "definition.fields[0].name", "expected the field name as a non-empty string"),
        (#"{"xsd": 12}"#, "xsd", "expected the XSD as a string"),
    ])
    func reportsJSONPaths(text: String, path: String, message: String) throws {
        let error = try #require(failure(text))
        #expect(error.location == .path(path), "\(error)")
        #expect(error.message.contains(message), "\(error)")
        #expect(error.description == "\(path): \(error.message)")
    }

    @Test func reportsPositionsInsideEmbeddedDefinitions() throws {
        let error = try #require(failure(#"{"xsd": "<root>\n<a></b></root>"}"#))
        #expect(error.message.hasPrefix("invalid XML in \"xsd\": mismatched closing tag"))
        #expect(error.location == .text(line: 2, column: 6))
        let json = try #require(failure(#"{"definition": "{\"fields\": [}"}"#))
        #expect(json.message.hasPrefix("invalid JSON in \"definition\""))
    }

    @Test(arguments: ["", "   \n", "#comment", "[1, 2]", #"{"name": "x"}"#, "true"])
    func rejectsThingsThatAreNotStructures(text: String) {
        #expect(failure(text) != nil)
    }

    @Test func boundsNesting() throws {
        let deepXML = String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)
        let xmlError = try #require(failure(deepXML))
        #expect(xmlError.message.contains("nested deeper than 128"))
        let deepJSON = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let jsonError = try #require(failure(deepJSON))
        #expect(jsonError.message.contains("nesting deeper than"))
    }

    @Test func readsTheXMLConstructsItPromises() throws {
        let root = try XMLReader.parse("""
            \u{FEFF}<?xml version="1.0"?>
            <!-- c --><?pi data?>
            <root a='1 &lt; 2' b="x&#10;y&#x41;&quot;&apos;&gt;"><c><![CDATA[<not markup> & ]]>tail</c><!-- in --></root>
            """)
        #expect(root.name == "root")
        #expect(root[attribute: "a"] == "1 < 2")
        #expect(root[attribute: "b"] == "x\nyA\"'>")
        #expect(root.children.first?.text == "<not markup> & tail")
        #expect(root.children.first?.line == 3)
        #expect(try XMLReader.parse("\n  <?xml version=\"1.0\"?><root/>").name == "root")
    }
}
