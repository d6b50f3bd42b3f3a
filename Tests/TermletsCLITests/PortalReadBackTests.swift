import DDM
import Foundation
import Testing
import TermletsTestSupport

/// The end-to-end tests' independent reader (`PortalReadBack`) sees what the portal holds: a record
/// submitted through the real binary appears once, with the values typed, and the reader's ids
/// agree with the binary's own listing of the same record set.
@Suite struct PortalReadBackTests {
    @Test(.timeLimit(.minutes(5)))
    func readsBackWhatTheBinarySubmitted() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let reader = PortalReadBack(server: portal.url)
        let before = try await reader.records(recordSetId: 40003)
        #expect(!before.isEmpty)
        #expect(try await reader.records(recordSetId: 40003, where: "Name", is: "Read Back Person").isEmpty)

        let submit = try await home.run(
            ["form", "--record-set-id", "40003", "--set", "Name=Read Back Person", "--submit", "--format", "json"] + portal.server(),
            environment: ["TERMLETS_PASSWORD": "test"])
        #expect(submit.status == 0, "\(submit.stderr)")

        let added = try await reader.records(recordSetId: 40003, where: "Name", is: "Read Back Person")
        #expect(added.count == 1)
        let listed = try await portal.records(40003).compactMap { $0["recordId"]?.int64Value }
        #expect(Set(listed) == Set(try await reader.records(recordSetId: 40003).map(\.recordId)))
    }

    @Test(.timeLimit(.minutes(5)))
    func aWrongPasswordIsAnErrorNotAnEmptyList() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        await #expect(throws: (any Error).self) {
            _ = try await PortalReadBack(server: portal.url, password: "wrong").records(recordSetId: 40003)
        }
    }
}
