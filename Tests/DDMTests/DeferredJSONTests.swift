import Testing
import TermletsTestSupport

@testable import DDM

/// `parseSourced(…, defersDeepestElements: true)`: a list page's rows checked but not built
/// (issue 17). A deferred row must read back as the row built at once, and a text must fail
/// exactly where the building reader fails: same message, line and column.
@Suite("JSON rows checked now, built when read")
struct DeferredJSONTests {
    /// A batch answer as `/invoke` sends it: the rows of one call, then a count. Escapes, raw
    /// non-ASCII, repeated keys, numbers beyond 64 bits, nesting.
    static let batch = #"[[{"modelAttributes": {"recordId": "100001", "modifiedDate": 1705309260000, "uuid": "af88ee3a-e9b7"}, "#
        + #""modelValues": {"Title": "Crash \"fails\" on start", "Severity": "[\"minor\"]"}},"#
        + #"{"t": "a\"b\\c\u0000\ud83d\ude00", "k": 1, "k": 2, "raw": "日本\u0085"},"#
        + #"{"big": 123456789012345678901234567890, "d": -0.0, "f": 1.50, "e": 1E2, "l": [true, false, null]},"#
        + #"{"deep": [[[[{"a": null}]]]], "empty": {}, "none": []}, 7, "s", [1, [2]]], 10000]"#

    @Test func deferredRowsReadAsTheRowsBuiltAtOnce() throws {
        let bytes = Array(Self.batch.utf8)
        let built = try JSONValue.parseSourced(bytes: bytes, elementLevels: 2)
        let deferred = try JSONValue.parseSourced(bytes: bytes, elementLevels: 2, defersDeepestElements: true)
        let rows = try #require(deferred.elements?[0].elements)
        let builtRows = try #require(built.elements?[0].elements)
        #expect(rows.count == 7)
        #expect(rows.allSatisfy { !$0.isBuilt }, "the rows are not built")
        #expect(zip(rows, builtRows).allSatisfy { $0.value == $1.value && $0.text?.string == $1.text?.string })
        #expect(deferred.elements?[1].isBuilt == true, "a count is no array of the deepest level: built")
        #expect(deferred.elements?[1].value == 10000)
        #expect(deferred.value == built.value, "the whole batch, built from its parts")
        #expect(deferred.text?.string == Self.batch)
    }

    @Test func anObjectDocumentIsBuiltWhole() throws {
        // Its arrays at level 2 are no elements of recorded arrays: nothing is deferred.
        let input = #"{"exception": "x", "list": [[1, 2]]}"#
        let sourced = try JSONValue.parseSourced(bytes: Array(input.utf8), elementLevels: 2, defersDeepestElements: true)
        #expect(sourced.isBuilt)
        #expect(sourced.value == ["exception": "x", "list": [[1, 2]]])
    }

