import DDM
import Foundation
import Testing
@testable import PortalEmulator
import TermletsTestSupport

extension PortalEmulatorSuites {
    @Suite("Fault injection, admin endpoint and request journal")
    struct FaultTests {
        static let countRequest: JSONValue = [["/screens.screensddlrecord/get-ddl-records-count": ["ddlRecordSetId": 40003]]]

        @Test("latency delays answers by at least the configured time")
        func latency() async throws {
            try await withPortal(.v7, faults: FaultSettings(latencyMs: 150)) { portal in
                let start = Date()
                let (status, _) = try await portal.invoke(Self.countRequest)
                #expect(status == 200)
                #expect(Date().timeIntervalSince(start) >= 0.15)
                await portal.emulator.setFaults(.none)
                #expect(portal.emulator.faults == .none)
            }
        }

        @Test("failure rate 1 answers 500 with the version's error body, without running the call", arguments: PortalVersion.allCases)
        func failures(version: PortalVersion) async throws {
            try await withPortal(version, faults: FaultSettings(failureRate: 1)) { portal in
                let add: JSONValue = [.object([portal.path(.record, "add-record"): ["groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Name": "Never"]]])]
                let (status, json) = try await portal.invoke(add)
                #expect(status == 500)
                #expect(json["exception"] != nil)
                await portal.emulator.setFaults(.none)
                let count = try await portal.result(portal.path(.screens, "get-ddl-records-count"), ["ddlRecordSetId": 40003])
                #expect(count == 3)
            }
        }

        @Test("a client that goes away before its body arrives is journaled as abandoned, never as an empty request")
        func abandonedRequests() async throws {
            try await withPortal(.v7, faults: FaultSettings(latencyMs: 100)) { portal in
                let body = Array(Self.countRequest.serialized().utf8)
                try await RawHTTPClient.abandon(port: portal.port, path: "/api/jsonws/invoke", announced: body.count, partialBody: Array(body.prefix(5)))
                try await RawHTTPClient.abandon(port: portal.port, path: "/api/jsonws/invoke", announced: body.count, partialBody: [])
                let entries = try await waitFor("both journaled", timeout: 30) { () -> [JournalEntry]? in
                    let invokes = portal.emulator.journal.filter { $0.path == "/api/jsonws/invoke" }
                    return invokes.count == 2 ? invokes : nil
                }
                for entry in entries {
                    #expect(entry.fault == "abandoned")
                    #expect(entry.status == nil, "no answer was sent (not a 413)")
                    #expect(entry.services.isEmpty)
                }
                let (status, _) = try await portal.invoke(Self.countRequest)
                #expect(status == 200)
            }
        }

