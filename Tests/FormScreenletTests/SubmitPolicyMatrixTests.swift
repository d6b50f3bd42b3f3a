import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Sync
import TermletsTestSupport
import Testing

/// Every submit policy, online and with the emulator offline (its `offline` fault), for a new
/// record through the form screenlet; whatever was queued reaches the portal once by sync.
@Suite("Form screenlet: every submit policy, online and offline", .serialized)
struct SubmitPolicyMatrixTests {
    @Test(arguments: [SubmitPolicy.remoteOnly, .remoteFirst, .cacheFirst, .cacheOnly], [false, true])
    func aNewRecord(policy: SubmitPolicy, offline: Bool) async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40003; $0.submitPolicy = policy; $0.loadPolicy = .remoteFirst }
            try await screenlet.loadForm()
            let name = "Policy \(policy.rawValue) \(offline ? "offline" : "online")"
            try await screenlet.setValue(.string(name), of: "Name")
            await harness.setOffline(offline)

            let outcome: FormSubmitOutcome
            do {
                outcome = try await screenlet.submitForm()
            } catch let error as PortalError {
                #expect(policy == .remoteOnly && offline, "only remote-only fails offline: \(error)")
                #expect(error.kind == .network)
                #expect(try harness.queue.items().isEmpty, "remote-only queues nothing")
                return
            }
            switch outcome {
            case .submitted(let recordId, _, let added):
                #expect(!offline && policy != .cacheOnly, "\(policy.rawValue) sent at once")
                #expect(added)
                #expect(try await harness.session.record(id: recordId).values["Name"]?.stringValue == name)
            case .queued(let queueId):
                #expect(offline || policy == .cacheOnly, "\(policy.rawValue) queued")
                #expect(try harness.queue.item(queueId)?.state == .dirty)
                await harness.setOffline(false)
                let summary = try await SyncEngine(queue: harness.queue, session: harness.session).run()
                #expect(summary.synced == 1)
                #expect(summary.pending == 0)
            case .saved:
                Issue.record("the portal's form screenlet never saves locally")
            }
            #expect(try await Self.contacts(harness, named: name) == 1, "exactly once on the portal")
        }
    }

    /// How many Contacts records are named `name`.
    static func contacts(_ harness: FormHarness, named name: String) async throws -> Int {
        let (records, _) = try await harness.session.records(recordSetId: 40003, start: 0, end: 100, withCount: false)
        return records.filter { $0.values["Name"]?.stringValue == name }.count
    }
}
