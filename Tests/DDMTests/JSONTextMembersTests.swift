import Testing
import TermletsTestSupport

@testable import DDM

/// `JSONText.members(_:)` steps through text the parser checked without checking it again
/// (``JSONTextScanner``, issue 17): on every shape of valid text it must find what the parsed
/// value holds.
@Suite("Members read from checked JSON text")
struct JSONTextMembersTests {
    /// Keys as they are asked for, and the spellings a text may give them.
    static let keys: [(asked: String, spellings: [String])] = [
        ("Title", [#""Title""#, #""T\u0069tle""#]),
        ("recordId", [#""recordId""#]),
        ("K", [#""K""#, #""\u212a""#, "\"\u{212A}\""]),   // U+212A equals "K" as a Swift string
        ("título", ["\"título\"", #""t\u00edtulo""#]),
        ("a\"b", [#""a\"b""#]),
        ("", [#""""#]),
        ("eightChr", [#""eightChr""#, #""eightCh\u0072""#]),
        ("sixteenBytesLong", [#""sixteenBytesLong""#]),
        ("seventeenBytesLon", [#""seventeenBytesLon""#, #""seventeenBytes\u004con""#]),
    ]

    /// Seeded random objects, in random whitespace, with repeated keys and every kind of value:
    /// each asked key's value and text are the parsed object's.
    @Test func membersAreWhatTheParsedObjectHolds() throws {
        var generator = SeededGenerator(seed: 41)
        for _ in 0..<2_000 {
            let text = Self.object(depth: 0, using: &generator)
            let bytes = Array(("[[" + text + "]]").utf8)
            let page = try JSONValue.parseSourced(bytes: bytes, elementLevels: 2, defersDeepestElements: true)
            let row = try #require(page.elements?[0].elements?[0])
            let parsed = try #require(try JSONValue.parse(text).objectValue, "\(text)")
            var requests = Self.keys.map { JSONMemberRequest.build($0.asked) }
            requests.append(.members("nested", Self.keys.map { .text($0.asked) }))
            let members = try #require(row.text?.members(requests), "\(text)")
            for (index, key) in Self.keys.enumerated() {
                #expect(members[index]?.value == parsed[key.asked], "\(key.asked) in \(text)")
                #expect(members[index].map { try? JSONValue.parse($0.text.string) } ?? nil == parsed[key.asked], "\(text)")
            }
            let values = try #require(row.text?.values(of: Self.keys.map { .build($0.asked) }), "\(text)")
            #expect(values == Self.keys.map { parsed[$0.asked] }, "values(of:) in \(text)")
            let nested = members[Self.keys.count]
            #expect(nested.map { try? JSONValue.parse($0.text.string) } ?? nil == parsed["nested"], "\(text)")
            if case .object(let inner)? = parsed["nested"] {
                for (index, key) in Self.keys.enumerated() {
                    let found = nested?.members?[index].map { try? JSONValue.parse($0.text.string) } ?? nil
                    #expect(found == inner[key.asked], "nested \(key.asked) in \(text)")
                }
            } else {
                #expect(nested?.members == nil, "\(text)")
            }
        }
    }

    /// The scanner trusts the parser's check; on bytes that never passed it its answers mean
    /// nothing, but it must stay inside them (tests run unoptimised: a read past the end traps).
    @Test func bytesThatNeverPassedTheParserAreNeverReadPastTheirEnd() {
        var generator = SeededGenerator(seed: 43)
        let palette = Array("{}[]\":,\\ tfnu0123456789-.eEabcKk".utf8) + [0xC3, 0xA9, 0xE2, 0x84, 0xAA, 0x80]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<count).map { _ in palette.randomElement(using: &generator)! }
            let text = JSONText(utf8: ArraySlice(bytes))
            _ = text.members(Self.keys.map { .build($0.asked) } + [.members("nested", [.text("Title")])])
            _ = text.values(of: Self.keys.map { .build($0.asked) })
        }
    }

    static func object(depth: Int, using generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...6, using: &generator)
        var members: [String] = []
        for _ in 0..<count {
            let key: String
            if Int.random(in: 0..<6, using: &generator) == 0 {
                key = "\"nested\""
            } else if Int.random(in: 0..<4, using: &generator) == 0 {
                key = "\"other\(Int.random(in: 0..<3, using: &generator))\""
            } else {
                key = keys.randomElement(using: &generator)!.spellings.randomElement(using: &generator)!
            }
            members.append(space(&generator) + key + space(&generator) + ":" + space(&generator)
                           + value(depth: depth + 1, using: &generator) + space(&generator))
        }
        return "{" + space(&generator) + members.joined(separator: ",") + "}"
    }

    static func value(depth: Int, using generator: inout SeededGenerator) -> String {
        let choices = [
            #""plain text""#, #""with \"quotes\" and \\ and \/ \n""#, #""\u00e9t\u00e9 \ud83d\ude00""#, "\"日本語\"",
            #""""#, "0", "-0", "42", "-17", "123456789012345678", "1234567890123456789", "99999999999999999999",
            "1.5", "-0.25", "1e3", "2E-2", "true", "false", "null", "[]", "{}", #"["a", 1, [true]]"#, #""[\"minor\"]""#,
            #""}{][,:\"""#,
        ]
        if depth < 3, Int.random(in: 0..<5, using: &generator) == 0 {
            return object(depth: depth, using: &generator)
        }
        if depth < 3, Int.random(in: 0..<8, using: &generator) == 0 {
            return "[" + space(&generator) + value(depth: depth + 1, using: &generator) + space(&generator) + "]"
        }
        return choices.randomElement(using: &generator)!
    }

    static func space(_ generator: inout SeededGenerator) -> String {
        ["", "", " ", "\n  ", "\t", "\r\n"].randomElement(using: &generator)!
    }
}
