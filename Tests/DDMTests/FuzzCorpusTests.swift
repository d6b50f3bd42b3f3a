import Foundation
import Testing
import TermletsTestSupport

@testable import DDM

/// The CI side of the fuzzing (scripts/fuzz is the long side): the corpus in Fuzz/corpus, seeded
/// from the fixtures, is replayed and mutated with a fixed seed through the same entry points as
/// the libFuzzer targets. Iterations grow with TERMLETS_LONG_TESTS=1.
@Suite("fuzz corpus: structures and values")
struct FuzzCorpusTests {
    static let iterations = ProcessInfo.processInfo.environment["TERMLETS_LONG_TESTS"] == "1" ? 50_000 : 1_500
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    static func seeds(_ target: String) throws -> [[UInt8]] {
        let folder = corpus.appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            Array(try Data(contentsOf: folder.appendingPathComponent($0)))
        }
    }

    /// One random edit or a few: replace, insert, delete, cut, duplicate, or splice in bytes
    /// that matter to the parsers.
    static func mutate(_ bytes: [UInt8], _ generator: inout SeededGenerator) -> [UInt8] {
        let interesting: [UInt8] = Array("<>/&;#[]{}\",:'=-.0123456789eE+ \n".utf8) + [0x00, 0x1B, 0xC3, 0xFF, 0x80]
        var out = bytes
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            guard !out.isEmpty else { out = [interesting.randomElement(using: &generator)!]; continue }
            let at = Int.random(in: 0..<out.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: out[at] = interesting.randomElement(using: &generator)!
            case 1: out.insert(interesting.randomElement(using: &generator)!, at: at)
            case 2: out.remove(at: at)
            case 3: out.removeSubrange(at...)
            case 4: out.insert(contentsOf: out[at..<min(out.count, at + 32)], at: at)
            default: out[at] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        return out
    }

    /// The libFuzzer target FuzzStructure's body.
    static func exerciseStructure(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let structure = try? DDMStructure.parse(text) else { return }
        for field in structure.allFields {
            _ = field.label(in: .esES)
            _ = field.predefinedValue(in: .enUS)
            if let value = try? field.value(fromServerString: String(text.prefix(64))) {
                _ = value.serverString(for: .v62)
                _ = field.label(of: value, in: .esES)
            }
        }
    }

    /// The libFuzzer target FuzzValues's body, on every field kind and form.
    static func exerciseValues(_ text: String, structure: DDMStructure) -> Int {
        var parsed = 0
        for field in structure.allFields {
            for locale in [PortalLocale.enUS, .esES] {
                let values = [
                    try? field.value(fromServerString: text), try? field.value(fromLabel: text, in: locale),
                    try? field.value(fromCanonical: text),
                    (try? JSONValue.parse(text)).flatMap { try? field.value(fromServer: $0) },
                ]
                for case let value?? in values {
                    parsed += 1
                    for version in [PortalVersion.v62, .v7] {
                        if let server = value.serverString(for: version) { _ = try? field.value(fromServerString: server) }
                    }
                    _ = try? field.value(fromLabel: field.label(of: value, in: locale), in: locale)
                }
            }
        }
        return parsed
    }

    @Test func structuresFromTheCorpusSurviveMutation() throws {
        let seeds = try Self.seeds("structure")
        #expect(seeds.count >= 6)
        var generator = SeededGenerator(seed: 20261122)
        var parsedOriginals = 0
        for seed in seeds where (try? DDMStructure.parse(String(decoding: seed, as: UTF8.self))) != nil { parsedOriginals += 1 }
        #expect(parsedOriginals == seeds.count, "every corpus seed is a valid structure")
        for index in 0..<Self.iterations {
            Self.exerciseStructure(Self.mutate(seeds[index % seeds.count], &generator))
        }
    }

    @Test func valuesFromTheCorpusSurviveMutation() throws {
        let structure = try DDMStructure.parse(String(decoding: try Self.seeds("structure").first { String(decoding: $0, as: UTF8.self).contains("availableLanguageIds") }!, as: UTF8.self))
        let seeds = try Self.seeds("values")
        var generator = SeededGenerator(seed: 7)
        var parsed = 0
        for seed in seeds { parsed += Self.exerciseValues(String(decoding: seed, as: UTF8.self), structure: structure) }
        #expect(parsed > 0)
        for index in 0..<(Self.iterations / 5) {
            _ = Self.exerciseValues(String(decoding: Self.mutate(seeds[index % seeds.count], &generator), as: UTF8.self), structure: structure)
        }
    }
}
