import Testing

@testable import DDM

@Suite("Large structures")
struct ScaleTests {
    static let count = 2000

    static let xsd: String = {
        var xml = "<root default-locale=\"en_US\">\n"
        for i in 0..<count {
            xml += """
                <dynamic-element dataType="integer" name="N\(i)" type="ddm-integer" repeatable="\(i % 2 == 0)">\
                <meta-data locale="en_US"><entry name="label"><![CDATA[Number \(i)]]></entry>\
                <entry name="predefinedValue">\(i)</entry></meta-data></dynamic-element>\n
                """
        }
        return xml + "</root>"
    }()

    static let json: String = {
        let fields = (0..<count).map { i in
            #"{"name": "N\#(i)", "dataType": "integer", "type": "ddm-integer", "repeatable": \#(i % 2 == 0), "label": {"en_US": "Number \#(i)"}, "predefinedValue": {"en_US": "\#(i)"}}"#
        }
        return #"{"defaultLanguageId": "en_US", "fields": ["# + fields.joined(separator: ",\n") + "]}"
    }()

    @Test(arguments: [xsd, json])
    func thousandsOfFieldsParseAndSubmit(text: String) throws {
        let structure = try DDMStructure.parse(text)
        #expect(structure.fields.count == Self.count)
        #expect(structure.field(named: "n1999")?.label(in: .enUS) == "Number 1999")
        var model = DDLFormModel(structure: structure, locale: .enUS)
        try model.setValue(.integer(-1), of: "N1999")
        try model.addInstance(of: "N0", value: .integer(7))
        let map = model.fieldsMap(for: .v7)
        #expect(map.count == Self.count)
        #expect(map["N1999"] == "-1")
        #expect(map["N0"] == ["0", "7"])
        #expect(model.validate().isEmpty)
    }
}