    /// Seeded mutations of the batch: every one the building reader rejects, the skipping one
    /// rejects at the same place with the same words; every one it reads, reads the same.
    @Test func skippingFailsExactlyWhereBuildingFails() {
        let original = Array(Self.batch.utf8)
        let palette = Array("\"\\{}[],:u0123456789eE.-+ tfn".utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xE6, 0xFF, 0x80]
        var generator = SeededGenerator(seed: 17)
        var (failed, read) = (0, 0)
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[at] = palette.randomElement(using: &generator)!
                case 1: bytes.insert(palette.randomElement(using: &generator)!, at: at)
                default: bytes.remove(at: at)
                }
            }
            let built = Result { () throws(JSONParseError) -> JSONValue in try JSONValue.parse(bytes: bytes) }
            let deferred = Result { () throws(JSONParseError) -> SourcedJSON in
                try JSONValue.parseSourced(bytes: bytes, elementLevels: 2, defersDeepestElements: true)
            }
            switch (built, deferred) {
            case (.success(let value), .success(let sourced)):
                read += 1
                #expect(sourced.value == value, "\(String(decoding: bytes, as: UTF8.self))")
            case (.failure(let expected), .failure(let error)):
                failed += 1
                #expect(error == expected, "\(String(decoding: bytes, as: UTF8.self))")
            default:
                Issue.record("one reader accepted what the other refused: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(failed > 500 && read > 200, "the mutations reach both outcomes (\(failed) failed, \(read) read)")
    }

    @Test func membersAreReadByNameAndOnlyTheOnesAskedForBuilt() throws {
        let page = try JSONValue.parseSourced(bytes: Array(Self.batch.utf8), elementLevels: 2, defersDeepestElements: true)
        let text = try #require(page.elements?[0].elements?[1].text)
        let members = try #require(text.members([.build("k"), .text("t"), .build("raw"), .build("absent")]))
        #expect(members[0]?.value == 2, "a repeated key: its last value")
        #expect(members[0]?.text.string == "2")
        #expect(members[1]?.value == nil && members[1]?.text.string == #""a\"b\\c\u0000\ud83d\ude00""#)
        #expect(members[2]?.value == "日本\u{85}", "a key compared by its bytes, a value with an escape built")
        #expect(members[3] == nil)
        let nested = try #require(JSONText(serializing: ["a": ["b": 1, "c": [2]], "d": "x"]).members([
            .members("a", [.build("c"), .text("b")]), .members("d", [.build("e")]),
        ]))
        #expect(nested[0]?.members?[0]?.value == [2] && nested[0]?.members?[1]?.text.string == "1")
        #expect(try JSONValue.parse(nested[0]!.text.string) == ["b": 1, "c": [2]], "the nested object's whole text")
        #expect(nested[1]?.members == nil && nested[1]?.text.string == #""x""#, "no object: its text only")
        let escapedKey = try #require(JSONText(serializing: ["k\u{E9}y": 1]).members([.build("k\u{E9}y")]))
        #expect(escapedKey[0]?.value == 1, "a key that is not plain ASCII is compared as a string")
        #expect(JSONText(serializing: [1, 2]).members([.build("k")]) == nil, "an array has no members")
    }

    @Test func theQuickScanGivesUpRatherThanAcceptingWhatTheReaderRefuses() throws {
        // Each is refused by the reader; the scan must not step over any of them.
        for bad in ["[1,]", "{\"a\":1,}", "01", "-", "1.", "[tru]", "\"\u{01}\"", "{\"a\" 1}", "[1 2]", "{1: 2}", "\"abc"] {
            let bytes = Array(bad.utf8)
            let end = bytes.withUnsafeBufferPointer { JSONQuickScan.end(of: 0, in: $0, depthLeft: 256) }
            #expect(end == nil || end! < bytes.count, "\(bad)")
        }
        // A byte that needs a look at each place of a long string: the eight-at-a-time scan
        // must stop for it wherever it falls.
        for special: UInt8 in [0x22, 0x5C, 0x01, 0x1F, 0x7F, 0xC3, 0xFF] {
            for place in 0..<20 {
                let bytes = [0x22] + Array(repeating: UInt8(ascii: "a"), count: place) + [special]
                    + Array(repeating: UInt8(ascii: "b"), count: 12) + [0x22]
                let readable = (try? JSONValue.parse(bytes: bytes)) != nil
                let end = bytes.withUnsafeBufferPointer { JSONQuickScan.end(of: 0, in: $0, depthLeft: 256) }
                if special == 0x22 {
                    #expect(end == place + 2, "the string ends at the quote")
                } else if special == 0x7F || special == 0x5C {
                    #expect(readable && end == bytes.count, "DEL is printable enough for JSON; `\\b` is an escape")
                } else {
                    #expect(end == nil, "\(special) at \(place): left to the reader (readable: \(readable))")
                }
            }
        }
        let nested = Array((String(repeating: "[", count: 70) + String(repeating: "]", count: 70)).utf8)
        #expect(nested.withUnsafeBufferPointer { JSONQuickScan.end(of: 0, in: $0, depthLeft: 256) } == nil, "deeper than 64: the reader's")
        let shallow = Array("[[{\"a\": [1, -2.5, \"x\\\"y\", true, null]}], {}]".utf8)
        #expect(shallow.withUnsafeBufferPointer { JSONQuickScan.end(of: 0, in: $0, depthLeft: 256) } == shallow.count)
        #expect(shallow.withUnsafeBufferPointer { JSONQuickScan.end(of: 0, in: $0, depthLeft: 2) } == nil, "the reader's depth left")
    }
}
