import TermletsTestSupport
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

    /// Keys are remembered between objects (`JSONReader.readKey`): every key must read as it is
    /// written, whatever was read before it — more keys than slots, keys that differ only after
    /// byte 8, of 15, 16 and 17 bytes, non-ASCII, escaped (also spelling a key seen unescaped).
    @Test func keysReadTheSameWhateverWasReadBefore() throws {
        var random = SeededGenerator(seed: 17)
        var pool = (0..<150).map { "k\($0)" }
        pool += ["", "a", "abcdefgh", "abcdefgi", "abcdefghABCDEFG", "abcdefghABCDEFGH", "abcdefghABCDEFGHI",
                 "modelAttributes", "modelValues", "é", "clé", "日本", "tab\tkey", "quote\"key", "back\\slash"]
        var rounds: [JSONValue] = []
        for round in 0..<40 {
            var object: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                let key = pool.randomElement(using: &random)!
                object[key] = Bool.random(using: &random) ? .int(Int64(round)) : ["inner": .string(key), key: .null]
            }
            let value = JSONValue.object(object)
            #expect(try JSONValue.parse(value.serialized()) == value, "round \(round)")
            // The same objects many times over: a document long enough to remember its keys.
            let long = JSONValue.array(Array(repeating: value, count: 4096 / max(1, value.serialized().utf8.count) + 2))
            #expect(try JSONValue.parse(long.serialized()) == long, "round \(round), long")
            rounds.append(value)
        }
        #expect(try JSONValue.parse(JSONValue.array(rounds).serialized()) == .array(rounds), "every round in one document")
        let text = #"[{"ab": 1, "abcdefghABCDEFGH": 2}, {"a\u0062": 3, "abcdefghABCDEFG\u0048": 4, "\u0061b\"": 5}, {"ab": 6}]"#
        let padding = String(repeating: " ", count: 4096)
        #expect(try JSONValue.parse(text + padding) == [["ab": 1, "abcdefghABCDEFGH": 2], ["ab": 3, "abcdefghABCDEFGH": 4, "ab\"": 5], ["ab": 6]])
    }

    /// Integers of up to 18 digits are read without a string; longer ones as before.
    @Test func readsIntegersOfEveryLength() throws {
        #expect(try JSONValue.parse("[0, -0, 7, -7, 123456789012345678, -123456789012345678]")
            == [0, 0, 7, -7, .int(123_456_789_012_345_678), .int(-123_456_789_012_345_678)])
        #expect(try JSONValue.parse("[9223372036854775807, -9223372036854775808]") == [.int(.max), .int(.min)])
        #expect(try JSONValue.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try JSONValue.parse("[1.5, -2e3, 10E-1]") == [1.5, -2000.0, 1.0])
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

    /// A string read whole (no escape) and one with an escape after plain text read the same;
    /// a control character or invalid UTF-8 after plain text is still rejected where it is.
    @Test func readsStringsWithAndWithoutEscapesAlike() throws {
        #expect(try JSONValue.parse(#"["plain", "课题 2026", "tab\there", "q\"", "\u00e9t\u00e9", ""]"#)
            == ["plain", "课题 2026", "tab\there", "q\"", "été", ""])
        #expect {
            try JSONValue.parse(bytes: Array("\"abc\u{01}\"".utf8))
        } throws: { error in
            (error as? JSONParseError).map { $0.message.contains("must be escaped") && $0.column == 5 } == true
        }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes: [0x22, 0x61, 0xC3, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes: [0x22, 0x61, 0x62]) }
    }

    @Test func rejectsDocumentsNestedTooDeeply() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes: [0x22, 0xFF, 0x22]) }
    }

    /// Every kind of malformed UTF-8 is rejected, with and without an escape in the string, even
    /// where the repaired text would be as long as the input (a 4-byte sequence cut after 3 bytes
    /// becomes one 3-byte U+FFFD); valid sequences of every length pass byte for byte.
    @Test(arguments: [
        [0xF0, 0x90, 0x80],        // truncated 4-byte sequence
        [0xC0, 0xAF],              // overlong "/"
        [0xED, 0xA0, 0x80],        // UTF-16 surrogate
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0x80],                    // lone continuation byte
        [0xE2, 0x82],              // truncated 3-byte sequence
    ] as [[UInt8]])
    func rejectsEveryMalformedSequence(bad: [UInt8]) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes: [0x22] + bad + [0x22]) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes: [0x22, 0x5C, 0x6E] + bad + [0x22]) }
        #expect(bad.withUnsafeBufferPointer { String(validUTF8: $0) } == nil)
    }

    @Test func trimsASCIIWhitespaceFromBothEndsOnly() {
        #expect("abc".trimmingASCIIWhitespace() == "abc")
        #expect(" a b\t".trimmingASCIIWhitespace() == "a b")
        #expect("\r\n 12 \r\n".trimmingASCIIWhitespace() == "12")
        #expect(" \t\n".trimmingASCIIWhitespace() == "")
        #expect("".trimmingASCIIWhitespace() == "")
        #expect("x\u{00A0}".trimmingASCIIWhitespace() == "x\u{00A0}", "only ASCII whitespace")
    }

    @Test func acceptsValidSequencesOfEveryLength() throws {
        let text = "a é € 𝄞 \u{10FFFF}"
        #expect(try JSONValue.parse(bytes: Array("\"\(text)\"".utf8)) == .string(text))
        #expect(try JSONValue.parse(bytes: Array("\"\\n\(text)\"".utf8)) == .string("\n" + text))
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

    /// The byte-level writer escapes exactly what the scalar-by-scalar rule says, at every edge of
    /// the escaped ranges (C0, DEL, C1, U+2028–U+202E, U+2066–U+2069) and beside multi-byte text.
    @Test func writesEveryScalarAsTheRuleSays() throws {
        let edges: [UInt32] = [
            0x00, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1F, 0x20, 0x22, 0x2F, 0x5C, 0x7E, 0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xE9,
            0x7FF, 0x800, 0x2027, 0x2028, 0x2029, 0x202A, 0x202E, 0x202F, 0x2040, 0x2065, 0x2066, 0x2069, 0x206A, 0x3000,
            0x8AB2, 0xFFFD, 0x1F600,
        ]
        for first in edges {
            for second in edges {
                let text = String(String.UnicodeScalarView([Unicode.Scalar(first)!, "a", Unicode.Scalar(second)!]))
                #expect(JSONValue.string(text).serialized() == Self.expected(text), "\(first) \(second)")
                #expect(try JSONValue.parse(JSONValue.string(text).serialized()) == .string(text))
            }
        }
        let nested: JSONValue = ["z": ["é": [1, "\u{2028}"]], "a": [], "m": [:], "k": -1.5]
        #expect(nested.serialized() == #"{"a":[],"k":-1.5,"m":{},"z":{"é":[1,"\u2028"]}}"#)
        #expect(nested.serialized(pretty: true) == """
            {
              "a": [],
              "k": -1.5,
              "m": {},
              "z": {
                "é": [
                  1,
                  "\\u2028"
                ]
              }
            }
            """)
    }

    /// The rule, scalar by scalar.
    static func expected(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
                    let hex = String(v, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
