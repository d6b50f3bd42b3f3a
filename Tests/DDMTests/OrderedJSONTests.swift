import Testing

@testable import DDM

@Suite("Ordered JSON")
struct OrderedJSONTests {
    @Test func keepsKeysInDocumentOrder() throws {
        let json = try OrderedJSON.parse(#"{"z": 1, "a": {"y": true, "b": null}, "m": [1.5, "s"]}"#)
        #expect(json.members?.map(\.key) == ["z", "a", "m"])
        #expect(json["a"]?.members?.map(\.key) == ["y", "b"])
        #expect(json["m"]?.elements == [.double(1.5), .string("s")])
        #expect(json.jsonValue == ["z": 1, "a": ["y": true, "b": nil], "m": [1.5, "s"]])
    }

    @Test func repeatedKeysKeepTheirOrderAndJSONValueKeepsTheLast() throws {
        let text = #"{"k": 1, "k": 2}"#
        #expect(try OrderedJSON.parse(text).members?.count == 2)
        #expect(try OrderedJSON.parse(text)["k"] == .int(1))
        #expect(try JSONValue.parse(text) == ["k": 2])
    }

    @Test func reportsErrorsLikeJSONValue() {
        #expect(throws: JSONParseError(message: "expected ',' or '}' in object", line: 2, column: 3)) {
            try OrderedJSON.parse("{\"a\": 1\n  \"b\": 2}")
        }
    }
}
