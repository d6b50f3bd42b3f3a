import Testing
import TermletsTestSupport

@testable import DDM

/// Mutates valid definitions at random (with a fixed seed, so failures reproduce) and checks that
/// every parser either reads the result or throws: no crash, no hang.
@Suite("Parsers survive mutated input")
struct ParserFuzzTests {

    static let interesting: [UInt8] = Array("<>/&;#x[]{}\",:'=!?-\\ \n0a".utf8) + [0x00, 0xC3, 0xFF, 0x80]

    func mutate(_ bytes: [UInt8], _ generator: inout SeededGenerator) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !out.isEmpty {
            let position = Int.random(in: 0..<out.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: out[position] = Self.interesting.randomElement(using: &generator) ?? 0
            case 1: out.insert(Self.interesting.randomElement(using: &generator) ?? 0, at: position)
            case 2: out.remove(at: position)
            case 3: out.removeSubrange(position...)
            default:
                let length = min(16, out.count - position)
                out.insert(contentsOf: out[position..<(position + length)], at: position)
            }
        }
        return out
    }

    @Test(arguments: [Fixtures.allKindsXSD, Fixtures.allKindsJSON, Fixtures.localisedSelectJSON, Fixtures.localisedBooleanXSD])
    func structuresNeverCrash(seedText: String) {
        var generator = SeededGenerator(seed: UInt64(seedText.utf8.count))
        let original = Array(seedText.utf8)
        var parsed = 0
        var rejected = 0
        for _ in 0..<400 {
            let text = String(decoding: mutate(original, &generator), as: UTF8.self)
            do {
                let structure = try DDMStructure.parse(text)
                parsed += 1
                for field in structure.allFields {
                    _ = field.predefinedValue(in: .esES)
                    _ = field.label(in: .esES)
                    _ = try? field.value(fromServerString: String(text.prefix(40)))
                }
            } catch {
                rejected += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(parsed + rejected == 400)
        #expect(rejected > 0)
    }

    @Test func valueReadersNeverCrash() throws {
        let structure = try DDMStructure.parse(Fixtures.allKindsJSON)
        var generator = SeededGenerator(seed: 42)
        let seeds = ["2004-06-19", "6/19/04", "1087603200000", "1,234.50", #"["red", "green"]"#,
                     #"{"latitude": 1, "longitude": 2}"#, #"{"groupId":1,"uuid":"u","version":"1.0"}"#, "19 de junio de 2004"]
        for seed in seeds {
            for _ in 0..<100 {
                let text = String(decoding: mutate(Array(seed.utf8), &generator), as: UTF8.self)
                for field in structure.allFields {
                    _ = try? field.value(fromServerString: text)
                    _ = try? field.value(fromLabel: text, in: .esES)
                    _ = try? field.value(fromCanonical: text)
                }
            }
        }
        #expect(structure.allFields.count == 13)
    }

    @Test func oversizedInputIsRefused() {
        let huge = "<root>" + String(repeating: " ", count: XMLReader.maximumInputBytes) + "</root>"
        #expect(throws: XMLParseError.self) { try XMLReader.parse(huge) }
        #expect(throws: StructureParseError("structure larger than \(DDMStructure.maximumInputBytes) bytes", at: .document)) {
            try DDMStructure.parse(huge)
        }
    }

    @Test func unsupportedFieldsAreReadOnly() throws {
        let field = try DDMStructure.parse(#"{"fields": [{"name": "S", "dataType": "html", "type": "ddm-separator"}]}"#).fields[0]
        #expect(field.kind == .unsupported && !field.isEditable && field.editor == "ddm-separator")
        #expect(!field.readOnly)  // the definition's own flag is kept as given
    }
}
