import DDM
import Foundation
import Testing
import TermletsTestSupport

@testable import PortalClient

/// The CI side of fuzzing the response decoder (scripts/fuzz response is the long side): the corpus
/// in Fuzz/corpus/response, mutated with a fixed seed, under every status the transport can see.
@Suite("fuzz corpus: portal responses")
struct ResponseFuzzTests {
    static let iterations = ProcessInfo.processInfo.environment["TERMLETS_LONG_TESTS"] == "1" ? 100_000 : 3_000
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/response")

    @Test func responsesFromTheCorpusDecodeOrFailWithAKind() throws {
        let seeds = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted().map {
            Array(try Data(contentsOf: Self.corpus.appendingPathComponent($0)))
        }
        #expect(seeds.count >= 5)
        let statuses = [200, 401, 403, 404, 413, 500, 502, 302]
        var generator = SeededGenerator(seed: 99)
        var decoded = 0
        var failed = 0
        for index in 0..<Self.iterations {
            var body = seeds[index % seeds.count]
            for _ in 0..<Int.random(in: 0...4, using: &generator) where !body.isEmpty {
                let at = Int.random(in: 0..<body.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: body[at] = UInt8.random(in: 0...255, using: &generator)
                case 1: body.insert(Array("{}[]\",:0".utf8).randomElement(using: &generator)!, at: at)
                case 2: body.removeSubrange(at...)
                default: body.insert(contentsOf: body[at..<min(body.count, at + 16)], at: at)
                }
            }
            let status = statuses[index % statuses.count]
            do {
                _ = try ResponseParser.parse(status: status, location: status == 302 ? "/c/portal/login" : nil, body: body)
                decoded += 1
            } catch {
                #expect(!error.message.isEmpty)
                failed += 1
            }
        }
        #expect(decoded > 0 && failed > 0)
    }
}
