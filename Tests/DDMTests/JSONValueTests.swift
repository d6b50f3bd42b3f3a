import Testing

@testable import DDM

@Suite("JSON reading and writing")
struct JSONValueTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONValue.parse(#"{"a": [1, -2.5, true, false, null, "x\u00e9\n"], "b": {"c": 9007199254740993}}"#)
        #expect(value["a"] == [1, -2.5, true, false, nil, "xé\n"])
        #expect(value["b"]?["c"] == .int(9_007_199_254_740_993))  // exact beyond 2^53
    }

    @Test func acceptsIDsAsNumbersOrNumericStrings() throws {
        #expect(JSONValue.string("20143").int64Value == 20143)
        #expect(JSONValue.int(20143).int64Value == 20143)
        #expect(JSONValue.double(12.5).int64Value == nil)
        #expect(JSONValue.string("12a").int64Value == nil)
    }

    @Test func combinesSurrogatePairs() throws {
        #expect(try JSONValue.parse(#""\ud83d\ude00""#) == "😀")
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#""\ud83d""#) }
    }

    @Test(arguments: [
        ("", "empty document"),
        ("{\"a\": }", "unexpected character '}'"),
        ("[1, 2", "expected ',' or ']' in array"),
        ("{\"a\": 1} x", "unexpected text after the JSON value"),
        ("01", "leading zeros are not allowed"),
        ("\"a\u{01}\"", "must be escaped"),
    ])
    func rejectsMalformedText(input: String, message: String) {
        #expect {
            try JSONValue.parse(input)
        } throws: { error in
            (error as? JSONParseError)?.message.contains(message) == true
        }
    }

    @Test func reportsLineAndColumn() {
        do {
            _ = try JSONValue.parse("{\n  \"a\": 1,\n  \"b\": ]\n}")
            Issue.record("expected a parse error")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 8)
        }
    }

    @Test func rejectsDocumentsNestedTooDeeply() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes: [0x22, 0xFF, 0x22]) }
    }

    @Test func serializesDeterministicallyAndRoundTrips() throws {
        let value: JSONValue = ["b": 1, "a": ["x": "q\"\u{1B}[31m"], "c": [1.5, nil, true]]
        let text = value.serialized()
        #expect(text == #"{"a":{"x":"q\"\u001b[31m"},"b":1,"c":[1.5,null,true]}"#)
        #expect(try JSONValue.parse(text) == value)
        #expect(try JSONValue.parse(value.serialized(pretty: true)) == value)
    }

    /// Plain ASCII is written whole; a string with anything to escape anywhere in it (first, last,
    /// after plain text) still has every such character escaped.
    @Test(arguments: [
        ("plain text 2026-11-27, #42", #""plain text 2026-11-27, #42""#),
        ("", #""""#),
        ("tail\\", #""tail\\""#),
        ("\"head", #""\"head""#),
        ("text\u{7F}", #""text\u007f""#),
        ("é\u{202E}x", #""é\u202ex""#),
        ("ok\u{85}", #""ok\u0085""#),
    ])
    func escapesEveryStringWhateverItsPlainPart(text: String, json: String) throws {
        #expect(JSONValue.string(text).serialized() == json)
        #expect(try JSONValue.parse(json) == .string(text))
    }
}