        @Test("dropped connections close without an answer; truncated answers stop half-way after the call ran")
        func dropAndTruncate() async throws {
            try await withPortal(.v7, faults: FaultSettings(dropRate: 1)) { portal in
                await #expect(throws: RawHTTPError.closedWithoutResponse) { try await portal.invoke(Self.countRequest) }
                await portal.emulator.setFaults(FaultSettings(truncateRate: 1))
                let add: JSONValue = [["/ddl.ddlrecord/add-record": ["groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Name": "Half"]]]]
                let response = try await portal.post("/api/jsonws/invoke", body: Array(add.serialized().utf8))
                #expect(response.status == 200)
                #expect(response.isTruncated)
                #expect((try? JSONValue.parse(bytes: response.body)) == nil)
                await portal.emulator.setFaults(.none)
                let count = try await portal.result("/screens.screensddlrecord/get-ddl-records-count", ["ddlRecordSetId": 40003])
                #expect(count == 4, "the truncated call was carried out")
                let faults = portal.emulator.journal.compactMap(\.fault)
                #expect(faults == ["drop", "truncate"])
            }
        }

        @Test("the failure rate is deterministic for a seed")
        func deterministic() async throws {
            func pattern() async throws -> [Int] {
                try await withPortal(.v7, faults: FaultSettings(failureRate: 0.5, seed: 42)) { portal in
                    var statuses: [Int] = []
                    for _ in 0..<12 { statuses.append(try await portal.invoke(Self.countRequest).status) }
                    return statuses
                }
            }
            let first = try await pattern()
            let second = try await pattern()
            #expect(first == second)
            #expect(first.contains(500) && first.contains(200))
        }

        @Test("going offline and back through the admin endpoint; the journal keeps exact bodies and counts services")
        func offlineAndJournal() async throws {
            try await withPortal(.v7) { portal in
                let body = #"[{"/portal/get-build-number":{}},{"/screens.screensddlrecord/get-ddl-records-count":{"ddlRecordSetId":40003}}]"#
                let first = try await portal.post("/api/jsonws/invoke", body: Array(body.utf8))
                #expect(first.status == 200)

                let offline = try await RawHTTPClient.send(port: portal.port, method: "POST", path: "/_emulator/faults",
                                                           headers: [("Content-Type", "application/json")], body: Array(#"{"offline": true}"#.utf8))
                #expect(offline.status == 200)
                #expect(try JSONValue.parse(bytes: offline.body)["offline"] == true)
                await #expect(throws: RawHTTPError.self) { try await portal.post("/api/jsonws/invoke", body: Array(body.utf8)) }
                let settings = try await portal.get("/_emulator/faults")
                #expect(try JSONValue.parse(bytes: settings.body)["offline"] == true)
                let bad = try await RawHTTPClient.send(port: portal.port, method: "POST", path: "/_emulator/faults", body: Array(#"{"dropRate": 7}"#.utf8))
                #expect(bad.status == 400)
                _ = try await RawHTTPClient.send(port: portal.port, method: "POST", path: "/_emulator/faults", body: Array(#"{"offline": false}"#.utf8))
                #expect(await eventually { (try? await portal.post("/api/jsonws/invoke", body: Array(body.utf8)))?.status == 200 })

                let journal = try JSONValue.parse(bytes: try await portal.get("/_emulator/requests").body)
                let requests = try #require(journal["requests"]?.arrayValue)
                #expect(requests.first?["body"] == .string(body))
                #expect(requests.first?["services"] == ["/portal/get-build-number", "/screens.screensddlrecord/get-ddl-records-count"])
                #expect(requests.first?["method"] == "POST")
                #expect(requests.contains { $0["fault"] == "offline" && $0["status"] == .null })
                #expect(journal["counts"]?["/portal/get-build-number"] == 2)
                #expect(portal.emulator.requestCounts["/screens.screensddlrecord/get-ddl-records-count"] == 2)
                let cleared = try await RawHTTPClient.send(port: portal.port, method: "DELETE", path: "/_emulator/requests")
                #expect(cleared.status == 204)
                #expect(portal.emulator.journal.isEmpty)
                #expect(portal.emulator.requestCounts.isEmpty)
            }
        }

        @Test("the admin endpoint answers loopback peers only")
        func loopbackOnly() {
            for ip in ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"] { #expect(EmulatorRequestContext.isLoopback(ip), "\(ip)") }
            for ip in ["10.0.0.1", "192.168.1.5", "::ffff:10.0.0.1", "fe80::1", "1.127.0.0"] { #expect(!EmulatorRequestContext.isLoopback(ip), "\(ip)") }
        }

        @Test("fault settings parse and reject bad values")
        func settingsParsing() throws {
            let updated = try FaultSettings.none.updated(with: ["latencyMs": 20, "jitterMs": 5, "failureRate": 0.25, "pathPrefix": "/api"])
            #expect(updated == FaultSettings(latencyMs: 20, jitterMs: 5, failureRate: 0.25, pathPrefix: "/api"))
            #expect(throws: FaultSettingsError.self) { try FaultSettings.none.updated(with: ["failureRate": 2]) }
            #expect(throws: FaultSettingsError.self) { try FaultSettings.none.updated(with: ["colour": 1]) }
            let injector = FaultInjector(FaultSettings(failureRate: 1, pathPrefix: "/api"))
            #expect(injector.decide(path: "/documents/1").action == .handle)
            #expect(injector.decide(path: "/api/jsonws/invoke").action == .fail)
        }
    }

    @Suite("Request journal")
    struct RequestJournalTests {
        @Test("keeps the newest entries within its capacity and counts every service call")
        func capacity() {
            let journal = RequestJournal(capacity: 3)
            for index in 1...5 {
                journal.record(method: "POST", path: "/api/jsonws/invoke", body: Array("\(index)".utf8), services: ["/a", "/b"], status: 200, fault: nil)
            }
            #expect(journal.entries.map(\.sequence) == [3, 4, 5])
            #expect(journal.entries.map(\.bodyText) == ["3", "4", "5"])
            #expect(journal.counts == ["/a": 5, "/b": 5])
            #expect(journal.totalRequests == 5)
            let big = [UInt8](repeating: 65, count: RequestJournal.maximumBodyBytes + 10)
            journal.record(method: "POST", path: "/x", body: big, services: [], status: 200, fault: nil)
            #expect(journal.entries.last?.bodyTruncated == true)
            #expect(journal.entries.last?.body.count == RequestJournal.maximumBodyBytes)
            journal.clear()
            #expect(journal.entries.isEmpty && journal.counts.isEmpty)
        }
    }
}
