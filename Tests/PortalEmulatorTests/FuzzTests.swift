import DDM
import Foundation
import Testing
@testable import PortalEmulator

extension PortalEmulatorSuites {
    /// Seeded mutations of valid inputs: the server's readers must answer, never crash.
    @Suite("Untrusted input")
    struct FuzzTests {
        static func mutate(_ bytes: [UInt8], _ generator: inout SplitMix64) -> [UInt8] {
            var out = bytes
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                guard !out.isEmpty else { break }
                let index = Int(generator.next() % UInt64(out.count))
                switch generator.next() % 4 {
                case 0: out[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: out.remove(at: index)
                case 2:
                    let alphabet = Array("[]{}\",:-+.0123456789e\r\n".utf8)
                    out.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: index)
                default: out = Array(out.prefix(index))
                }
            }
            return out
        }

        @Test("mutated multipart bodies parse or are refused")
        func multipart() {
            let valid = Array("--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHi\r\n--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x\"\r\n\r\n\u{1}\u{2}\u{3}\r\n--B--\r\n".utf8)
            var generator = SplitMix64(seed: 11)
            var parsed = 0
            for _ in 0..<1_500 {
                if RequestBodyParser.multipart(Self.mutate(valid, &generator), boundary: "B") != nil { parsed += 1 }
            }
            #expect(parsed > 0 && parsed < 1_500)
        }

        @Test("mutated invoke bodies get an answer", arguments: PortalVersion.allCases)
        func invokeBodies(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let invoker = Invoker(registry: ServiceCatalog.registry(for: version), database: try PortalDatabase(directory: portal.emulator.dataDirectory))
                let add = version == .v7 ? "/ddl.ddlrecord/add-record" : "/ddlrecord/add-record"
                let screens = version == .v7 ? "/screens.screensddlrecord/get-ddl-records" : "/screens-web.screensddlrecord/get-ddl-records"
                let valid = Array("""
                    [{"\(screens)":{"ddlRecordSetId":40001,"locale":"en_US","start":0,"end":3,"obc":null}},\
                    {"\(add)":{"groupId":20143,"recordSetId":40001,"displayIndex":0,"fieldsMap":{"Quantity":"12","DueDate":"2024-02-30","Price":"1e300"},\
                    "+serviceContext":"x","serviceContext.workflowAction":2}},{"/dlapp/get-file-entries":{"repositoryId":"20143","folderId":50001,"start":-5,"end":2147483647}}]
                    """.utf8)
                let authorization = DemoUser.basic("test", "test")
                let baseline = await invoker.invoke(body: valid, authorization: authorization)
                #expect(baseline.status == 200, "\(baseline.body.serialized())")
                var generator = SplitMix64(seed: version == .v7 ? 3 : 4)
                var errors = 0
                var results = 0
                for _ in 0..<150 {
                    let outcome = await invoker.invoke(body: Self.mutate(valid, &generator), authorization: authorization)
                    if outcome.body["exception"] != nil {
                        errors += 1
                        #expect(version == .v62 ? outcome.status == 200 : outcome.status >= 400)
                    } else {
                        results += 1
                        #expect(outcome.status == 200)
                    }
                }
                #expect(errors > 0)
                #expect(errors + results == 150)
            }
        }
    }
}
