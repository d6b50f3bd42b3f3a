import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Sync
import TermletsTestSupport
import Testing

/// Records the form queues offline reach the portal through the sync engine exactly as an online
/// submit sends them: the write's own workflow action, repeatable fields as instances.
@Suite("Form screenlet: queued submits through the sync engine", .serialized)
struct QueuedSubmitSyncTests {
    /// The `fieldsMap` of every `add-record` command the portal received, in order.
    static func addedFieldsMaps(_ harness: FormHarness) throws -> [JSONValue] {
        try harness.emulator.journal.filter { $0.path.hasPrefix("/api/jsonws/invoke") && $0.status == 200 }.flatMap { entry in
            try JSONValue.parse(bytes: entry.body).arrayValue?.compactMap { command -> JSONValue? in
                guard let (path, params) = command.objectValue?.first, path.hasSuffix("/add-record") else { return nil }
                return params["fieldsMap"]
            } ?? []
        }
    }

    @Test func aQueuedDraftStaysADraftAndAQueuedPublishIsApproved() async throws {
        try await withHarness { harness in
            var queued: [(queueId: String, name: String, status: Int)] = []
            for (draft, status) in [(true, 2), (false, 0)] {
                let screenlet = harness.screenlet { $0.recordSetId = 40003; $0.submitPolicy = .cacheOnly }
                try await screenlet.loadForm()
                let name = draft ? "Queued draft" : "Queued publish"
                try await screenlet.setValue(.string(name), of: "Name")
                guard case .queued(let queueId) = try await screenlet.submitForm(draft: draft) else {
                    Issue.record("expected a queued submit")
                    return
                }
                queued.append((queueId, name, status))
            }
            let summary = try await SyncEngine(queue: harness.queue, session: harness.session).run()
            #expect(summary.synced == 2)
            #expect(summary.failed == 0)
            for write in queued {
                let done = try #require(try harness.queue.item(write.queueId))
                let recordId = try #require(done.result?["recordId"]?.int64Value)
                let stored = try await harness.session.record(id: recordId)
                #expect(stored.values["Name"]?.stringValue == write.name)
                #expect(stored.attributes["status"]?.intValue == write.status, "\(write.name): status on the portal")
            }
        }
    }

    @Test func aQueuedRepeatableFieldReachesThePortalAsItsInstances() async throws {
        try await withHarness { harness in
            func fill(_ screenlet: FormScreenlet, title: String) async throws {
                try await screenlet.loadForm()
                try await screenlet.setValue(.string(title), of: "Title")
                try await screenlet.setValue(.string("+34 600 000 001"), of: "Phone")
                try await screenlet.addInstance(of: "Phone")
                try await screenlet.setValue(.string("+34 600 000 002"), of: "Phone", instance: 1)
                try await screenlet.setValue(.options(["red", "blue"]), of: "Colours")
            }
            let offline = harness.screenlet { $0.recordSetId = 40001; $0.submitPolicy = .cacheOnly }
            try await fill(offline, title: "Repeated")
            // What an online submit sends: the form model's own fieldsMap.
            let model = try #require(await offline.state.model)
            let online = JSONValue.object(model.fieldsMap(for: .v7))
            #expect(online["Phone"] == ["+34 600 000 001", "+34 600 000 002"])
            guard case .queued(let queueId) = try await offline.submitForm() else {
                Issue.record("expected a queued submit")
                return
            }
            let summary = try await SyncEngine(queue: harness.queue, session: harness.session).run()
            #expect(summary.synced == 1)

            let maps = try Self.addedFieldsMaps(harness)
            try #require(maps.count == 1)
            #expect(maps[0] == online, "the sync sends what the online submit sends")

            // Round trip: the synced record loads with both instances.
            let recordId = try #require(try harness.queue.item(queueId)?.result?["recordId"]?.int64Value)
            let reader = harness.screenlet { $0.recordSetId = 40001; $0.recordId = recordId }
            try await reader.loadRecord()
            let loaded = try #require(await reader.state.model)
            #expect(loaded.instances(of: "Phone") == [.string("+34 600 000 001"), .string("+34 600 000 002")])
            #expect(loaded.value(of: "Colours") == .options(["red", "blue"]))
        }
    }

    @Test func theFormSendsNowThroughTheSyncEnginesSender() async throws {
        try await withHarness { harness in
            // A remote-first submit sends at once with the engine's sender: the add carries the
            // queued write's uuid, exactly as a later sync would.
            let screenlet = harness.screenlet { $0.recordSetId = 40003; $0.submitPolicy = .remoteFirst }
            try await screenlet.loadForm()
            try await screenlet.setValue(.string("Sent now"), of: "Name")
            guard case .submitted(let recordId, let status, _) = try await screenlet.submitForm(draft: true) else {
                Issue.record("expected a submitted record")
                return
            }
            #expect(status == 2)
            let done = try harness.queue.items(in: [.done])
            let write = try #require(done.first { $0.result?["recordId"]?.int64Value == recordId })
            let stored = try await harness.session.record(id: recordId)
            #expect(stored.attributes["uuid"]?.stringValue == write.uuid)
        }
    }
}
