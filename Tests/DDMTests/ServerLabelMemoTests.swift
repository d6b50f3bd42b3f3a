import Testing

@testable import DDM

/// `ServerLabelMemo`: a list's label texts, remembered for the values its rows repeat, are the
/// texts worked out without it, whatever the portal sends (issue 17).
@Suite("Remembered label texts")
struct ServerLabelMemoTests {
    /// Values of every shape, valid and not, for every kind: repeated, so the memo answers some.
    static let rawValues: [JSONValue] = [
        nil, true, false, 0, 1, 7, -3, 1_234_567, 2.5, "", " ", "true", "false", "1", "0", "TRUE", " true ", "yes", "x",
        "red", "[\"red\"]", "[\"green\",\"red\"]", "[\"blue, dark\"]", "[\"nope\"]", "[", "S", "L", "[\"S\"]",
        "2004-06-19", "6/19/04", "1087603200000", "2004-13-40", "16", "1,234", "1234.50", "-0", "9223372036854775808",
        "{\"latitude\": 1, \"longitude\": 2}", "\u{202E}\u{1B}[31m", .string(String(repeating: "r", count: 65)),
        ["red", "green"], ["nope"], [1, nil], ["a": 1], ["latitude": 1.5, "longitude": -2],
    ]

    @Test(arguments: [PortalLocale.enUS, .esES])
    func labelsAreTheSameWithAndWithoutTheMemo(locale: PortalLocale) throws {
        let structure = try DDMStructure.parse(Fixtures.allKindsJSON)
        for field in structure.allFields {
            let memo = ServerLabelMemo(field: field, locale: locale)
            for round in 1...2 {
                for raw in Self.rawValues {
                    #expect(memo.label(ofServer: raw) == field.label(ofServer: raw, in: locale), "\(field.name) \(raw) round \(round)")
                }
            }
        }
    }

    @Test func theLabelOfAServerValueIsItsValuesLabelOrThePortalsText() throws {
        let structure = try DDMStructure.parse(Fixtures.allKindsJSON)
        let agree = try #require(structure.field(named: "Agree"))
        let colour = try #require(structure.field(named: "Colour"))
        #expect(agree.label(ofServer: "true", in: .esES) == "Sí")
        #expect(agree.label(ofServer: nil, in: .enUS) == "")
        #expect(agree.label(ofServer: "maybe", in: .enUS) == "maybe", "unreadable: the portal's text")
        #expect(colour.label(ofServer: "[\"green\",\"red\"]", in: .esES) == "Rojo, Verde")
    }

    @Test func onlyFiniteOrSmallScalarsAreRememberedAndNeverMoreThanTheCapacity() throws {
        let structure = try DDMStructure.parse(Fixtures.allKindsJSON)
        let colour = ServerLabelMemo(field: try #require(structure.field(named: "Colour")), locale: .enUS)
        _ = colour.label(ofServer: "[\"red\"]")
        _ = colour.label(ofServer: "[\"red\"]")
        _ = colour.label(ofServer: .string(String(repeating: "r", count: 65)))
        _ = colour.label(ofServer: ["red", "green"])
        #expect(colour.count == 1, "long strings and arrays are worked out every time")

        let title = ServerLabelMemo(field: try #require(structure.field(named: "Title")), locale: .enUS)
        _ = title.label(ofServer: "some text")
        #expect(title.count == 0, "free text is not remembered")

        let count = ServerLabelMemo(field: try #require(structure.field(named: "Count")), locale: .enUS)
        for n in 0..<(ServerLabelMemo.capacity * 2) {
            #expect(count.label(ofServer: .string(String(n * 1000))) == NumberText.label(Int64(n * 1000), locale: .enUS))
        }
        #expect(count.count == ServerLabelMemo.capacity, "a hostile portal cannot make it grow without bound")
    }
}
