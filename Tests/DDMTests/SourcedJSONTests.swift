import Testing

@testable import DDM

/// `JSONValue.parseSourced`: the text of what was parsed, and of array elements, kept so that a
/// cache can store it as it is (issue 17). Every text kept or joined must read back as its value.
@Suite("JSON with its text")
struct SourcedJSONTests {
    private func text(_ sourced: SourcedJSON?) -> String? { sourced?.text?.string }

    @Test func keepsTheDocumentsTextWithoutTheSurroundingWhitespace() throws {
        let sourced = try JSONValue.parseSourced(bytes: Array(" \n{\"b\": [1, 2], \"a\" : \"x\"}\t ".utf8), elementLevels: 2)
        #expect(sourced.value == ["a": "x", "b": [1, 2]])
        #expect(text(sourced) == "{\"b\": [1, 2], \"a\" : \"x\"}", "the portal's text, its key order and spacing")
        #expect(sourced.elements == nil, "an object has no elements")
    }

    @Test func keepsTheElementsOfArraysDownToTheLevelsAskedFor() throws {
        let input = #"[ [ {"r": 1} , {"r": [2, 3]} ], {"o": [4]}, [[5], 6], "s" ]"#
        let sourced = try JSONValue.parseSourced(bytes: Array(input.utf8), elementLevels: 2)
        let top = try #require(sourced.elements)
        #expect(top.map { $0.text?.string } == [#"[ {"r": 1} , {"r": [2, 3]} ]"#, #"{"o": [4]}"#, "[[5], 6]", #""s""#])
        #expect(top[0].elements?.map { $0.text?.string } == [#"{"r": 1}"#, #"{"r": [2, 3]}"#])
        #expect(top[0].elements?[1].elements == nil, "an object's member arrays are not its elements")
        #expect(top[1].elements == nil, "an object holding an array has no elements")
        #expect(top[2].elements?.map { $0.text?.string } == ["[5]", "6"])
        #expect(top[2].elements?[0].elements == nil, "level 3 is not recorded")
        #expect(top[3].elements == nil)
        for element in top { #expect(try JSONValue.parse(element.text!.string) == element.value) }

        let shallow = try JSONValue.parseSourced(bytes: Array(input.utf8), elementLevels: 1)
        #expect(shallow.elements?.count == 4)
        #expect(shallow.elements?.allSatisfy { $0.elements == nil } == true)
        #expect(try JSONValue.parseSourced(bytes: Array(input.utf8), elementLevels: 0).elements == nil)
    }

    @Test func emptyArraysAndTrailingCommasAreRejectedOrRecordedAsTheParserSays() throws {
        let empty = try JSONValue.parseSourced(bytes: Array("[[], []]".utf8), elementLevels: 2)
        #expect(empty.elements?.map { $0.elements?.count } == [0, 0])
        #expect(throws: JSONParseError.self) { try JSONValue.parseSourced(bytes: Array("[1, 2,]".utf8), elementLevels: 2) }
    }

    /// Hostile text: escapes, raw controls the serialiser would escape, non-ASCII, repeated keys,
    /// numbers beyond 64 bits. Joined texts read back as the values they stand for.
    @Test func joinedTextsReadBackAsTheirValues() throws {
        let raw = "\u{202E}\u{85}\u{2028}\u{7F}\u{2066}日本"
        let rows = #"[{"t": "a\"b\\c\u0000\ud83d\ude00", "k": 1, "k": 2}, "#
            + #"{"raw": ""# + raw + #"", "n" : [ 1 , 2 ] },"#
            + #"{"big": 123456789012345678901234567890, "d": -0.0, "f": 1.50, "e": 1E2},"#
            + #"{"deep": [[[[{"a": null}]]]], "empty": {}, "none": []}]"#
        let sourced = try JSONValue.parseSourced(bytes: Array("[\(rows), 7]".utf8), elementLevels: 2)
        let answer = try #require(sourced.elements?[0])
        let elements = try #require(answer.elements)
        #expect(elements.count == 4)
        #expect(answer.value[1]?["raw"] == .string(raw))
        let page = JSONText.object(["rows": .array(elements[1...].map { $0.text! }), "rowCount": JSONText(serializing: .int(7))])
        let expected: JSONValue = ["rows": .array(Array(answer.value.arrayValue![1...])), "rowCount": 7]
        #expect(try JSONValue.parse(page.string) == expected)
        #expect(try JSONValue.parse(JSONText.array(elements.map { $0.text! }).string) == answer.value)
        #expect(try JSONValue.parse(JSONText.array([]).string) == [])
        #expect(try JSONValue.parse(JSONText.object([:]).string) == [:])
        #expect(answer.value[0]?["k"] == 2, "a repeated key keeps its last value, in the text read again too")
        #expect(try JSONValue.parse(elements[0].text!.string)["k"] == 2)
    }

    @Test func malformedTextFailsAsWithoutItsText() {
        for input in ["", "[1, 2", "{\"a\": }", "[\"\u{01}\"]", "[1] x", String(repeating: "[", count: 300)] {
            let plain = Result { () throws(JSONParseError) -> JSONValue in try JSONValue.parse(input) }
            let sourced = Result { () throws(JSONParseError) -> JSONValue in
                try JSONValue.parseSourced(bytes: Array(input.utf8), elementLevels: 2).value
            }
            #expect(plain.failureValue != nil)
            #expect(sourced.failureValue == plain.failureValue, "\(input.prefix(20))")
        }
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
